import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_LINK_MINUTES } from '#shared/passwords.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { renderEmailText } from '../../lib/messages.ts';
import { audit } from '../../lib/audit.ts';
import { deleteSessionsOfUser } from '../accounts/accounts.queries.ts';

/**
 * The reset email in the account's saved language. Rendered here, not queued through lib/notify.ts: the
 * database picks one of the five renderings, so an unknown address costs the same work as a known one.
 */
export function resetEmail(user: { name: string; language?: string | null }, link: string) {
  return renderEmailText(user.language, 'password_reset', { link, minutes: String(RESET_LINK_MINUTES) }, { name: user.name });
}

/**
 * Starts a reset for whoever owns `email`, doing the same work whether or not anyone does
 *: one transaction of three INSERT … SELECT statements that each find the account
 * by the unique email index and write one row, or none. The token is made either way.
 */
export async function startPasswordReset(db: Db, email: string, publicUrl: string) {
  const token = newToken();
  const link = new URL('/reset-password', publicUrl);
  link.searchParams.set('token', token);
  const mails = Object.fromEntries(
    LANGUAGES.map((language) => [language, resetEmail({ name: NAME_SLOT, language }, link.toString())]),
  ) as Record<(typeof LANGUAGES)[number], ReturnType<typeof resetEmail>>;
  const address = email.trim().toLowerCase();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${passwordResets} (id, user_id, expires_at)
      select ${sha256Hex(token)}, id, ${expiresAt.toISOString()}::timestamptz from ${users} where email = ${address}`);
    // The email in the account's saved language, chosen by the database from all five renderings.
    const rows = sql.join(
      LANGUAGES.map((lang) => sql`(${lang}, ${mails[lang].subject}, ${mails[lang].text})`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into email_outbox ("to", subject, text, next_attempt_at)
      select u.email, m.subject, replace(m.text, ${NAME_SLOT}, u.name), ${now.toISOString()}::timestamptz
      from ${users} u
      join (values ${rows}) as m(lang, subject, text)
        on m.lang = case when u.language in ('hi', 'es', 'fr', 'de') then u.language else 'en' end
      where u.email = ${address}`);
    await tx.execute(sql`
      insert into audit_events (actor_id, action, subject)
      select id, 'account.password_reset_requested', id::text from ${users} where email = ${address}`);
  });
}

/** Where the account's name goes in the reset email (filled in by the database). */
const NAME_SLOT = '{{name}}';
const LANGUAGES = ['en', 'hi', 'es', 'fr', 'de'] as const;

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
