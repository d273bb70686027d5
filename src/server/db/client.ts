// One Drizzle database over PGlite (embedded, default) or PostgreSQL (DATABASE_URL).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { messages, parse as pgliteParse, PGlite, protocol, type QueryOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import * as schema from './schema.ts';
import { readSchemaObjects, schemaObjectSteps } from './migrate.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How Drizzle names columns the schema does not name (prepared.ts builds statements the same way). */
export const CASING = 'snake_case';

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * LISTEN on `channel`: `onMessage` gets each notification's payload, `onLost` is called once if the
   * listening stops (its connection broke); resolves to the function that stops listening.
   */
  listen: (channel: string, onMessage: (payload: string) => void, onLost: (err?: Error) => void) => Promise<() => Promise<void>>;
}

/** Called for every SQL statement; tests count them to prove lists are not N+1 (and the bench EXPLAINs them). */
export type QueryListener = (query: string, params: unknown[]) => void;

function loggerFor(listener?: QueryListener): Logger | undefined {
  if (!listener) return undefined;
  return { logQuery: (query, params) => listener(query, params) };
}

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; undefined means in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite in memory only: start from this dump of a data folder (PGlite's `dumpDataDir`) rather than
   * an empty one. The tests start each file from one migrated dump instead of migrating afresh.
   */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  onQuery?: QueryListener;
  /**
   * Told about connection errors that no query is waiting for (PostgreSQL restarted, a pooler
   * dropped an idle connection, pg_terminate_backend). Without a listener such an error would be
   * an unhandled 'error' event and end the process; with it the broken connection is discarded
   * and the pool opens a new one when the database answers again.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * Run each parameterised statement as a named prepared statement on its connection, so the
   * database plans it once per connection rather than on every call (default on; turn off for a
   * pooler in transaction mode that cannot keep prepared statements). PGlite too: its one connection
   * (docs/decisions/0015-prepared-statements.md).
   */
  prepare?: boolean;
  /**
   * PGlite: a new folder is created, and migrated with the migrations in this folder, by a
   * short-lived process before this one opens it, which keeps a first start as lean as a restart
   * (docs/decisions/0037-lean-first-start.md). Run `migrate` after opening all the same: it applies
   * what is pending to a folder that already existed, and to PostgreSQL.
   */
  migrationsFolder?: string;
}

/**
 * A prepared statement runs one plan made without its values (a generic plan), never a fresh plan per
 * call: PostgreSQL's default re-planned the dashboard's page, the lawyer search and the lawyer's lists
 * on every call, because it priced a plan without the page's LIMIT value above one with it, and that
 * planning cost more than the reads (decision 0015). Every statement here reads through an index in
 * the index's order, cut at a page, whatever its values; the growth test and `npm run bench:explain`
 * EXPLAIN the generic plan each read really runs (bench/plans.ts).
 */
export const PLAN_CACHE_MODE = 'force_generic_plan';

/** How many distinct statements a connection keeps prepared before it stops preparing new ones. */
export const PREPARED_PER_CONNECTION = 500;

/**
 * Names every parameterised statement by a hash of its text: the first call on a connection parses
 * and plans it, later calls only bind and execute. Statements without parameters (migrations, which
 * may hold several commands) keep the simple protocol. The set is bounded per connection.
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, cb?: unknown) => {
    if (config && typeof config === 'object' && !('name' in config && (config as { name?: string }).name)) {
      const c = config as { text?: string; values?: unknown[] };
      const params = Array.isArray(values) ? values : c.values;
      if (typeof c.text === 'string' && params && params.length > 0) {
        const name = statementName(c.text);
        if (named.has(name) || named.size < PREPARED_PER_CONNECTION) {
          named.add(name);
          return query({ ...c, name }, values, cb);
        }
      }
    }
    return query(config, values, cb);
  };
}

/** The name a statement is prepared under: a hash of its text (remembered, so a hot statement is hashed once). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `r${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= 4 * PREPARED_PER_CONNECTION) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
const statementNames = new Map<string, string>();

/**
 * PGlite's `query` sends every statement unnamed, so it is parsed and planned on every call; a
 * request's statement with a few joins took longer to plan than to run. This replaces it with the
 * same extended-protocol exchange on a named statement (after a hash of its text), parsed and
 * described once: later calls bind and execute only. Statements without parameters, with a blob
 * (COPY), or past PREPARED_PER_CONNECTION keep PGlite's own path; a transaction's statements go
 * through PGlite's transaction object, which this does not change. The results are read by PGlite's
 * own parser with its type parsers, as its `query` does.
 */
