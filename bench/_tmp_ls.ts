import { sql } from 'drizzle-orm';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { searchLawyerPage } from '#server/features/family/family.queries.ts';
import { seedBench, shapeFor } from './seed.ts';
const members = Number(process.argv[2] ?? 10000);
const h = await openDb({});
await migrate(h);
const db = h.db;
const rows = async (q: string) => ((await db.execute(sql.raw(q))) as { rows: Record<string, unknown>[] }).rows;
const [jail] = await rows(`insert into users (email, name, role, password_hash) values ('j@gmail.com', 'J', 'Jail-Authority', 'x') returning id`);
await seedBench(db, { ...shapeFor(members), lawyers: members / 2 }, String(jail!.id));
const searcher = 35 * Math.floor((members * 0.61) / 35);
const [who] = await rows(`select id from users where email = 'bench.m${searcher}@gmail.com'`);
for (const mode of ['force_generic_plan', 'auto', 'force_generic_plan']) {
  await rows(`set plan_cache_mode = ${mode}`);
  await db.transaction(async (tx) => {
    await searchLawyerPage(tx, String(who!.id));
    const r = (await tx.execute(sql.raw(`select relname, seq_tup_read, idx_tup_fetch, idx_scan from pg_stat_xact_user_tables where seq_tup_read + coalesce(idx_tup_fetch,0) > 0`))) as { rows: unknown[] };
    console.log(mode, JSON.stringify(r.rows));
  });
}
await h.close();
