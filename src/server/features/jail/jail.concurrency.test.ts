// NGO assignment under load (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): many jail-authority tabs at once can never overbook a
// seat or give one family member two NGOs. On PostgreSQL the requests really run in parallel on a
// pool of connections; on PGlite (one connection) the same rules must hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { ngoAssignments, ngos } from '#server/db/schema.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { recordingMailer } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createNgo, sessionCookie } from '#tests/factories.ts';

const POOL_SIZE = 20;
let testDb: TestDb;
let app: FastifyInstance;
let jail: string;

beforeAll(async () => {
  testDb = await createTestDb({ poolSize: POOL_SIZE });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist/client' });
  app = await buildApp({ db: testDb.db, env, mailer: recordingMailer(), papers: testDb.papers });
  await app.ready();
  jail = await sessionCookie(testDb.db, (await createJailAuthority(testDb.db)).id);
});
afterAll(async () => {
  await app.close();
  // pg's pool.end() resolves before its sockets have closed; dropping the database at once
  // (test-db.ts) would kill the many connections this burst opened and raise errors. Let them go.
  const end = testDb.handle.close;
  testDb.handle.close = async () => {
    await end();
    await new Promise((r) => setTimeout(r, 300));
  };
  await testDb.close();
});

const assign = (memberId: string, ngoId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/jail/members/${memberId}/ngo`,
    headers: { cookie: jail, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload: JSON.stringify({ ngoId }),
  });

describe('concurrent NGO assignment', () => {
  it('100 requests for 100 members against 3 seats: exactly 3 succeed, seats end at 0, nobody holds two NGOs', async () => {
    const ngo = await createNgo(testDb.db, { seatsFree: 3 });
    const memberIds: string[] = [];
    for (let i = 0; i < 100; i++) memberIds.push((await createFamilyMember(testDb.db)).user.id);

    const results = await Promise.all(memberIds.map((id) => assign(id, ngo.id)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(97);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ error: { code: 'no_seats' } });

    const [after] = await testDb.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    expect(after!.seatsFree).toBe(0);
    const assigned = await testDb.db.select().from(ngoAssignments).where(inArray(ngoAssignments.familyMemberId, memberIds));
    expect(assigned).toHaveLength(3);
    expect(new Set(assigned.map((a) => a.familyMemberId)).size).toBe(3);
    expect(assigned.every((a) => a.ngoId === ngo.id)).toBe(true);
    if (testDb.kind === 'postgres') {
      // The burst really ran on several connections of the pool (they stay open, idle, for a while).
      const [row] = await testDb.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database()`);
      expect(row!.n).toBeGreaterThan(1);
    }
  });

  it('one member assigned from 10 tabs to 10 NGOs at once: one NGO, and the other NGOs keep their seats', async () => {
    const { user } = await createFamilyMember(testDb.db);
    const list = [];
    for (let i = 0; i < 10; i++) list.push(await createNgo(testDb.db, { seatsFree: 2 }));
    const results = await Promise.all(list.map((n) => assign(user.id, n.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: { code: 'ngo_already_assigned' } });
    }
    const [held] = await testDb.db.select({ n: count() }).from(ngoAssignments).where(eq(ngoAssignments.familyMemberId, user.id));
    expect(held!.n).toBe(1);
    const seats = await testDb.db
      .select({ seatsFree: ngos.seatsFree })
      .from(ngos)
      .where(
        inArray(
          ngos.id,
          list.map((n) => n.id),
        ),
      );
    expect(seats.map((s) => s.seatsFree).sort()).toEqual([1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });
});
