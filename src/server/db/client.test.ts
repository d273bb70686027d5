// PostgreSQL and PGlite plan a parameterised statement once per connection (named prepared
// statements), and statements without parameters (migrations, several commands at once) keep the
// simple protocol. docs/decisions/0015-prepared-statements.md.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, PREPARED_PER_CONNECTION, type DbHandle } from './client.ts';
import { createTestDb, usePostgres, type TestDb } from '#tests/test-db.ts';

/** Rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

describe('prepared statements', () => {
  let t: TestDb | undefined;
  const handles: DbHandle[] = [];
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.close();
    await t?.close();
    t = undefined;
  });

  /** One connection: a pool of one on PostgreSQL, PGlite in memory (it has only one). */
  async function oneConnection(prepare?: boolean) {
    const choice = prepare === undefined ? {} : { prepare };
    let handle: DbHandle;
    if (usePostgres()) {
      t = await createTestDb();
      handle = await openDb({ databaseUrl: t.databaseUrl, poolSize: 1, ...choice });
    } else {
      handle = await openDb(choice);
    }
    handles.push(handle);
    const prepared = async () => {
      const r = await rowsOf<{ statement: string }>(
        handle.db.execute(sql.raw(`select statement from pg_prepared_statements where statement like 'select %::int + 1 as n'`)),
      );
      return r.map((x) => x.statement);
    };
    return { db: handle.db, prepared };
  }

  it('plans a parameterised statement once per connection and reuses it', async () => {
    const { db, prepared } = await oneConnection();
    for (const n of [1, 2, 3]) {
      const r = await rowsOf<{ n: number }>(db.execute(sql`select ${n}::int + 1 as n`));
      expect(r[0]?.n).toBe(n + 1);
    }
    expect(await prepared()).toEqual(['select $1::int + 1 as n']);
  });

  it('prepares nothing when turned off', async () => {
    const { db, prepared } = await oneConnection(false);
    await db.execute(sql`select ${1}::int + 1 as n`);
    expect(await prepared()).toEqual([]);
  });

  it('runs several commands without parameters as before, and a failed statement leaves the connection usable', async () => {
    const { db } = await oneConnection();
    // PGlite's query never took several commands (its extended protocol refuses them); its migrations use exec.
    if (usePostgres()) await db.execute(sql.raw('create table p_t (n int); insert into p_t values (1), (2)'));
    else for (const command of ['create table p_t (n int)', 'insert into p_t values (1), (2)']) await db.execute(sql.raw(command));
    await expect(db.execute(sql`select ${'x'}::int as n`)).rejects.toThrow();
    const r = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from p_t where n >= ${1}`));
    expect(r[0]?.n).toBe(2);
  });

  it('stops preparing new statements past its bound', async () => {
    const { db } = await oneConnection();
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) await db.execute(sql.raw(`select ${i} as k where 1 = `).append(sql`${1}`));
    const r = await rowsOf<{ n: number }>(db.execute(sql.raw('select count(*)::int as n from pg_prepared_statements')));
    expect(r[0]?.n).toBe(PREPARED_PER_CONNECTION);
  });

  it('answers what the unprepared statement answers, typed alike: times, json, numbers, arrays, uuids, nulls', async () => {
    const read = (db: DbHandle['db'], k: number) =>
      rowsOf<Record<string, unknown>>(
        db.execute(sql`select ${k}::int as k, now() - interval '1 day' as at, '{"a": [1, "b"]}'::json as j, 12345678901::bigint as big,
          array[1, 2]::int[] as arr, gen_random_uuid() is not null as uuid_ok, ${null}::text as nothing, ${'x'}::text || 'y' as text,
          ${new Date('2026-01-02T03:04:05.678Z')}::timestamptz as given`),
      );
    const prepared = await oneConnection();
    const plain = await oneConnection(false);
    for (const k of [1, 2, 3, 4, 5, 6, 7]) {
      const [a] = await read(prepared.db, k);
      const [b] = await read(plain.db, k);
      // `at` is now() and differs between the two; it must still come typed alike.
      expect({ ...a, at: typeof a?.at }).toEqual({ ...b, at: typeof b?.at });
      expect(a?.k).toBe(k);
      expect(a?.j).toEqual({ a: [1, 'b'] });
    }
  });

  it("a statement that does not parse is not kept, and one that fails as it runs keeps the database's error code and leaves the connection usable", async () => {
    const { db } = await oneConnection();
    await db.execute(sql.raw('create table p_u (n int primary key)'));
    await expect(db.execute(sql`selec ${1}::int`)).rejects.toThrow();
    await expect(db.execute(sql`selec ${1}::int`)).rejects.toThrow();
    await db.execute(sql`insert into p_u values (${1})`);
    const duplicate = await db.execute(sql`insert into p_u values (${1})`).catch((e: unknown) => e);
    const codeOf = (e: unknown): unknown => (e as { code?: unknown }).code ?? codeOf((e as { cause?: unknown }).cause ?? { code: null });
    expect(codeOf(duplicate)).toBe('23505');
    await db.execute(sql`insert into p_u values (${2})`);
    const r = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from p_u where n > ${0}`));
    expect(r[0]?.n).toBe(2);
  });
});

describe('PGlite leaves the event loop its turn (decision 0032)', () => {
  it.skipIf(usePostgres())('runs a statement, and hands back its rows, only after the callbacks already due (accepts, reads)', async () => {
    for (const prepare of [true, false]) {
      const handle = await openDb({ prepare });
      try {
        await handle.db.execute(sql`select ${1}::int as n`); // plans it, and any first-use work
        const order: string[] = [];
        const statement = handle.db.execute(sql`select ${2}::int as n`).then(() => order.push('statement'));
        const unprepared = handle.db.execute(sql.raw('select 3 as n')).then(() => order.push('unprepared'));
        // Stands for the poll phase's callbacks that were due when the statements were asked for.
        setImmediate(() => order.push('io'));
        await Promise.all([statement, unprepared]);
        expect(order[0]).toBe('io');
        expect(order.slice(1).sort()).toEqual(['statement', 'unprepared']);
      } finally {
        await handle.close();
      }
    }
  });
});
