// The contact form's one use case: the message stored with its emails and audit entry, in one transaction.
import { and, count, eq, gt } from 'drizzle-orm';
import type { SendContactMessage } from '#shared/contact.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { sendEmail } from '../../lib/notify.ts';
import { audit } from '../../lib/audit.ts';

/**
 * At most this many auto-replies a day to one address: the form must not become a way to flood
 * a stranger's inbox with mail from us. Beyond it the message is still delivered, without auto-reply.
 */
export const AUTO_REPLIES_PER_ADDRESS_PER_DAY = 3;

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
    // To the operator (CONTACT_TO, no account): in English, the operators' working language.
    await sendEmail(
      tx,
      { email: input.operatorEmail, name: 'Rihaai support', language: 'en' },
      { kind: 'contact_operator', params: { sender: input.name, email, userId: input.userId, message: input.message } },
    );
    let autoReply = (recent?.n ?? 0) < AUTO_REPLIES_PER_ADDRESS_PER_DAY;
    if (autoReply) {
      // A savepoint: if queuing the auto-reply fails, the message and the operator's copy still stand.
      autoReply = await tx
        .transaction(async (sp) => {
          // To the sender, in their saved language.
          await sendEmail(sp, { email, name: input.name, language: input.language }, { kind: 'contact_auto_reply', params: {} });
          return true;
        })
        .catch(() => false);
    }
    await audit(tx, input.userId, 'contact.sent', row.id, { autoReply });
    return { id: row.id, autoReply };
  });
}
