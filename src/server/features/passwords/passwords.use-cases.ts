// A password reset's one change: the link spent, the password set, every session ended, with its audit
// entry, in one transaction (the route checks the link and calls this).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { spendLink } from '../../lib/email-links.ts';
import { deleteSessionsOfUser } from '../accounts/accounts.queries.ts';

/**
 * Spends the link and sets the password in one transaction (single-use even when two requests race).
 * The link came to the account's mailbox, so a reset also confirms an account not confirmed yet
 * (docs/decisions/0018-signup-confirm-by-email-link.md).
 */
export async function completePasswordReset(db: Db, resetId: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await spendLink(tx, resetId, 'reset');
    if (!userId) return false;
    await tx
      .update(users)
      .set({ passwordHash, confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
      .where(eq(users.id, userId));
    // Every session ends; the user's other outstanding links die with the old password.
    await deleteSessionsOfUser(tx, userId);
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await audit(tx, userId, 'account.password_reset', userId);
    return true;
  });
}
