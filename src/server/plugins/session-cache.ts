// A short-lived memory of session checks, emptied by the database's own word when anything they
// read changes (docs/decisions/0065-session-check-cache.md).
//
// Every /api request checks its session: one statement joining sessions, users and the second
// factor's two tables, which cost a list as much Node time as its own page. A read (GET, HEAD) may
// use the check this instance made less than TTL_MS ago; a write always checks the database.
// Triggers on those four tables `NOTIFY rihaai_auth` with the session's or the user's id
// (drizzle/objects/functions/auth_changed_notify.sql), and every instance listening drops what it
// kept of that session or user. Fail closed: until the instance listens (and after its listening
// connection is lost, until it listens again) nothing is kept, and every request checks the database.
import type { User } from '#shared/accounts.ts';
import type { DbHandle } from '../db/client.ts';

/** What the database can tell: `listen` calls `onMessage` with each payload, `onLost` once if it stops. */
export interface AuthChanges {
  listen(onMessage: (payload: string) => void, onLost: (err?: Error) => void): Promise<() => Promise<void>>;
}

export interface CachedSession {
  user: User;
  sessionId: string;
  /** Epoch ms: the session's end, and its last request as the database had it when checked. */
  expiresAt: number;
  lastSeenAt: number;
}

interface Entry extends CachedSession {
  checkedAt: number;
}

/** By default a check is reused for at most this long, even when no notice arrives (a fix with triggers off). */
export const TTL_MS = 10_000;
/** At most this many sessions are kept (the oldest checks go first). */
export const MAX_ENTRIES = 20_000;
/** After the listening connection is lost, listening is tried again this often. */
const RELISTEN_MS = 2_000;

export class SessionCache {
  private readonly bySession = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Counts every notice and loss: a check that started before one is not kept (it may be stale). */
  private generation = 0;
  private listening = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly changes: AuthChanges | undefined,
    private readonly onLost: (err?: Error) => void = () => {},
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TTL_MS,
  ) {}

  /** Starts listening; resolves once the first attempt has listened or failed (it is tried again). */
  async start(): Promise<void> {
    if (!this.changes || this.ttlMs <= 0) return;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    this.drop();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten) await unlisten().catch(() => {});
  }

  /** True while notices arrive: only then is anything kept. */
  get active(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.bySession.size;
  }

  /** The generation to hand back to `put`: a check started now is kept only if nothing changed meanwhile. */
  mark(): number {
    return this.generation;
  }

  get(sessionId: string, idleMs: number): CachedSession | undefined {
    if (!this.listening) return undefined;
    const e = this.bySession.get(sessionId);
    if (!e) return undefined;
    const now = this.now();
    if (now - e.checkedAt >= this.ttlMs || now >= e.expiresAt || now - e.lastSeenAt >= idleMs) {
      this.evictSession(sessionId);
      return undefined;
    }
    return e;
  }

  put(mark: number, session: CachedSession): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.bySession.size >= MAX_ENTRIES) {
      const oldest = this.bySession.keys().next().value;
      if (oldest !== undefined) this.evictSession(oldest);
    }
    this.evictSession(session.sessionId);
    this.bySession.set(session.sessionId, { ...session, user: Object.freeze({ ...session.user }), checkedAt: this.now() });
    let ids = this.byUser.get(session.user.id);
    if (!ids) this.byUser.set(session.user.id, (ids = new Set()));
    ids.add(session.sessionId);
  }

  /** A notice's payload: `s:<session id>` or `u:<user id>`; anything else empties the cache. */
  notice(payload: string): void {
    this.generation++;
    const key = payload.slice(2);
    if (payload.startsWith('s:')) this.evictSession(key);
    else if (payload.startsWith('u:')) this.evictUser(key);
    else this.drop();
  }

  evictSession(sessionId: string): void {
    const e = this.bySession.get(sessionId);
    if (!e) return;
    this.bySession.delete(sessionId);
    const ids = this.byUser.get(e.user.id);
    ids?.delete(sessionId);
    if (ids && ids.size === 0) this.byUser.delete(e.user.id);
  }

  /** Forgets a session now, in this instance (after a write by its own user), and any check under way. */
  forget(sessionId: string): void {
    this.generation++;
    this.evictSession(sessionId);
  }

  private evictUser(userId: string): void {
    for (const id of this.byUser.get(userId) ?? []) this.bySession.delete(id);
    this.byUser.delete(userId);
  }

  private drop(): void {
    this.generation++;
    this.bySession.clear();
    this.byUser.clear();
  }

  private async listen(): Promise<void> {
    if (!this.changes || this.stopped) return;
    let lost = false;
    const lose = (err?: Error) => {
      if (lost) return;
      lost = true;
      this.listening = false;
      this.drop();
      this.unlisten = undefined;
      if (this.stopped) return;
      this.onLost(err);
      this.schedule();
    };
    try {
      const unlisten = await this.changes.listen((payload) => this.notice(payload), lose);
      if (this.stopped) {
        await unlisten().catch(() => {});
        return;
      }
      if (lost) return;
      this.unlisten = unlisten;
      // Whatever was checked before now may have missed a notice: start empty.
      this.drop();
      this.listening = true;
    } catch (err) {
      lose(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private schedule(): void {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.listen();
    }, RELISTEN_MS);
    this.retry.unref();
  }
}

/** The notices of one database (drizzle/objects/functions/auth_changed_notify.sql). */
export function authChangesOf(handle: Pick<DbHandle, 'listen'>): AuthChanges {
  return { listen: (onMessage, onLost) => handle.listen(AUTH_CHANNEL, onMessage, onLost) };
}

export const AUTH_CHANNEL = 'rihaai_auth';
