// PostgreSQL plans a parameterised statement once per connection (named prepared statements), and
// statements without parameters (migrations, several commands at once) keep the simple protocol.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, PREPARED_PER_CONNECTION, type DbHandle } from './client.ts';
import { createTestDb, usePostgres, type TestDb } from '#tests/test-db.ts';

/** Rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

describe.skipIf(!usePostgres())('PostgreSQL prepared statements', () => {
  let t: TestDb | undefined;
  const handles: DbHandle[] = [];
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.close();
    await t?.close();
    t = undefined;
  });

  async function oneConnection(prepare?: boolean) {
    t = await createTestDb();
    const handle = await openDb({ databaseUrl: t.databaseUrl, poolSize: 1, ...(prepare === undefined ? {} : { prepare }) });
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
    await db.execute(sql.raw('create table p_t (n int); insert into p_t values (1), (2)'));
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
});
