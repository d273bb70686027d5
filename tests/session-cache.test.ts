// Reads reuse a session check for a moment; anything the check read that changes ends that at once
// (docs/decisions/0065-session-check-cache.md). On both databases; the lost-connection case on
// PostgreSQL, where there is a connection to lose. Waits on events, never sleeps.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '#server/db/schema.ts';
import { createFamilyMember, createJailAuthority, createUser, sessionCookie } from './factories.ts';
import { createTestApp, passSecondFactor, type TestApp } from './test-app.ts';
import { usePostgres } from './test-db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { sessionCache: true });
});
afterAll(() => t?.close());

const sessionStatements = (statements: string[]) => statements.filter((s) => /from "sessions"/.test(s) && /join "users"/.test(s)).length;
// PostgreSQL tells the listening connection a moment after the commit; PGlite before the statement returns.
const SOON = { timeout: 5_000, interval: 5 };

describe('a read reuses the session check; a change ends it', () => {
  it('a second read within the moment checks no session in the database; a write always does', async () => {
    const member = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, member.user.id);
    expect(t.app.sessionCache.active).toBe(true);
    const first = await t.countQueries(() => t.request('GET', '/api/profile', { cookie }));
    expect(first.result.statusCode).toBe(200);
    expect(sessionStatements(first.statements)).toBe(1);
    const again = await t.countQueries(() => t.request('GET', '/api/profile', { cookie }));
    expect(again.result.json()).toEqual(first.result.json());
    expect(sessionStatements(again.statements)).toBe(0);
    const write = await t.countQueries(() =>
      t.request('PUT', '/api/profile/details', {
        cookie,
        body: { name: 'Renamed Member', phone: '9876543210', address: '1 Test Lane, Delhi' },
      }),
    );
    expect(sessionStatements(write.statements)).toBe(1);
    // The write's own change shows on the next read at once: this instance forgot the check.
    expect(write.result.statusCode, write.result.body).toBe(200);
    const after = await t.request('GET', '/api/profile', { cookie });
    expect(after.json<{ name: string }>().name).toBe('Renamed Member');
  });

  it('signing out ends the session for the next read at once', async () => {
    const member = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, member.user.id);
    expect((await t.request('GET', '/api/profile', { cookie })).statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/signout', { cookie })).statusCode).toBe(204);
    expect((await t.request('GET', '/api/profile', { cookie })).statusCode).toBe(401);
  });

  it('a second factor passed shows on the next read at once', async () => {
    const jail = await createJailAuthority(t.db);
    const cookie = await sessionCookie(t.db, jail.id, { secondFactor: false });
    const before = await t.request('GET', '/api/jail/release-counts', { cookie });
    expect(before.json<{ error: { code: string } }>().error.code).toBe('second_factor_required');
    await passSecondFactor(t, cookie);
    expect((await t.request('GET', '/api/jail/release-counts', { cookie })).statusCode).toBe(200);
  });

  it("an administrator disabling an official's account ends that official's kept session", async () => {
    const jail = await createJailAuthority(t.db);
    const jailCookie = await sessionCookie(t.db, jail.id);
    expect((await t.request('GET', '/api/jail/release-counts', { cookie: jailCookie })).statusCode).toBe(200);
    const admin = await createUser(t.db, { role: 'State-Administrator' });
    const adminCookie = await sessionCookie(t.db, admin.id);
    const res = await t.request('POST', `/api/admin/accounts/${jail.id}/disable`, { cookie: adminCookie });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(
      async () => expect((await t.request('GET', '/api/jail/release-counts', { cookie: jailCookie })).statusCode).toBe(401),
      SOON,
    );
  });

  it('a change made in the database by hand (a role, a session ended) reaches the kept check', async () => {
    const member = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, member.user.id);
    expect((await t.request('GET', '/api/family/summary', { cookie })).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'Lawyer' }).where(eq(users.id, member.user.id));
    await vi.waitFor(async () => expect((await t.request('GET', '/api/family/summary', { cookie })).statusCode).toBe(403), SOON);
    await t.db.update(users).set({ role: 'Family-Member' }).where(eq(users.id, member.user.id));
    await vi.waitFor(async () => expect((await t.request('GET', '/api/family/summary', { cookie })).statusCode).toBe(200), SOON);
    await t.db.delete(sessions).where(eq(sessions.userId, member.user.id));
    await vi.waitFor(async () => expect((await t.request('GET', '/api/family/summary', { cookie })).statusCode).toBe(401), SOON);
  });
});

describe.runIf(usePostgres())('the listening connection lost', () => {
  it('every request checks the database until the instance listens again; then reads reuse checks again', async () => {
    const member = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, member.user.id);
    await vi.waitFor(() => expect(t.app.sessionCache.active).toBe(true), SOON);
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(t.app.sessionCache.active).toBe(false), SOON);
    expect(t.app.sessionCache.size).toBe(0);
    const meanwhile = await t.countQueries(async () => {
      await t.request('GET', '/api/profile', { cookie });
      return t.request('GET', '/api/profile', { cookie });
    });
    expect(meanwhile.result.statusCode).toBe(200);
    expect(sessionStatements(meanwhile.statements)).toBe(2);
    await vi.waitFor(() => expect(t.app.sessionCache.active).toBe(true), { timeout: 15_000, interval: 50 });
    await t.request('GET', '/api/profile', { cookie });
    const reused = await t.countQueries(() => t.request('GET', '/api/profile', { cookie }));
    expect(sessionStatements(reused.statements)).toBe(0);
  });
});
