import { eq, and, lt, ne } from 'drizzle-orm';
import type { Role } from '#shared/constants.ts';
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

/** Creates the user, or returns undefined when the address is taken (nothing is written then). */
export async function createUserUnlessTaken(db: Db, input: { name: string; email: string; role: Role; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
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
