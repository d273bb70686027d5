// The access log's group commit (docs/decisions/0062-access-log-group-commit.md): rows of requests
// answered at once go in one statement, each caller waits for its own row, and a failed statement
// fails exactly the callers whose rows it carried.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/client.ts';
import { accessLog } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createUser, sessionCookie } from '#tests/factories.ts';
import { ACCESS_LOG_BATCH_MAX, logListAccess, logRecordAccess, textArrayLiteral } from './access-log.ts';

const t = useTestApp();

const inserts = (queries: string[]) => queries.filter((q) => /^\s*insert into access_log/i.test(q)).length;

describe('textArrayLiteral', () => {
  it('reads back as the same array in the database, quotes, backslashes, commas, braces and nulls included', async () => {
    const values = ['plain', 'with "quotes"', 'back\\slash', 'a,b', '{braces}', '', null, 'NULL', 'हिन्दी', ' spaced '];
    const rows = rowsOf<{ v: (string | null)[] }>(await t.db.execute(sql`select ${textArrayLiteral(values)}::text[] as v`));
    expect(rows[0]!.v).toEqual(values);
    const empty = rowsOf<{ v: string[] }>(await t.db.execute(sql`select ${textArrayLiteral([])}::text[] as v`));
    expect(empty[0]!.v).toEqual([]);
  });
});

describe('the access log writes rows of requests answered at once together', () => {
  it('30 list rows at once: every row written as given, in one statement (the first waits a turn of the event loop for the rest)', async () => {
    const actor = await createUser(t.db, { role: 'DLSA', name: 'DLSA Batch' });
    const shown = (i: number) => Array.from({ length: i % 4 }, (_, k) => `00000000-0000-4000-8000-${String(i * 10 + k).padStart(12, '0')}`);
    const { count, statements: queries } = await t.countQueries(() =>
      Promise.all(Array.from({ length: 30 }, (_, i) => logListAccess(t.db, { id: actor.id, role: 'DLSA' }, `batch.${i}`, shown(i)))),
    );
    expect(inserts(queries)).toBe(1);
    expect(count).toBe(1);
    const rows = await t.db.select().from(accessLog).where(eq(accessLog.actorId, actor.id)).orderBy(accessLog.id);
    expect(rows).toHaveLength(30);
    for (let i = 0; i < 30; i++) {
      const row = rows.find((r) => r.what === `batch.${i}`)!;
      expect([row.action, row.actorRole, row.prisonerId, row.memberId, row.ref]).toEqual(['list', 'DLSA', null, null, null]);
      expect(row.shown).toEqual(shown(i));
    }
  });

  it('one row alone goes at once, in one statement, with a record row beside a list row', async () => {
    const actor = await createUser(t.db, { role: 'Lawyer' });
    const family = await createFamilyMember(t.db);
    const prisonerId = family.cases[0]!.prisonerId;
    const alone = await t.countQueries(() => logListAccess(t.db, { id: actor.id, role: 'Lawyer' }, 'alone', []));
    expect(alone.count).toBe(1);
    await Promise.all([
      logRecordAccess(
        t.db,
        { id: actor.id, role: 'Lawyer' },
        { action: 'change', what: 'rec', prisonerId, memberId: family.user.id, ref: 'r-1' },
      ),
      logListAccess(t.db, { id: actor.id, role: 'Lawyer' }, 'list-beside', [prisonerId]),
    ]);
    const rows = await t.db.select().from(accessLog).where(eq(accessLog.actorId, actor.id)).orderBy(accessLog.id);
    expect(rows.map((r) => [r.action, r.what, r.prisonerId, r.memberId, r.ref, r.shown])).toEqual([
      ['list', 'alone', null, null, null, []],
      ['change', 'rec', prisonerId, family.user.id, 'r-1', null],
      ['list', 'list-beside', null, null, null, [prisonerId]],
    ]);
  });

  it(`more than ${ACCESS_LOG_BATCH_MAX} at once go in statements of at most ${ACCESS_LOG_BATCH_MAX}`, async () => {
    const actor = await createUser(t.db, { role: 'DLSA' });
    const n = ACCESS_LOG_BATCH_MAX + 51;
    const { statements: queries } = await t.countQueries(() =>
      Promise.all(Array.from({ length: n }, () => logListAccess(t.db, { id: actor.id, role: 'DLSA' }, 'many', []))),
    );
    // 200, then the last 51.
    expect(inserts(queries)).toBe(2);
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accessLog)
      .where(eq(accessLog.actorId, actor.id));
    expect(counted!.n).toBe(n);
  });

  it('a failed statement fails the callers whose rows it carried, and writes none of them; the next goes on', async () => {
    const actor = await createUser(t.db, { role: 'DLSA' });
    const good = { id: actor.id, role: 'DLSA' as const };
    // The first goes alone (asked for before the others); the next three go together, one of them a
    // row the database refuses.
    const first = await logListAccess(t.db, good, 'first', []).then(() => 'fulfilled');
    const results = await Promise.allSettled([
      logListAccess(t.db, good, 'second', []),
      logListAccess(t.db, { id: 'not-a-uuid', role: 'DLSA' }, 'bad', []),
      logListAccess(t.db, good, 'third', []),
    ]);
    expect([first, ...results.map((r) => r.status)]).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    await logListAccess(t.db, good, 'after', []);
    const rows = await t.db.select({ what: accessLog.what }).from(accessLog).where(eq(accessLog.actorId, actor.id)).orderBy(accessLog.id);
    expect(rows.map((r) => r.what)).toEqual(['first', 'after']);
  });

  it('ten list pages asked for at once are each answered and each logged', async () => {
    const jail = await createUser(t.db, { role: 'Jail-Authority' });
    await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, jail.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('GET', '/api/jail/members', { cookie })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.db.select().from(accessLog).where(eq(accessLog.actorId, jail.id));
    expect(rows).toHaveLength(10);
    const shown = (JSON.parse(answers[0]!.body) as { items: { id: string }[] }).items.map((i) => i.id);
    expect(shown.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.what, row.shown]).toEqual(['jail.members', shown]);
  });
});
