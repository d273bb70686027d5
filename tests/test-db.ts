// Each test file gets its own migrated database: PGlite in memory by default, or a fresh
// PostgreSQL database (created from TEST_DATABASE_URL, dropped afterwards) when the
// 'postgres' Vitest project runs (RIHAAI_TEST_DB=postgres).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDb, type Db, type DbHandle } from '#server/db/client.ts';
import { migrate, migrationsFolder } from '#server/db/migrate.ts';
import { databasePaperStore, filePaperStore, type PaperStore } from '#server/lib/paper-store.ts';

export interface TestDb {
  db: Db;
  handle: DbHandle;
  kind: 'pglite' | 'postgres';
  databaseUrl?: string;
  /** SQL statements run so far; reset with `queries.length = 0`. */
  queries: string[];
  /** Where papers are stored: files in a temporary folder on PGlite (removed on close), rows on PostgreSQL. */
  papers: PaperStore;
  /** The folder of `papers` on PGlite. */
  papersDir?: string;
  /** Parameters of each statement in `queries` (same index), for EXPLAIN. */
  queryParams: unknown[][];
  /** Counts the statements `fn` runs. */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; statements: string[] }>;
  close(): Promise<void>;
}

export const usePostgres = () => process.env.RIHAAI_TEST_DB === 'postgres';

/** The run's migrated template of this kind, or '' when there is none (a run without the global set-up). */
export function templateOf(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

export async function createTestDb(
  options: {
    poolSize?: number;
    /** Instead of migrating to the newest schema (a test of a migration builds its own start). */
    migrateWith?: (handle: DbHandle) => Promise<unknown>;
  } = {},
): Promise<TestDb> {
  const queries: string[] = [];
  const queryParams: unknown[][] = [];
  const onQuery = (q: string, params: unknown[]) => {
    // Kept in step with `queries`, which callers may empty.
    if (queryParams.length > queries.length) queryParams.length = queries.length;
    queries.push(q);
    queryParams.push(params);
  };
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (usePostgres()) {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `rihaai_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    // From the run's migrated template (tests/db-template.setup.ts), unless the test migrates its own way.
    const template = options.migrateWith ? '' : templateOf('postgresTemplate');
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (err) {
        // 55006: the template still had a connection closing (the set-up's, just ended).
        if ((err as { code?: string }).code !== '55006' || attempt >= 100) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pool.end() can resolve before its connections are gone: let them close rather than
      // killing them (which surfaces as unhandled errors in the test that owned them).
      for (let i = 0; i < 40; i++) {
        const r = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (Number(r.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const pgliteTemplate = usePostgres() || options.migrateWith ? '' : templateOf('pgliteTemplate');
  const loadDataDir = pgliteTemplate ? new Blob([await fs.promises.readFile(pgliteTemplate)]) : undefined;
  const handle = await openDb({ databaseUrl, onQuery, poolSize: options.poolSize ?? 10, loadDataDir });
  await (options.migrateWith ?? ((h: DbHandle) => migrate(h, migrationsFolder())))(handle);
  const papersDir = handle.kind === 'pglite' ? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rihaai-papers-')) : undefined;
  const papers = papersDir ? await filePaperStore(papersDir) : databasePaperStore();
  queries.length = 0;
  return {
    db: handle.db,
    handle,
    kind: handle.kind,
    databaseUrl,
    papers,
    ...(papersDir ? { papersDir } : {}),
    queries,
    queryParams,
    async countQueries(fn) {
      const start = queries.length;
      const result = await fn();
      const statements = queries.slice(start);
      return { result, count: statements.length, statements };
    },
    async close() {
      await handle.close();
      await drop();
      if (papersDir) await fs.promises.rm(papersDir, { recursive: true, force: true });
    },
  };
}
