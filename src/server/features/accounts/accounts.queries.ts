import { eq, and, lt, ne, sql } from 'drizzle-orm';
import type { Language, Role } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
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

/**
 * Creates the user, not yet confirmed (sign-up), or returns undefined when the address is taken
 * (nothing is written then).
 */
export async function createUserUnlessTaken(
  db: Db,
  input: { name: string; email: string; role: Role; passwordHash: string; language: Language | null },
) {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase(), confirmedAt: null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
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

/** Marks the account's address as proven (kept as first proven) and returns the account. */
export async function confirmUser(db: Db, userId: string) {
  const [row] = await db
    .update(users)
    .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('confirm: the link outlived its account');
  return row;
}
