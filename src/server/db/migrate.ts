// Migrations in two parts (docs/decisions/0045-schema-objects-one-file-each.md): the numbered migrations
// (drizzle/NNNN_*.sql, drizzle's migrator: tables, columns, indexes; history, never edited), then the
// SQL functions and triggers, one file per object (drizzle/objects/functions/<name>.sql,
// drizzle/objects/triggers/<table>.<name>.sql), each holding its current definition and safe to run
// again. A file is run when its content's SHA-256 differs from the one recorded for it in
// drizzle.schema_objects, so changing a function is a diff of its file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, DbHandle } from './client.ts';
import { refreshPrisonerCases } from '../lib/case-facts.ts';
import { rebuildDerived } from './derived.ts';
import { moveToCurrentDistricts } from './current-districts.ts';

/** Resolved from the working directory (the package root), never from this file's location. */
export function migrationsFolder(dir = process.env.MIGRATIONS_DIR ?? './drizzle'): string {
  return path.resolve(dir);
}

/** The numbered migrations, then the object files whose content changed; answers the objects it ran. */
export async function migrate(handle: DbHandle, folder = migrationsFolder()): Promise<string[]> {
  const before = await lastMigrationAt(handle);
  await migrateNumbered(handle, folder);
  const applied = await applySchemaObjects(handle, folder);
  await restoreChangedDefinitions(handle, applied);
  await moveData(handle.db, before);
  return applied;
}

/** The journal time (`when`) of the last numbered migration applied so far; 0 on a new database. */
async function lastMigrationAt(handle: DbHandle): Promise<number> {
  const exists = (await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  if (!exists.rows[0]?.present) return 0;
  const last = (await handle.db.execute(sql`select coalesce(max(created_at), 0)::text as at from drizzle.__drizzle_migrations`)) as {
    rows: { at: string }[];
  };
  return Number(last.rows[0]?.at ?? 0);
}

/**
 * Data a numbered migration's new column needs, written once the current functions and triggers are in
 * place (in the numbered migration the triggers the writes fire are still the history's versions): each
 * runs when its migration (journal `when`) was applied in this run (docs/decisions/0057-data-moves-after-objects.md).
 */
export const DATA_MOVES: { when: number; migration: string; run: (db: Db) => Promise<void> }[] = [
  { when: 1795762301198, migration: '0036_cases_held_bar', run: countHeldCases },
  { when: 1795774807336, migration: '0042_cases_bailable_prison', run: storeCasePrisonAndBailability },
  { when: 1795775934627, migration: '0043_current_district_names', run: moveToCurrentDistricts },
  // Names mapped since (Shahdara → North East Delhi): the same move again, for databases that ran 0043's.
  { when: 1795780224828, migration: '0044_delhi_districts_2025', run: moveToCurrentDistricts },
];

export async function moveData(db: Db, appliedAfter: number): Promise<void> {
  for (const move of DATA_MOVES) if (move.when > appliedAfter) await move.run(db);
}

/** Every case of a prisoner with several counts the others, and is barred by them (S.479(2)), as refreshPrisonerCases keeps it. */
async function countHeldCases(db: Db): Promise<void> {
  const found = (await db.execute(
    sql`select prisoner_id::text as id from cases where prisoner_id is not null group by prisoner_id having count(*) > 1 order by 1`,
  )) as { rows: { id: string }[] };
  const ids = found.rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    await db.transaction((tx) => refreshPrisonerCases(tx, batch));
  }
}

/**
 * Each case's prisoner's prison and whether every offence it is counted under is bailable
 * (docs/decisions/0060-bailability-stored-per-case.md): the registry's own rebuild of the two values, a page of
 * cases per transaction, so the move stores what the app's writes and the triggers store.
 */
async function storeCasePrisonAndBailability(db: Db): Promise<void> {
  await rebuildDerived(db, { only: ['case-prison', 'case-all-bailable'] });
}

/**
 * A stored value whose defining function changed is stale: a member's prison is refreshed where it now
 * differs (its triggers move the counters with it); a stored card, stale in every row, is written afresh,
 * all at once, as the migrations' backfills wrote them.
 */
async function restoreChangedDefinitions(handle: DbHandle, applied: string[]): Promise<void> {
  if (applied.includes('functions/member_prison.sql'))
    await handle.db.execute(
      sql`select member_prison_refresh(array(select m.user_id from family_members m where m.prison_id is distinct from member_prison(m.user_id) order by 1))`,
    );
  const jail = applied.includes('functions/member_card.sql');
  const client = applied.includes('functions/member_client_card.sql');
  if (!jail && !client) return;
  await handle.db.transaction(async (tx) => {
    if (jail)
      await tx.execute(sql`insert into jail_cards (member_id, card) select fm.user_id, member_card(fm) from family_members fm
        on conflict (member_id) do update set card = excluded.card where jail_cards.card is distinct from excluded.card`);
    if (client)
      await tx.execute(sql`update client_cards c set card = member_client_card(fm) from family_members fm
        where fm.user_id = c.family_member_id and c.card is distinct from member_client_card(fm)`);
  });
}

/** The numbered migrations only (drizzle's migrator: the pending ones, in one transaction). */
export async function migrateNumbered(handle: DbHandle, folder = migrationsFolder()): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

export interface SchemaObject {
  /** The file's path under drizzle/objects, e.g. `functions/member_card.sql`: its key in drizzle.schema_objects. */
  name: string;
  sha256: string;
  sql: string;
}

/** Where the object files live: `objects/` in the migrations folder (so MIGRATIONS_DIR moves both). */
export const objectsFolder = (folder = migrationsFolder()) => path.join(folder, 'objects');