function preparePgliteStatements(client: PGlite): void {
  const unprepared: PGlite['query'] = client.query.bind(client);
  /** Statement name → the parameter types PostgreSQL inferred for it. */
  const prepared = new Map<string, number[]>();
  const run = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = statementName(text);
    if (!params || params.length === 0 || options?.blob || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION)) {
      return unprepared<T>(text, params, options);
    }
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const replies = [];
        try {
          let types = prepared.get(name);
          if (!types) {
            await run(protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }));
            types = pgliteParse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: 'S', name })));
            prepared.set(name, types);
          }
          const values = params.map((v, i) => {
            if (v === null || v === undefined) return null;
            const type = types[i] ?? 0;
            const serializer = options?.serializers?.[type] ?? client.serializers[type];
            // As PGlite's own query: a value without a serializer for its type goes as its text.
            return serializer ? serializer(v) : (v as { toString(): string }).toString();
          });
          replies.push(
            ...(await run(protocol.serialize.bind({ statement: name, values }))),
            ...(await run(protocol.serialize.describe({ type: 'P' }))),
            ...(await run(protocol.serialize.execute({}))),
          );
        } catch (e) {
          // As PGlite's own query: the database's error, with the statement it came from.
          if (e instanceof messages.DatabaseError) Object.assign(e, { query: text, params, queryOptions: options });
          throw e;
        } finally {
          replies.push(...(await run(protocol.serialize.sync())));
        }
        await client.syncToFs();
        return pgliteParse.parseResults(replies, client.parsers, options)[0] as Awaited<ReturnType<PGlite['query']>> & { rows: T[] };
      }),
    );
  };
  client.query = query as PGlite['query'];
}

/** Resolves in the event loop's check phase, after the poll phase has accepted and read what is waiting. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each statement synchronously on the event loop, and a statement that a promise
 * continuation starts runs inside whatever I/O callback's microtask drain comes first, one of them
 * being the accept of each new connection. Under load, a burst of new connections was then accepted
 * one per round of work (the kernel's accept queue held 44 while the server took one every 20-40 ms:
 * first answers over 1 s at -c 50, bench/trace-match.ts). Starting each statement, and handing back
 * its rows, in the check phase leaves the poll phase to accept and read everything waiting first
 * (docs/decisions/0032-pglite-yields-to-io.md).
 */
function yieldToIo(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    try {
      return await query(...args);
    } finally {
      await nextTurn();
    }
  }) as PGlite['query'];
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    await nextTurn();
    try {
      return await exec(...args);
    } finally {
      await nextTurn();
    }
  };
}

/** Shards of a kept counter (jail_counts_add's modulus); each pooled connection takes the next. */
const COUNT_SHARDS = 16;
let countShard = Math.floor(Math.random() * COUNT_SHARDS);

/**
 * A pooled connection with its own shard of the kept counters (rihaai.count_shard, read by
 * drizzle/objects/functions/jail_counts_add.sql), set in its startup options: no two of a pool's
 * connections share one, so two writes of one counter do not wait on each other's row.
 */
class CountShardClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    countShard = (countShard + 1) % COUNT_SHARDS;
    super({ ...config, options: `${config.options ?? ''} -c rihaai.count_shard=${countShard}`.trim() });
  }
}

