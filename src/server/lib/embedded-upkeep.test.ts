// The embedded database's upkeep (docs/decisions/0067-embedded-database-upkeep.md): a table past
// autovacuum's thresholds is analysed, or vacuumed and analysed; one below them is left alone. The
// job runs on PGlite only (PostgreSQL has autovacuum), so the test does too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usePostgres, type TestDb } from '#tests/test-db.ts';
import { runUpkeepPass, startEmbeddedUpkeep } from './embedded-upkeep.ts';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

async function statsOf(table: string) {
  await t.db.execute(sql`select pg_stat_force_next_flush()`);
  await t.db.execute(sql`select 1`);
  const { rows } = (await t.db.execute(
    sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, last_analyze is not null as analysed
      from pg_stat_user_tables where relname = ${table}`,
  )) as { rows: { dead: number; changed: number; analysed: boolean }[] };
  return rows[0]!;
}

describe.skipIf(usePostgres())('the embedded database upkeep', () => {
  it('analyses a table once enough of it changed, vacuums it once enough of it is dead, and leaves it alone otherwise', async () => {
    // Whatever the migrations and the template left, a first pass settles it.
    await runUpkeepPass(t.db);
    await t.db.execute(
      sql`insert into rate_limits (key, hits, reset_at) select 'k' || g, 1, now() + interval '1 hour' from generate_series(1, 500) g`,
    );
    const first = await runUpkeepPass(t.db);
    expect(first.analysed).toContain('rate_limits');
    expect(first.vacuumed).not.toContain('rate_limits');
    expect(await statsOf('rate_limits')).toMatchObject({ analysed: true, changed: 0 });

    // 40 changes of 500 rows: below 50 + 10 %, nothing to do.
    await t.db.execute(sql`update rate_limits set hits = hits + 1 where key in (select 'k' || g from generate_series(1, 40) g)`);
    const quiet = await runUpkeepPass(t.db);
    expect(quiet.analysed).not.toContain('rate_limits');

    // Every row updated twice: 1,000 dead rows, past 50 + 20 % of 500.
    await t.db.execute(sql`update rate_limits set hits = hits + 1`);
    await t.db.execute(sql`update rate_limits set hits = hits + 1`);
    expect((await statsOf('rate_limits')).dead).toBeGreaterThan(150);
    const busy = await runUpkeepPass(t.db);
    expect(busy.vacuumed).toContain('rate_limits');
    expect(busy.analysed).toContain('rate_limits');
    expect(await statsOf('rate_limits')).toMatchObject({ dead: 0, changed: 0 });
  });

  it('runs on its timer, once at a time, and stops', async () => {
    const logged: string[] = [];
    const log = { info: (_: object, msg: string) => logged.push(msg), error: (_: object, msg: string) => logged.push(msg) };
    await t.db.execute(
      sql`insert into rate_limits (key, hits, reset_at) select 'timer' || g, 1, now() + interval '1 hour' from generate_series(1, 2000) g`,
    );
    const job = startEmbeddedUpkeep(t.db, log, { firstAfterMs: 0, everyMs: 60_000 });
    // A pass asked for while one runs is that pass.
    const a = job.run();
    expect(job.run()).toBe(a);
    const report = await a;
    await job.stop();
    expect(report?.analysed).toContain('rate_limits');
    expect(logged).toContain('embedded database upkeep done');
    expect(logged).not.toContain('embedded database upkeep failed');
  });
});
