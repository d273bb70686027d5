import { and, count, eq, gt } from 'drizzle-orm';
import type { SendContactMessage } from '#shared/contact.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { enqueueEmail } from '../../lib/outbox.ts';
import { renderEmailText } from '../../lib/messages.ts';
import { audit } from '../../lib/audit.ts';

/**
 * At most this many auto-replies a day to one address: the form must not become a way to flood
 * a stranger's inbox with mail from us. Beyond it the message is still delivered, without auto-reply.
 */
export const AUTO_REPLIES_PER_ADDRESS_PER_DAY = 3;

/** To the operator (CONTACT_TO, no account): in English, the operators' working language. */
export function operatorEmail(input: SendContactMessage & { userId: string }) {
  const { subject, text } = renderEmailText(
    'en',
    'contact_operator',
    { sender: input.name, email: input.email, userId: input.userId, message: input.message },
    { name: 'Rihaai support' },
  );
  return { subject, text };
}

/** To the sender, in their saved language. */
export function autoReplyEmail(name: string, language: string | null = null) {
  const { subject, text } = renderEmailText(language, 'contact_auto_reply', {}, { name });
  return { subject, text };
}

/** Stores the message and queues both emails in one transaction; the auto-reply may fail alone. */
export async function sendContactMessage(
  db: Db,
  input: SendContactMessage & { userId: string; operatorEmail: string; language?: string | null },
): Promise<{ id: string; autoReply: boolean }> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, new Date(Date.now() - 24 * 3_600_000))));
    const [row] = await tx
      .insert(contactMessages)
      .values({ userId: input.userId, name: input.name, email, message: input.message })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact insert returned nothing');
    await enqueueEmail(tx, { to: input.operatorEmail, ...operatorEmail({ ...input, email }) });
    let autoReply = (recent?.n ?? 0) < AUTO_REPLIES_PER_ADDRESS_PER_DAY;
    if (autoReply) {
      // A savepoint: if queuing the auto-reply fails, the message and the operator's copy still stand.
      autoReply = await tx
        .transaction(async (sp) => {
          await enqueueEmail(sp, { to: email, ...autoReplyEmail(input.name, input.language ?? null) });
          return true;
        })
        .catch(() => false);
    }
    await audit(tx, input.userId, 'contact.sent', row.id, { autoReply });
    return { id: row.id, autoReply };
  });
}
