// Probe defect 8 (decision 0033): sessions had a fixed 7-day life and no inactivity timeout. A session with no
// request for SESSION_IDLE_MINUTES ends; each request (to the minute) keeps it alive.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '#server/db/schema.ts';
import { sha256Hex } from '#server/lib/tokens.ts';
import { useTestApp } from './test-app.ts';
import { createLawyer, sessionCookie } from './factories.ts';

const t = useTestApp({ SESSION_IDLE_MINUTES: '30' });

const idOf = (cookie: string) => sha256Hex(cookie.split('=')[1]!);
const setLastSeen = (cookie: string, minutesAgo: number) =>
  t.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - ${minutesAgo} * interval '1 minute'` })
    .where(eq(sessions.id, idOf(cookie)));

describe('the idle timeout', () => {
  it('ends a session idle longer than SESSION_IDLE_MINUTES, and a request keeps an active one alive', async () => {
    const { user } = await createLawyer(t.db);
    const idle = await sessionCookie(t.db, user.id);
    await setLastSeen(idle, 31);
    const refused = await t.request('GET', '/api/profile', { cookie: idle });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'unauthenticated' } });

    const active = await sessionCookie(t.db, user.id);
    await setLastSeen(active, 29);
    expect((await t.request('GET', '/api/profile', { cookie: active })).statusCode).toBe(200);
    // That request counted as activity: 29 minutes on, the session is still alive.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(active)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    expect((await t.request('GET', '/api/profile', { cookie: active })).statusCode).toBe(200);
  });

  it('is a setting with a safe range', async () => {
    const { parseEnv } = await import('#server/env.ts');
    expect(parseEnv({}).SESSION_IDLE_MINUTES).toBe(720);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '1' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});
