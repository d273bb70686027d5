// The session-check memory alone, with a clock and notices of the test's own.
import { describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/accounts.ts';
import { MAX_ENTRIES, SessionCache, TTL_MS, type AuthChanges } from './session-cache.ts';

function fakeChanges() {
  const calls: { onMessage: (p: string) => void; onLost: (err?: Error) => void; stopped: boolean }[] = [];
  let fail = false;
  const changes: AuthChanges = {
    async listen(onMessage, onLost) {
      if (fail) throw new Error('connection refused');
      const call = { onMessage, onLost, stopped: false };
      calls.push(call);
      return async () => {
        call.stopped = true;
      };
    },
  };
  return { changes, calls, failNext: (v: boolean) => (fail = v) };
}

const user = (id: string): User => ({ id, name: id, email: `${id}@x.in`, role: 'Family-Member', language: null });
const IDLE = 60 * 60_000;

async function started(now: () => number = Date.now) {
  const fake = fakeChanges();
  const cache = new SessionCache(fake.changes, () => {}, now);
  await cache.start();
  return { cache, ...fake };
}

function keep(cache: SessionCache, sessionId: string, userId: string, at: number, extra: { expiresAt?: number; lastSeenAt?: number } = {}) {
  cache.put(cache.mark(), {
    user: user(userId),
    sessionId,
    expiresAt: extra.expiresAt ?? at + 3600_000,
    lastSeenAt: extra.lastSeenAt ?? at,
  });
}

describe('SessionCache', () => {
  it('keeps nothing without the database to listen to', async () => {
    const cache = new SessionCache(undefined);
    await cache.start();
    keep(cache, 's1', 'u1', Date.now());
    expect(cache.active).toBe(false);
    expect(cache.get('s1', IDLE)).toBeUndefined();
  });

  it('keeps nothing when the reuse is set to 0 seconds (behind a pooler that does not pass LISTEN on)', async () => {
    const fake = fakeChanges();
    const cache = new SessionCache(fake.changes, () => {}, Date.now, 0);
    await cache.start();
    expect(fake.calls).toHaveLength(0);
    keep(cache, 's1', 'u1', Date.now());
    expect(cache.get('s1', IDLE)).toBeUndefined();
  });

  it('answers a kept check until its moment, its end or its idle limit passes', async () => {
    let now = 1_000_000;
    const { cache } = await started(() => now);
    keep(cache, 's1', 'u1', now);
    expect(cache.get('s1', IDLE)?.user.id).toBe('u1');
    now += TTL_MS - 1;
    expect(cache.get('s1', IDLE)).toBeDefined();
    now += 1;
    expect(cache.get('s1', IDLE)).toBeUndefined();
    keep(cache, 's2', 'u2', now, { expiresAt: now + 10 });
    now += 10;
    expect(cache.get('s2', IDLE)).toBeUndefined();
    keep(cache, 's3', 'u3', now, { lastSeenAt: now - IDLE + 5 });
    expect(cache.get('s3', IDLE)).toBeDefined();
    now += 5;
    expect(cache.get('s3', IDLE)).toBeUndefined();
  });

  it("a session's notice drops that session; a user's, every session of that user; anything else, all", async () => {
    const { cache, calls } = await started();
    const now = Date.now();
    keep(cache, 's1', 'u1', now);
    keep(cache, 's2', 'u1', now);
    keep(cache, 's3', 'u2', now);
    calls[0]!.onMessage('s:s3');
    expect(cache.get('s3', IDLE)).toBeUndefined();
    expect(cache.get('s1', IDLE)).toBeDefined();
    calls[0]!.onMessage('u:u1');
    expect(cache.get('s1', IDLE)).toBeUndefined();
    expect(cache.get('s2', IDLE)).toBeUndefined();
    keep(cache, 's4', 'u4', now);
    calls[0]!.onMessage('?');
    expect(cache.size).toBe(0);
  });

  it('a check that started before a notice is not kept (it may have read what the notice changed)', async () => {
    const { cache, calls } = await started();
    const mark = cache.mark();
    calls[0]!.onMessage('u:someone-else');
    cache.put(mark, { user: user('u1'), sessionId: 's1', expiresAt: Date.now() + 3600_000, lastSeenAt: Date.now() });
    expect(cache.get('s1', IDLE)).toBeUndefined();
    const forgot = cache.mark();
    cache.forget('s9');
    cache.put(forgot, { user: user('u1'), sessionId: 's1', expiresAt: Date.now() + 3600_000, lastSeenAt: Date.now() });
    expect(cache.size).toBe(0);
  });

  it('the kept user cannot be changed by a route', async () => {
    const { cache } = await started();
    keep(cache, 's1', 'u1', Date.now());
    const kept = cache.get('s1', IDLE)!;
    expect(() => {
      (kept.user as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('holds at most MAX_ENTRIES sessions, the oldest check going first', async () => {
    const { cache } = await started();
    const now = Date.now();
    for (let i = 0; i <= MAX_ENTRIES; i++) keep(cache, `s${i}`, `u${i % 7}`, now);
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.get('s0', IDLE)).toBeUndefined();
    expect(cache.get(`s${MAX_ENTRIES}`, IDLE)).toBeDefined();
  });

  it('a lost connection empties it and keeps nothing until it listens again', async () => {
    vi.useFakeTimers();
    try {
      const lost: (Error | undefined)[] = [];
      const fake = fakeChanges();
      const cache = new SessionCache(fake.changes, (err) => lost.push(err));
      await cache.start();
      keep(cache, 's1', 'u1', Date.now());
      fake.failNext(true);
      fake.calls[0]!.onLost(new Error('terminated'));
      expect(lost).toHaveLength(1);
      expect(cache.active).toBe(false);
      expect(cache.size).toBe(0);
      keep(cache, 's1', 'u1', Date.now());
      expect(cache.size).toBe(0);
      await vi.advanceTimersByTimeAsync(2_000);
      // The first try again failed (reported too); the next one listens.
      expect(lost).toHaveLength(2);
      fake.failNext(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(cache.active).toBe(true);
      keep(cache, 's1', 'u1', Date.now());
      expect(cache.get('s1', IDLE)).toBeDefined();
      await cache.stop();
      expect(fake.calls[1]!.stopped).toBe(true);
      expect(cache.active).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