/** How long a request waits for a pooled connection before it fails (and answers 503). */
export const CONNECT_TIMEOUT_MS = 10_000;

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  const logger = loggerFor(options.onQuery);
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Each connection keeps one plan per prepared statement (decision 0015). Not with a pooler
      // (prepare: false), which may refuse startup options. A DATABASE_URL with its own `options` wins.
      // Not with a pooler either: its server connections are shared, so the shard falls back to the
      // process id's (jail_counts_add).
      // No JIT compilation either: a generic plan prices a page by a guessed tenth of the table, and
      // above jit_above_cost PostgreSQL compiled the plan on every call, tens of milliseconds for a read
      // of one (docs/decisions/0070-jail-cards-table.md).
      ...(options.prepare !== false && { options: `-c plan_cache_mode=${PLAN_CACHE_MODE} -c jit=off`, Client: CountShardClient }),
    });
    const onError = options.onConnectionError ?? (() => {});
    // An idle pooled connection that breaks is reported here (and removed by the pool).
    pool.on('error', onError);
    // A checked-out connection (inside a transaction, between statements) has no pool listener:
    // give every connection its own, for its whole life.
    pool.on('connect', (client) => {
      client.on('error', onError);
      if (options.prepare !== false) prepareStatements(client);
    });
    const db = drizzlePg(pool, { schema, casing: CASING, logger }) as unknown as Db;
    const databaseUrl = options.databaseUrl;
    return { db, kind: 'postgres', close: () => pool.end(), listen: (...args) => listenPostgres(databaseUrl, ...args) };
  }
  let releaseLock = () => {};
  if (options.dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
  }
  try {
    if (options.dataDir && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION')))
      await createDataDirApart(options.dataDir, options.migrationsFolder);
    const client = options.dataDir
      ? new PGlite(options.dataDir)
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    await client.waitReady;
    if (options.prepare !== false) {
      await client.exec(`SET plan_cache_mode = ${PLAN_CACHE_MODE}`);
      preparePgliteStatements(client);
    }
    yieldToIo(client);
    // PGlite runs in this process: a failed statement rejects its own query (and reaches the
    // error handler); there is no socket to drop, so nothing else can emit an error event.
    const db = drizzlePglite(client, { schema, casing: CASING, logger }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      // One process, one connection: its notifications arrive after each statement; nothing to lose.
      listen: async (channel, onMessage) => {
        const unlisten = await client.listen(channel, onMessage);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/** A connection of its own (not the pool's: a pooled one is lent to requests) that only listens. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (err?: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  let ended = false;
  const lost = (err?: Error) => {
    if (ended) return;
    ended = true;
    onLost(err);
    client.end().catch(() => {});
  };
  client.on('error', (err) => lost(err));
  client.on('end', () => lost());
  client.on('notification', (m) => {
    if (m.channel === channel) onMessage(m.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (err) {
    ended = true;
    await client.end().catch(() => {});
    throw err;
  }
  return async () => {
    if (ended) return;
    ended = true;
    await client.end().catch(() => {});
  };
}

/**
 * PGlite creates a new folder (initdb) with two more WebAssembly instances of PostgreSQL and an
 * uncompressed copy of the folder, garbage the process held on to (a first start kept 890 MB where a
 * restart keeps 430), and the migrations' DDL grows its WebAssembly heap, which never shrinks. So a
 * new folder is created and migrated by a short-lived node process that exits before this one opens
 * it: the caller holds the folder's lock throughout, and only one process at a time opens the folder
 * (docs/decisions/0037-lean-first-start.md). Plain JavaScript, so it runs under tsx and compiled alike.
 */
async function createDataDirApart(dataDir: string, migrationsFolder?: string): Promise<void> {
  const url = (specifier: string) => JSON.stringify(import.meta.resolve(specifier));
  const script = [
    `const { PGlite } = await import(${url('@electric-sql/pglite')});`,
    `const client = new PGlite(${JSON.stringify(path.resolve(dataDir))});`,
    'try {',
    '  await client.waitReady;',
    ...(migrationsFolder
      ? [
          `  const { drizzle } = await import(${url('drizzle-orm/pglite')});`,
          `  const { migrate } = await import(${url('drizzle-orm/pglite/migrator')});`,
          `  await migrate(drizzle(client), { migrationsFolder: ${JSON.stringify(path.resolve(migrationsFolder))} });`,
          // Then the SQL functions and triggers (migrate.ts), given as steps on stdin.
          "  let input = '';",
          '  for await (const chunk of process.stdin) input += chunk;',
          '  await client.transaction(async (tx) => {',
          '    for (const step of JSON.parse(input)) {',
          '      try {',
          '        await tx.exec(step.sql);',
          '      } catch (err) {',
          '        if (step.object && err instanceof Error) err.message = `drizzle/objects/${step.object}: ${err.message}`;',
          '        throw err;',
          '      }',
          '    }',
          '  });',
        ]
      : []),
    '} catch (err) {',
    // The message (and the database's, for a failed migration), not a stack trace.
    "  console.error([err?.message ?? String(err), err?.cause?.message].filter(Boolean).join('\\n'));",
    '  process.exitCode = 1;',
    '} finally {',
    '  await client.close().catch(() => {});',
    '}',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '--eval', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  // A child that failed before reading its input closes the pipe: its exit code says why, not EPIPE.
  child.stdin.on('error', () => {});
  if (migrationsFolder) {
    // A new database: every object is pending.
    const steps = schemaObjectSteps(readSchemaObjects(migrationsFolder));
    child.stdin.end(JSON.stringify(steps));
  } else child.stdin.end();
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c));
  });
  if (code !== 0 || !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`Creating the embedded database in ${dataDir} failed (exit code ${code}):\n${output.trim()}`);
  }
}

/**
 * Two processes opening one PGlite folder silently lose committed rows (docs/stack.md), so the
 * server holds an exclusive lock file with its pid and refuses while a live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  const tryCreate = () => {
    const fd = fs.openSync(lockPath, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The database folder ${dataDir} is in use by process ${pid}. Stop that process first: two processes must never open one embedded database.`,
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export { rowsOf } from './rows.ts';
