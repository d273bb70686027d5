// Hot statements built once (docs/decisions/0027-statements-built-once.md). Drizzle turns a query
// builder or an sql`` template into SQL text on every call; for the reads every request makes (the
// session lookup, the dashboard, the lawyer's and the family's lists) that building was the largest
// part of the server's own time. A statement made here is built the first time it runs, with
// `sql.placeholder('name')` where its values go; each later call only fills the values in and runs
// it, through Drizzle's public API alone (a query builder's prepare, db.execute). The connection still
// prepares it by a hash of its text (client.ts), so the database parses and plans it once too.
import { fillPlaceholders, SQL, type QueryWithTypings } from 'drizzle-orm';
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

const dialect = new PgDialect({ casing: CASING });

/**
 * An sql`` statement already rendered, with this call's values: db.execute renders the SQL it is given
 * by calling its (public) toQuery, which here hands back the text rendered once instead of walking the
 * statement's parts again (that walk cost more than the rest of a call).
 */
class RenderedSql extends SQL {
  constructor(private readonly query: QueryWithTypings) {
    super([]);
  }
  override toQuery(): QueryWithTypings {
    return this.query;
  }
}

export interface PreparedSql<R> {
  execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
}

/**
 * An sql`` statement (rows as the driver returns them, like db.execute), rendered to text once; a
 * call fills its placeholders in (fillPlaceholders, as a prepared query builder does) and runs it with
 * db.execute, Drizzle's public way to run SQL on a database or in a transaction.
 */
export function preparedSql<R = Record<string, unknown>>(build: () => SQL): (db: Db) => PreparedSql<R> {
  let rendered: QueryWithTypings | undefined;
  return (db) => ({
    async execute(values) {
      rendered ??= dialect.sqlToQuery(build());
      const query = { sql: rendered.sql, params: fillPlaceholders(rendered.params, values), typings: rendered.typings };
      // Both drivers answer `{ rows }`.
      return (await db.execute(new RenderedSql(query))) as { rows: R[] };
    },
  });
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
