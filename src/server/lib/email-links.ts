// Emailed single-use links, hashed at rest (tokens.ts): the password reset (30 minutes,
// docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong) and the
// email confirmation that opens a new account (24 hours, docs/decisions/0018-signup-confirm-by-email-link.md).
// One table (password_resets, with its purpose), one token maker, one way to spend a link.
import { and, eq, gt, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import { CONFIRM_LINK_HOURS } from '#shared/constants.ts';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import { RESET_LINK_MINUTES } from '#shared/passwords.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, users, type PendingSignup } from '../db/schema.ts';
import { canonicalEmail } from '#shared/email.ts';
import { renderEmailText } from './messages.ts';
import { EMAIL_PRIORITY } from './outbox.ts';
import { newToken, sha256Hex } from './tokens.ts';

export type LinkPurpose = 'reset' | 'confirm';

const LINKS = {
  reset: { path: '/reset-password', minutes: RESET_LINK_MINUTES, audit: 'account.password_reset_requested' },
  confirm: { path: '/confirm-email', minutes: CONFIRM_LINK_HOURS * 60, audit: 'account.confirmation_sent' },
} as const;

/** The address the emailed link opens: the page that asks the server (never a GET that acts). */
export function linkUrl(purpose: LinkPurpose, token: string, publicUrl: string): string {
  const link = new URL(LINKS[purpose].path, publicUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The link's email in one language. */
export function linkEmail(purpose: LinkPurpose, user: { name: string; language?: string | null }, link: string) {
  return purpose === 'reset'
    ? renderEmailText(user.language, 'password_reset', { link, minutes: String(RESET_LINK_MINUTES) }, { name: user.name })
    : renderEmailText(user.language, 'account_confirm', { link, hours: String(CONFIRM_LINK_HOURS) }, { name: user.name });
}

const expiry = (purpose: LinkPurpose, now = new Date()) => new Date(now.getTime() + LINKS[purpose].minutes * 60_000);

/**
 * A new link for a known account, in the caller's transaction; returns the absolute URL to email.
 * A sign-up's confirmation link carries that sign-up's choices (`signup`).
 */
export async function createLink(db: Db, userId: string, purpose: LinkPurpose, publicUrl: string, signup?: PendingSignup): Promise<string> {
  const token = newToken();
  await db.insert(passwordResets).values({ id: sha256Hex(token), userId, purpose, expiresAt: expiry(purpose), signup: signup ?? null });
  return linkUrl(purpose, token, publicUrl);
}

/** Once an account is open, the other confirmation links of its earlier sign-ups are dead. */
export async function deleteOtherConfirmLinks(db: Db, userId: string) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.purpose, 'confirm'), isNull(passwordResets.usedAt)));
}

/** Housekeeping: the account's links that can no longer be used. */
export async function deleteDeadLinks(db: Db, userId: string) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, new Date()))));
}

/** Where the account's name goes in the email (filled in by the database). */
const NAME_SLOT = '{{name}}';

/**
 * Emails a link to whoever owns `email`, doing the same work whether or not anyone does: one
 * transaction of three INSERT … SELECT statements that each find the account by the unique email
 * index and write one row, or none. The token is made and the email rendered either way.
 * A confirmation link goes only to an account not yet confirmed; `send: false` runs the same
 * statements and writes nothing (a failed sign-in, so it costs what a right password on an
 * unconfirmed account costs).
 */
export async function sendLinkIfAccount(db: Db, email: string, purpose: LinkPurpose, publicUrl: string, send = true) {
  const token = newToken();
  const link = linkUrl(purpose, token, publicUrl);
  const mails = Object.fromEntries(
    LANGUAGES.map((language) => [language, linkEmail(purpose, { name: NAME_SLOT, language }, link)]),
  ) as Record<Language, ReturnType<typeof linkEmail>>;
  const address = email.trim().toLowerCase();
  const now = new Date();
  // The account of the address as its inbox reads it (a.b+x@gmail.com is ab@gmail.com's).
  const owner = sql`(${users.email} = ${address} or ${users.emailCanonical} = ${canonicalEmail(address)}) and ${send}::boolean and (${purpose} = 'reset' or ${users.confirmedAt} is null)`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${passwordResets} (id, user_id, purpose, expires_at)
      select ${sha256Hex(token)}, id, ${purpose}, ${expiry(purpose, now).toISOString()}::timestamptz from ${users} where ${owner}`);
    // The email in the account's saved language, chosen by the database from one rendering per language.
    const rows = sql.join(
      LANGUAGES.map((lang) => sql`(${lang}, ${mails[lang].subject}, ${mails[lang].text})`),
      sql`, `,
    );
    // Urgent: someone is waiting for this link (docs/decisions/0035-outbox-throughput.md).
    await tx.execute(sql`
      insert into email_outbox ("to", subject, text, next_attempt_at, priority)
      select ${users.email}, m.subject, replace(m.text, ${NAME_SLOT}, ${users.name}), ${now.toISOString()}::timestamptz, ${EMAIL_PRIORITY.urgent}::smallint
      from ${users}
      join (values ${rows}) as m(lang, subject, text)
        on m.lang = case when ${users.language} in (${sql.join(
          LANGUAGES.map((lang) => sql`${lang}`),
          sql`, `,
        )}) then ${users.language} else 'en' end
      where ${owner}`);
    await tx.execute(sql`
      insert into audit_events (actor_id, action, subject)
      select id, ${LINKS[purpose].audit}, id::text from ${users} where ${owner}`);
  });
}

/** The link behind `token` if it is of this purpose, unused and unexpired. */
export async function findValidLink(db: Db, token: string, purpose: LinkPurpose) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, signup: passwordResets.signup })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.id, sha256Hex(token)),
        eq(passwordResets.purpose, purpose),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Spends a link (by its stored id) in the caller's transaction and returns its account's id, or
 * undefined when it is not of this purpose, used or expired. The conditional update makes it
 * single-use even when two requests race: only one of them gets the row back.
 */
export async function spendLink(db: Db, linkId: string, purpose: LinkPurpose): Promise<string | undefined> {
  const [spent] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.id, linkId),
        eq(passwordResets.purpose, purpose),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return spent?.userId;
}

/** The stored id of an emailed token. */
export const linkId = (token: string) => sha256Hex(token);
