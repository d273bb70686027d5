// Hot statements built once (docs/decisions/0027-statements-built-once.md). Drizzle turns a query
// builder or an sql`` template into SQL text on every call; for the reads every request makes (the
// session lookup, the dashboard, the lawyer's and the family's lists) that building was the largest
// part of the server's own time. A statement made here is built the first time it runs on a database
// handle, with `sql.placeholder('name')` where its values go; each later call only fills the values
// in and runs it. The connection still prepares it by a hash of its text (client.ts), so the
// database parses and plans it once too.
import type { SQL } from 'drizzle-orm';
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

export interface PreparedSql<R> {
  execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
}

/** An sql`` statement (rows as the driver returns them, like db.execute), built once per handle. */
export function preparedSql<R = Record<string, unknown>>(build: () => SQL): (db: Db) => PreparedSql<R> {
  let text: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return perDb((db) => {
    text ??= dialect.sqlToQuery(build());
    return db._.session.prepareQuery(text, undefined, '', false) as unknown as PreparedSql<R>;
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
