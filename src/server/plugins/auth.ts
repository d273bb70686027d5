// Sessions and the role check. Every /api route declares `config.roles` (route-guard.ts refuses to
// register one that does not); this plugin finds the signed-in user and enforces those roles.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/accounts.ts';
import { secondFactorRequiredFor, type SecondFactorStep } from '#shared/second-factor.ts';
import { secondFactors, sessions, sessionSecondFactors, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { preparedSelect } from '../db/prepared.ts';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';
import { newToken, sha256Hex } from '../lib/tokens.ts';
import { isApiRoute } from './route-guard.ts';
import { SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'rihaai_session';

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  language: users.language,
  prisonId: users.prisonId,
  scopeState: users.scopeState,
  scopeDistrict: users.scopeDistrict,
};

type UserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  language: string | null;
  prisonId?: string | null;
  scopeState?: string | null;
  scopeDistrict?: string | null;
};

export function toUser(row: UserRow): User {
  const language = row.language as User['language'];
  const user: User = { id: row.id, name: row.name, email: row.email, role: row.role, language: language ?? null };
  // A jail authority of one prison sees that prison's records only (docs/decisions/0047-jail-sees-its-own-prison.md).
  if (row.role === 'Jail-Authority' && row.prisonId) user.prisonId = row.prisonId;
  // A DLSA sees its district's prisons only; read with the session, so its lists need no query of their own.
  if (row.role === 'DLSA' && row.scopeState && row.scopeDistrict) user.district = { state: row.scopeState, district: row.scopeDistrict };
  return user;
}

export async function createSession(db: Db, userId: string, ttlHours: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  // Both times from this process's clock, as the idle check compares them with (findSessionUser).
  await db.insert(sessions).values({ id: sha256Hex(token), userId, expiresAt, lastSeenAt: new Date() });
  // Housekeeping: this user's expired sessions go when a new one starts.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.deps.env.PUBLIC_URL.startsWith('https:'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** A session's last request is written at most this often (one small write a minute per session). */
const SEEN_RESOLUTION_MS = 60_000;

/**
 * The user of a live session, from the session cookie's token; undefined for none, an expired one,
 * or one idle longer than `idleMinutes` (decision 0033, probe defect 8: a forgotten session on a shared phone
 * or a jail PC ends by itself).
 */
export async function findSessionUser(
  db: Db,
  token: string | undefined,
  idleMinutes = DEFAULT_IDLE_MINUTES,
  /** Given for a read: a check this instance made a moment ago may answer (session-cache.ts). */
  cache?: SessionCache,
): Promise<{ user: User; sessionId: string } | undefined> {
  if (!token || token.length > 100) return undefined;
  const id = sha256Hex(token);
  const idleMs = idleMinutes * 60_000;
  const kept = cache?.get(id, idleMs);
  if (kept) return { user: kept.user, sessionId: id };
  const mark = cache?.mark();
  const now = Date.now();
  const [row] = await sessionUser(db).execute({
    id,
    now: new Date(now).toISOString(),
    idleSince: new Date(now - idleMs).toISOString(),
  });
  if (!row) return undefined;
  let lastSeenAt = new Date(row.lastSeenAt).getTime();
  if (now - lastSeenAt > SEEN_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
    lastSeenAt = now;
  }
  const user: User = { ...toUser(row), ...stepOf(row) };
  if (cache && mark !== undefined) cache.put(mark, { user, sessionId: id, expiresAt: new Date(row.expiresAt).getTime(), lastSeenAt });
  return { user, sessionId: id };
}

/**
 * What the session still needs before any data (docs/decisions/0043-second-factor-for-officials.md):
 * officials always a second factor, a family member only once they added one; none once passed.
 */
function stepOf(row: { role: Role; enrolled: string | null; passed: string | null }): { secondFactor?: SecondFactorStep } {
  if (row.passed !== null || !(row.enrolled !== null || secondFactorRequiredFor(row.role))) return {};
  return { secondFactor: row.enrolled !== null ? 'verify' : 'enrol' };
}

/** 403 on every route but the second factor's own (`config.beforeSecondFactor`) until the session passes it. */
export const secondFactorRequired = () =>
  new AppError(403, 'second_factor_required', 'Set up your second factor, or enter its code, before anything else.');

/** The default of SESSION_IDLE_MINUTES (env.ts), for callers without the configuration. */
export const DEFAULT_IDLE_MINUTES = 12 * 60;

// Every /api request runs this: built once (db/prepared.ts).
const sessionUser = preparedSelect((db) =>
  db
    .select({
      ...userColumns,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      enrolled: secondFactors.userId,
      passed: sessionSecondFactors.sessionId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(secondFactors, and(eq(secondFactors.userId, users.id), isNotNull(secondFactors.enabledAt)))
    .leftJoin(sessionSecondFactors, eq(sessionSecondFactors.sessionId, sessions.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1),
);

/** The signed-in user, or 401. */
export function requireUser(req: FastifyRequest): User {
  if (!req.user) throw unauthenticated();
  return req.user;
}

/** Reads may reuse a session check; a write always checks the database (docs/decisions/0065-session-check-cache.md). */
const READS = new Set(['GET', 'HEAD']);

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cache = new SessionCache(
    app.deps.authChanges,
    (err) => app.log.warn({ err }, 'stopped hearing of session changes: every request checks the database until heard again'),
    Date.now,
    app.deps.env.SESSION_CHECK_REUSE_SECONDS * 1000,
  );
  app.decorate('sessionCache', cache);
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
  // A write by a session (signing out, a second factor passed, a profile changed) may change what its
  // check reads: this instance forgets it before the answer leaves, so the next request checks again.
  // Other instances hear of it from the database.
  app.addHook('onSend', async (req) => {
    if (req.sessionId && !READS.has(req.method)) cache.forget(req.sessionId);
  });

  app.addHook('onRequest', async (req) => {
    // Static files and the SPA shell need no user: no session query for them. Decided by the
    // matched route, never the raw URL (route-guard.ts isApiRoute).
    if (!isApiRoute(req)) return;
    const found = await findSessionUser(
      app.deps.db,
      req.cookies[SESSION_COOKIE],
      app.deps.env.SESSION_IDLE_MINUTES,
      READS.has(req.method) ? cache : undefined,
    );
    if (found) {
      req.user = found.user;
      req.sessionId = found.sessionId;
    }
    const roles = req.routeOptions.config?.roles;
    // A matched /api route always declares roles (route-guard.ts refuses to register one that
    // does not, and its own hook refuses to serve one): fail closed all the same.
    if (roles === undefined) throw forbidden();
    if (roles === 'public') return;
    if (!req.user) throw unauthenticated();
    if (roles !== 'signed-in' && !roles.includes(req.user.role)) throw forbidden();
    // Nothing but the second factor's own routes until it is passed in this session.
    if (req.user.secondFactor && req.routeOptions.config?.beforeSecondFactor !== true) throw secondFactorRequired();
  });
});
