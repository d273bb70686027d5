// Hot statements built once (docs/decisions/0027-statements-built-once.md). Drizzle turns a query
// builder or an sql`` template into SQL text on every call; for the reads every request makes (the
// session lookup, the dashboard, the lawyer's and the family's lists) that building was the largest
// part of the server's own time. A statement made here is built the first time it runs, with
// `sql.placeholder('name')` where its values go; each later call only fills the values in and runs
// it, through Drizzle's public API alone (a query builder's prepare, db.execute). The connection still
// prepares it by a hash of its text (client.ts), so the database parses and plans it once too.
import { fillPlaceholders, Param, SQL, StringChunk, type SQLChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CASING, type Db } from './client.ts';

/** Builds a value once per database handle (a transaction is a handle of its own). */
function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/**
 * A select builder's statement, built once per handle: `preparedSelect((db) => db.select()…where(eq(col,
 * sql.placeholder('id'))))` then `await query(db).execute({ id })`, typed rows as the builder's. A
 * placeholder's value goes to the driver as it is (no column encoder): pass dates as ISO text.
 */
export function preparedSelect<B extends { prepare(name: string): unknown }>(build: (db: Db) => B): (db: Db) => ReturnType<B['prepare']> {
  // No name of our own: the connection names the statement after its text, within its bound.
  return perDb((db) => build(db).prepare('') as ReturnType<B['prepare']>);
}

/**
 * Writes a NUL where each parameter goes (drizzle writes `$n`), so a statement's text can be cut there
 * once, whatever else the text holds (SQL text has no NUL). escapeParam is the dialect's public hook.
 */
class MarkedDialect extends PgDialect {
  override escapeParam(): string {
    return '\u0000';
  }
}
const marked = new MarkedDialect({ casing: CASING });

export interface PreparedSql<R> {
  execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
}

/**
 * An sql`` statement (rows as the driver returns them, like db.execute), built once. Its text is cut
 * at its parameters once; a call fills the placeholders in (fillPlaceholders, as a prepared query
 * builder does) and runs the text's pieces and the values through db.execute, drizzle's public way
 * to run SQL on a database or a transaction, which numbers the parameters as the first build did:
 * the same text, so the connection runs the statement it prepared (client.ts).
 */
export function preparedSql<R = Record<string, unknown>>(build: () => SQL): (db: Db) => PreparedSql<R> {
  let built: { pieces: StringChunk[]; params: unknown[] } | undefined;
  const statement = (db: Db): PreparedSql<R> => ({
    async execute(values) {
      if (!built) {
        const query = marked.sqlToQuery(build());
        built = { pieces: query.sql.split('\u0000').map((text) => new StringChunk(text)), params: query.params };
      }
      const params = fillPlaceholders(built.params, values);
      const chunks: SQLChunk[] = [built.pieces[0]!];
      for (let i = 0; i < params.length; i++) chunks.push(new Param(params[i]), built.pieces[i + 1]);
      // Both drivers answer `{ rows }`.
      return (await db.execute(new SQL(chunks))) as { rows: R[] };
    },
  });
  return statement;
}

/** Statements keyed by their shape (e.g. a filter), each built once (see preparedSql). */
export function preparedSqlByKey<K extends string, R = Record<string, unknown>>(
  build: (key: K) => SQL,
): (db: Db, key: K) => PreparedSql<R> {
  const byKey = new Map<K, (db: Db) => PreparedSql<R>>();
  return (db, key) => {
    let statement = byKey.get(key);
    if (!statement) {
      statement = preparedSql<R>(() => build(key));
      byKey.set(key, statement);
    }
    return statement(db);
  };
}
