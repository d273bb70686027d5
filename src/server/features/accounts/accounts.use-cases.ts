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
import { tellConfirmLink, tellExistingAccount } from './accounts.emails.ts';
import { confirmUser, createUserUnlessTaken, findUserByEmail, replaceUnconfirmedSignup } from './accounts.queries.ts';

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
}

/**
 * A sign-up: a new account not opened yet, or an earlier unopened one's choices replaced, with the
 * link that opens it emailed; or, for an opened account, a notice to its owner. Every path runs the
 * same statements, so none takes longer (docs/decisions/0018-signup-confirm-by-email-link.md).
 */
export async function recordSignup(db: Db, choices: Choices, publicUrl: string): Promise<void> {
  const email = choices.email;
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
      const link = await createLink(tx, account.id, 'confirm', publicUrl, choices);
      await tellConfirmLink(tx, { ...account, ...choices }, link);
    } else {
      // The housekeeping a new link would replace: the same statements either way.
      await deleteDeadLinks(tx, account.id);
      await tellExistingAccount(tx, account, publicUrl);
    }
  });
}

/** Spends the link and opens its account with its sign-up's choices, with a new session; undefined when the link was spent meanwhile. */
export function openAccount(db: Db, linkId: string, signup: PendingSignup | undefined, sessionTtlHours: number) {
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
