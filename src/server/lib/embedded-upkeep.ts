// Upkeep for the embedded database (docs/decisions/0067-embedded-database-upkeep.md): PGlite runs
// PostgreSQL without its autovacuum worker, so nothing there ever gathers planner statistics or
// clears dead row versions. Without statistics a plan cached while a table was small (a trigger's
// lookup planned on the first rows) is kept for ever and reads the grown table whole: inserting a
// case cost ten times more at 3,000 members than at 10. Without VACUUM every updated card leaves a
// dead row behind for good. This job does what autovacuum would, with autovacuum's own thresholds:
// a table is analysed once more than 50 + 10 % of its rows changed since the last ANALYZE, and
// vacuumed once more than 50 + 20 % of its rows are dead. On PostgreSQL it does nothing (autovacuum
// runs there).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What autovacuum's defaults say (autovacuum_analyze_threshold and _scale_factor, and vacuum's). */
export const ANALYZE_BASE = 50;
export const ANALYZE_SCALE = 0.1;
export const VACUUM_BASE = 50;
export const VACUUM_SCALE = 0.2;

export interface UpkeepReport {
  analysed: string[];
  vacuumed: string[];
}

interface TableStats {
  name: string;
  live: number;
  dead: number;
  changed: number;
}

/**
 * One pass: the tables whose changes since their last ANALYZE, or whose dead rows, pass autovacuum's
 * thresholds are vacuumed and analysed (VACUUM ANALYZE) or analysed. Each statement holds the database
 * only for its own table.
 */
export async function runUpkeepPass(db: Db): Promise<UpkeepReport> {
  // The server's activity counters reach the statistics views only when flushed (PGlite never idles).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const { rows } = (await db.execute(
    sql`select relname as name, n_live_tup::float8 as live, n_dead_tup::float8 as dead, n_mod_since_analyze::float8 as changed
      from pg_stat_user_tables where schemaname = 'public' order by relname`,
  )) as { rows: TableStats[] };
  const report: UpkeepReport = { analysed: [], vacuumed: [] };
  for (const t of rows) {
    const live = Number(t.live);
    const vacuum = Number(t.dead) > VACUUM_BASE + VACUUM_SCALE * live;
    const analyse = Number(t.changed) > ANALYZE_BASE + ANALYZE_SCALE * live;
    if (!vacuum && !analyse) continue;
    const table = sql.identifier(t.name);
    if (vacuum) {
      await db.execute(sql`vacuum (analyze) ${table}`);
      report.vacuumed.push(t.name);
    } else {
      await db.execute(sql`analyze ${table}`);
    }
    report.analysed.push(t.name);
  }
  return report;
}

export interface UpkeepJob {
  run(): Promise<UpkeepReport | undefined>;
  stop(): Promise<void>;
}

/** Runs a pass soon after start-up and then every `everyMs` (a minute, as autovacuum's naptime). */
export function startEmbeddedUpkeep(db: Db, log: Log, options: { everyMs?: number; firstAfterMs?: number } = {}): UpkeepJob {
  let running: Promise<UpkeepReport | undefined> | undefined;
  let stopped = false;
  const run = () => {
    if (running) return running;
    const started = Date.now();
    const current = runUpkeepPass(db)
      .then((report) => {
        if (report.analysed.length > 0) log.info({ ...report, ms: Date.now() - started }, 'embedded database upkeep done');
        return report;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'embedded database upkeep failed');
        return undefined;
      })
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  };
  const tick = () => {
    if (!stopped) void run();
  };
  const first = setTimeout(tick, options.firstAfterMs ?? 10_000);
  first.unref();
  const timer = setInterval(tick, options.everyMs ?? 60_000);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