/**
 * Functions before triggers (a trigger names its function), each kind in file-name order. Functions
 * may call each other in any order: their bodies are checked when they run, not when they are made
 * (check_function_bodies is off while they are applied, as pg_dump does).
 */
const KINDS = ['functions', 'triggers'] as const;
const FILE_NAME = /^[a-z0-9_]+(\.[a-z0-9_]+)?\.sql$/;

/** The object files in the order they are applied; none when the folder has no `objects/`. */
export function readSchemaObjects(folder = migrationsFolder()): SchemaObject[] {
  const objects: SchemaObject[] = [];
  for (const kind of KINDS) {
    const dir = path.join(objectsFolder(folder), kind);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!FILE_NAME.test(file))
        throw new Error(`drizzle/objects/${kind}/${file}: object files are named <name>.sql or <table>.<name>.sql, in lower case`);
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      objects.push({ name: `${kind}/${file}`, sha256: createHash('sha256').update(text).digest('hex'), sql: text });
    }
  }
  return objects;
}

/** Held while objects are applied, so two servers starting at once do not interleave their DDL. */
const OBJECTS_LOCK = 4_500_245;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One statement (or several, in the simple protocol) of applying objects; `object` names the file it runs. */
export interface ObjectStep {
  sql: string;
  object?: string;
}

/**
 * What applying `pending` runs, in one transaction: take the objects' lock; run each pending file
 * (functions before triggers, as read), a step of its own so a failure names its file; record their
 * hashes; forget the records of files that are gone (`names` is every file there is). Plain SQL
 * steps, so the short-lived process that makes a new embedded database runs them too (client.ts).
 */
export function schemaObjectSteps(pending: SchemaObject[], names = pending.map((o) => o.name)): ObjectStep[] {
  const steps: ObjectStep[] = [
    {
      sql: [
        `SELECT pg_advisory_xact_lock(${OBJECTS_LOCK})`,
        'CREATE SCHEMA IF NOT EXISTS drizzle',
        'CREATE TABLE IF NOT EXISTS drizzle.schema_objects (name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
        // Functions may call functions that come later in name order (pg_dump does the same).
        "SELECT set_config('check_function_bodies', 'off', true)",
      ].join(';\n'),
    },
    ...pending.map((o) => ({ sql: o.sql, object: o.name })),
  ];
  if (pending.length > 0) {
    steps.push({
      sql: `INSERT INTO drizzle.schema_objects (name, sha256) VALUES ${pending.map((o) => `(${literal(o.name)}, ${literal(o.sha256)})`).join(', ')}
  ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`,
    });
  }
  steps.push({ sql: `DELETE FROM drizzle.schema_objects WHERE NOT (name = ANY (ARRAY[${names.map(literal).join(', ')}]::text[]))` });
  return steps;
}

/** The error of a step that ran a file, with the file's path first. */
export function objectError(err: unknown, step: ObjectStep): Error {
  const error = err instanceof Error ? err : new Error(String(err));
  if (step.object) error.message = `drizzle/objects/${step.object}: ${error.message}`;
  return error;
}

/** Runs the steps in order with `run`, inside the caller's transaction. */
async function runSteps(steps: ObjectStep[], run: (sql: string) => Promise<unknown>): Promise<void> {
  for (const step of steps) {
    try {
      await run(step.sql);
    } catch (err) {
      throw objectError(err, step);
    }
  }
}

/** The hashes recorded so far (none before the first run). */
async function recordedHashes(handle: DbHandle): Promise<Map<string, string>> {
  // Both drivers answer `{ rows }`.
  const exists = (await handle.db.execute(sql`select to_regclass('drizzle.schema_objects') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  if (!exists.rows[0]?.present) return new Map();
  const recorded = (await handle.db.execute(sql`select name, sha256 from drizzle.schema_objects`)) as {
    rows: { name: string; sha256: string }[];
  };
  return new Map(recorded.rows.map((r) => [r.name, r.sha256]));
}

/** The files to apply: those whose content differs from what was recorded (all, on a new database). */
export async function pendingSchemaObjects(handle: DbHandle, folder = migrationsFolder()) {
  const objects = readSchemaObjects(folder);
  const recorded = await recordedHashes(handle);
  const names = objects.map((o) => o.name);
  const pending = objects.filter((o) => recorded.get(o.name) !== o.sha256);
  const gone = [...recorded.keys()].filter((n) => !names.includes(n));
  return { pending, names, gone };
}

/**
 * Runs the object files whose content changed since they were last applied (all of them on a new
 * database) and records their hashes, in one transaction; answers the files applied. A start with
 * nothing changed costs one read of the recorded hashes. Two servers starting at once may both apply
 * a changed file, one after the other (the lock): the same definition twice.
 */
export async function applySchemaObjects(handle: DbHandle, folder = migrationsFolder()): Promise<string[]> {
  const { pending, names, gone } = await pendingSchemaObjects(handle, folder);
  if (pending.length === 0 && gone.length === 0) return [];
  const steps = schemaObjectSteps(pending, names);
  // Each step may hold several statements: they go through the driver's own client in the simple
  // protocol (PGlite's exec, pg's query without values), where drizzle's execute sends one.
  if (handle.kind === 'pglite') {
    await (handle.db as unknown as { $client: PGlite }).$client.transaction(async (tx) => {
      await runSteps(steps, (text) => tx.exec(text));
    });
  } else {
    const client = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      await client.query('BEGIN');
      await runSteps(steps, (text) => client.query(text));
      await client.query('COMMIT');
    } catch (err) {
      // A connection that cannot roll back is broken: the pool drops it rather than reusing it.
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw err;
    }
    client.release();
  }
  return pending.map((o) => o.name);
}
