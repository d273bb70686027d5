// The account's changes: a sign-up recorded (with its emailed link or notice) and an account opened
// by its link (with its session), each with its audit entry in one transaction
// (docs/decisions/0033-security-probe-fixes.md). The routes check input and limits and call these.
import { timingSafeEqual } from 'node:crypto';
import type { Role } from '#shared/constants.ts';
import type { Language } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import type { PendingSignup } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { findActiveCode } from '../prisons/prisons.queries.ts';
import { createLink, deleteDeadLinks, deleteOtherConfirmLinks, spendLink } from '../../lib/email-links.ts';
import { createSession } from '../../plugins/auth.ts';
import { tellConfirmLink, tellExistingAccount, tellParent } from './accounts.emails.ts';
import { confirmUser, createUserUnlessTaken, findUserByEmail, replaceUnconfirmedSignup } from './accounts.queries.ts';
import { PARENT_LINK_DAYS } from '#shared/privacy.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';

/** The parent's page for an emailed token. */
export function parentLinkUrl(token: string, publicUrl: string): string {
  const link = new URL('/parent-consent', publicUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The unopened minor's account behind a parent's token, while the link is good. */
export async function findParentLink(db: Db, token: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, parentEmail: users.parentEmail, consentedAt: users.parentConsentedAt })
    .from(users)
    .where(and(eq(users.parentTokenHash, sha256Hex(token)), isNotNull(users.parentEmail), gt(users.parentTokenExpiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/**
 * The parent confirms: recorded once with the time (the link keeps working until it expires, answering
 * that it is confirmed, so a second tap is harmless). Undefined for a bad or expired link.
 */
export async function confirmParent(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const child = await findParentLink(tx, token);
    if (!child) return undefined;
    if (!child.consentedAt) {
      await tx
        .update(users)
        .set({ parentConsentedAt: sql`now()` })
        .where(eq(users.id, child.id));
      await audit(tx, null, 'account.parent_consented', child.id, { parentEmail: child.parentEmail ?? '' });
    }
    return { ...child, confirmed: true };
  });
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * What a registration code gives an official: a Jail-Authority's code names its prison (the
 * deployment-wide JAIL_AUTHORITY_CODE gives an account of no one prison, as before prisons had codes),
 * a DLSA's its district (docs/decisions/0046-prisoner-and-prisons.md). 403 bad_registration_code otherwise.
 */
export async function officialScope(db: Db, role: Role, code: string, deploymentJailCode: string) {
  const none = { prisonId: null, scopeState: null, scopeDistrict: null, codeId: null };
  const wrong = () => new AppError(403, 'bad_registration_code', `The ${role} registration code is not correct.`);
  if (role !== 'Jail-Authority' && role !== 'DLSA') return none;
  if (role === 'Jail-Authority' && sameSecret(code, deploymentJailCode)) return none;
  const found = await findActiveCode(db, code.trim().toUpperCase());
  if (role === 'Jail-Authority' && found?.kind === 'jail' && found.prisonId) return { ...none, prisonId: found.prisonId, codeId: found.id };
  if (role === 'DLSA' && found?.kind === 'dlsa' && found.state && found.district)
    return { ...none, scopeState: found.state, scopeDistrict: found.district, codeId: found.id };
  throw wrong();
}

interface Choices {
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  language: Language | null;
  /** The privacy notice's version accepted (docs/decisions/0053-notice-and-consent.md). */
  noticeVersion: string;
  /** A minor's parent or guardian; absent for an adult. */
  parentEmail?: string | null;
}

/** A sign-up's choices as its confirmation link keeps them, with a minor's parent. */
export type SignupWithParent = PendingSignup & { parentEmail?: string | null };

/**
 * A sign-up: a new account not opened yet, or an earlier unopened one's choices replaced, with the
 * link that opens it emailed; or, for an opened account, a notice to its owner. Every path runs the
 * same statements, so none takes longer (docs/decisions/0018-signup-confirm-by-email-link.md).
 */
export async function recordSignup(db: Db, input: Choices, publicUrl: string): Promise<void> {
  const email = input.email;
  // A minor's parent gets a link of their own (made on every path, so none takes longer).
  const parentToken = newToken();
  const choices = {
    ...input,
    parentTokenHash: input.parentEmail ? sha256Hex(parentToken) : null,
    parentTokenExpiresAt: input.parentEmail ? new Date(Date.now() + PARENT_LINK_DAYS * 86_400_000) : null,
  };
  await db.transaction(async (tx) => {
    const created = await createUserUnlessTaken(tx, choices);
    // Read back on every path (the new account or the owner's), so each runs the same statements.
    const account = await findUserByEmail(tx, email);
    if (!account) throw new Error('sign-up: address neither free nor taken');
    if (created) await audit(tx, account.id, 'account.created', account.id, { role: account.role });
    else await audit(tx, account.id, 'account.signup_for_existing_address', account.id);
    // Not opened yet: this sign-up replaces an earlier one's choices (for an opened account the
    // statement changes nothing, and runs all the same), and its link carries its own, so only
    // the person who chose them (and reads the inbox) opens the account with them.
    await replaceUnconfirmedSignup(tx, account.id, choices);
    if (!account.confirmedAt) {
      const { parentTokenHash: _hash, parentTokenExpiresAt: _expires, noticeVersion: _notice, ...kept } = choices;
      const link = await createLink(tx, account.id, 'confirm', publicUrl, kept);
      await tellConfirmLink(tx, { ...account, ...choices }, link);
      if (input.parentEmail) {
        await tellParent(
          tx,
          { child: account.name, childEmail: account.email, parentEmail: input.parentEmail, language: choices.language },
          parentLinkUrl(parentToken, publicUrl),
        );
        await audit(tx, account.id, 'account.parent_link_sent', account.id);
      }
    } else {
      // The housekeeping a new link would replace: the same statements either way.
      await deleteDeadLinks(tx, account.id);
      await tellExistingAccount(tx, account, publicUrl);
    }
  });
}

/** Spends the link and opens its account with its sign-up's choices, with a new session; undefined when the link was spent meanwhile. */
export function openAccount(db: Db, linkId: string, signup: SignupWithParent | undefined, sessionTtlHours: number) {
  return db.transaction(async (tx) => {
    const userId = await spendLink(tx, linkId, 'confirm');
    if (!userId) return undefined;
    const user = await confirmUser(tx, userId, signup);
    await deleteOtherConfirmLinks(tx, user.id);
    await audit(tx, user.id, 'account.confirmed', user.id, signup ? { role: signup.role } : undefined);
    const session = await createSession(tx, user.id, sessionTtlHours);
    return { user, session };
  });
}
