import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_LINK_MINUTES } from '#shared/passwords.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { enqueueEmail } from '../../lib/outbox.ts';
import { audit } from '../../lib/audit.ts';
import { deleteSessionsOfUser } from '../accounts/accounts.queries.ts';

export function resetEmail(name: string, link: string) {
  return {
    subject: 'Reset your Rihaai password',
    text: [
      `Dear ${name},`,
      '',
      'Someone (we hope you) asked to set a new password for your Rihaai account. Open this link to choose one:',
      '',
      link,
      '',
      `The link works once and expires in ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
      '',
      'The Rihaai team',
    ].join('\n'),
  };
}

/** Creates a single-use reset token for the user and queues the email with the link, in one transaction. */
export async function startPasswordReset(db: Db, user: { id: string; name: string; email: string }, publicUrl: string) {
  const token = newToken();
  const link = new URL('/reset-password', publicUrl);
  link.searchParams.set('token', token);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      id: sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    await enqueueEmail(tx, { to: user.email, ...resetEmail(user.name, link.toString()) });
    await audit(tx, user.id, 'account.password_reset_requested', user.id);
  });
}

/** The user a token belongs to, if it is unused and unexpired. */
export async function findValidReset(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.id, sha256Hex(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .limit(1);
  return row;
}

/**
 * Spends the token and sets the password in one transaction. The conditional update makes the
 * token single-use even when two requests race: only one of them gets the row back.
 */
export async function completePasswordReset(db: Db, resetId: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!spent) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    // Every session ends; the user's other outstanding links die with the old password.
    await deleteSessionsOfUser(tx, spent.userId);
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await audit(tx, spent.userId, 'account.password_reset', spent.userId);
    return true;
  });
}
