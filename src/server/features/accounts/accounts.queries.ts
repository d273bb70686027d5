import { eq, and, lt, ne, or, sql } from 'drizzle-orm';
import { canonicalEmail } from '#shared/email.ts';
import type { Language, Role } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/**
 * The account of an address as its inbox reads it (a.b+x@gmail.com finds ab@gmail.com's account);
 * the exact address first, for a legacy second account of one inbox.
 */
export async function findUserByEmail(db: Db, email: string) {
  const exact = email.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, exact), eq(users.emailCanonical, canonicalEmail(exact))))
    .orderBy(sql`${users.email} = ${exact} desc`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function createUser(db: Db, input: { name: string; email: string; role: Role; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** An official's scope from a registration code (features/prisons); absent for the others. */
export interface OfficialScope {
  prisonId?: string | null;
  scopeState?: string | null;
  scopeDistrict?: string | null;
  codeId?: string | null;
}

/**
 * The notice a sign-up accepted, and a minor's parent with the hash and expiry of the parent's link
 * (docs/decisions/0053-notice-and-consent.md); absent for rows made otherwise.
 */
export interface SignupConsent {
  noticeVersion?: string | null;
  parentEmail?: string | null;
  parentTokenHash?: string | null;
  parentTokenExpiresAt?: Date | null;
}

/** The users columns of a sign-up's choices (the code's id stays with the link). */
function accountFields(
  input: { name: string; email: string; role: Role; passwordHash: string; language: Language | null } & OfficialScope & SignupConsent,
) {
  return {
    name: input.name,
    email: input.email,
    role: input.role,
    passwordHash: input.passwordHash,
    language: input.language,
    prisonId: input.prisonId ?? null,
    scopeState: input.scopeState ?? null,
    scopeDistrict: input.scopeDistrict ?? null,
    noticeVersion: input.noticeVersion ?? null,
    noticeAcceptedAt: input.noticeVersion ? new Date() : null,
    noticeWithdrawnAt: null,
    // A new sign-up starts the parent's confirmation again (a different parent, or none).
    parentEmail: input.parentEmail ?? null,
    parentTokenHash: input.parentTokenHash ?? null,
    parentTokenExpiresAt: input.parentTokenExpiresAt ?? null,
    parentConsentedAt: null,
  };
}

/**
 * Creates the user, not yet confirmed (sign-up), or returns undefined when the address is taken
 * (nothing is written then).
 */
export async function createUserUnlessTaken(
  db: Db,
  input: { name: string; email: string; role: Role; passwordHash: string; language: Language | null } & OfficialScope & SignupConsent,
) {
  const [row] = await db
    .insert(users)
    .values({ ...accountFields(input), email: input.email.toLowerCase(), confirmedAt: null })
    // Taken when the address or its inbox (users_email_canonical_unique) has an account.
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * A new sign-up of an address whose account was never opened replaces the earlier one's choices:
 * whoever signed up last decides what a resent link opens (the link of each sign-up carries its own).
 */
export async function replaceUnconfirmedSignup(
  db: Db,
  userId: string,
  input: { name: string; email: string; role: Role; passwordHash: string; language: Language | null } & OfficialScope & SignupConsent,
) {
  await db
    .update(users)
    .set({ ...accountFields(input), email: input.email.toLowerCase() })
    .where(and(eq(users.id, userId), sql`${users.confirmedAt} is null`));
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user except, optionally, the one in use. */
export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

/** Removes a user's expired sessions (the housekeeping a new session does). */
export async function deleteExpiredSessions(db: Db, userId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
}

/**
 * Marks the account's address as proven (kept as first proven) and returns the account. A sign-up's
 * choices, when given, become the account's, only while it is not opened yet.
 */
export async function confirmUser(
  db: Db,
  userId: string,
  signup?: {
    email: string;
    name: string;
    role: Role;
    passwordHash: string;
    language: string | null;
    parentEmail?: string | null;
  } & OfficialScope,
) {
  const [row] = await db
    .update(users)
    .set({
      confirmedAt: sql`coalesce(${users.confirmedAt}, now())`,
      ...(signup
        ? {
            email: sql`case when ${users.confirmedAt} is null then ${signup.email} else ${users.email} end`,
            name: sql`case when ${users.confirmedAt} is null then ${signup.name} else ${users.name} end`,
            role: sql`case when ${users.confirmedAt} is null then ${signup.role} else ${users.role} end`,
            passwordHash: sql`case when ${users.confirmedAt} is null then ${signup.passwordHash} else ${users.passwordHash} end`,
            language: sql`case when ${users.confirmedAt} is null then ${signup.language}::text else ${users.language} end`,
            prisonId: sql`case when ${users.confirmedAt} is null then ${signup.prisonId ?? null}::uuid else ${users.prisonId} end`,
            scopeState: sql`case when ${users.confirmedAt} is null then ${signup.scopeState ?? null}::text else ${users.scopeState} end`,
            scopeDistrict: sql`case when ${users.confirmedAt} is null then ${signup.scopeDistrict ?? null}::text else ${users.scopeDistrict} end`,
            parentEmail: sql`case when ${users.confirmedAt} is null then ${signup.parentEmail ?? null}::text else ${users.parentEmail} end`,
          }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('confirm: the link outlived its account');
  return row;
}
