// The development mailbox's one read: the newest emails of the outbox (docs/decisions/0039-dev-mailbox.md).
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** The page shows this many of the newest emails. */
export const DEV_MAILBOX_PAGE = 50;

export interface MailboxEmail {
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
  nextAttemptAt: Date;
}

/** The newest emails of the outbox, whatever their status, and how many there are in all. */
export async function listMailboxEmails(db: Db, limit = DEV_MAILBOX_PAGE): Promise<{ emails: MailboxEmail[]; total: number }> {
  const emails = await db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  const [row] = await db.select({ n: count() }).from(emailOutbox);
  return { emails, total: row?.n ?? 0 };
}
