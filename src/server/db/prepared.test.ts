// Statements built once and run through Drizzle's public API (docs/decisions/0027-statements-built-once.md):
// the text sent is the text Drizzle itself writes for the statement (so the connection's prepared
// statement is reused), the values are the call's, on a database and in a transaction alike.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASING, openDb, type DbHandle } from './client.ts';
import { preparedSql, preparedSqlByKey } from './prepared.ts';

let handle: DbHandle;
const sent: { query: string; params: unknown[] }[] = [];
beforeAll(async () => {
  // PGlite, or TEST_DATABASE_URL's server when the 'postgres' project runs (these statements read no table).
  const databaseUrl = process.env.RIHAAI_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  handle = await openDb({ databaseUrl, poolSize: 2, onQuery: (query, params) => sent.push({ query, params }) });
});
afterAll(() => handle.close());

let builds = 0;
const build = () => {
  builds++;
  return sql`select ${sql.placeholder('a')}::int + 1 as n, ${sql.placeholder('xs')}::text[] as xs, ${sql.placeholder('a')}::int as again,
    ${'fixed'}::text as fixed, 'it''s $1 or ?' as lit`;
};
const statement = preparedSql<{ n: number; xs: string[]; again: number; fixed: string; lit: string }>(build);

describe('preparedSql', () => {
  it('sends the text Drizzle writes, with the values in their places, and builds it once', async () => {
    sent.length = 0;
    const first = await statement(handle.db).execute({ a: 41, xs: ['x', "y'z"] });
    const second = await statement(handle.db).execute({ a: 1, xs: [] });
    expect(first.rows).toEqual([{ n: 42, xs: ['x', "y'z"], again: 41, fixed: 'fixed', lit: "it's $1 or ?" }]);
    expect(second.rows).toEqual([{ n: 2, xs: [], again: 1, fixed: 'fixed', lit: "it's $1 or ?" }]);
    const text = new PgDialect({ casing: CASING }).sqlToQuery(build()).sql;
    expect(sent.map((s) => s.query)).toEqual([text, text]);
    expect(sent.map((s) => s.params)).toEqual([
      [41, ['x', "y'z"], 41, 'fixed'],
      [1, [], 1, 'fixed'],
    ]);
    // Once for the statement, once above for the comparison.
    expect(builds).toBe(2);
  });

  it('runs in a transaction, seeing what the transaction did', async () => {
    const setting = preparedSql<{ v: string | null }>(() => sql`select current_setting(${sql.placeholder('name')}, true) as v`);
    const inside = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('rihaai.prepared_probe', 'inside', true)`);
      return (await setting(tx).execute({ name: 'rihaai.prepared_probe' })).rows[0]?.v;
    });
    expect(inside).toBe('inside');
    expect([null, '']).toContain((await setting(handle.db).execute({ name: 'rihaai.prepared_probe' })).rows[0]?.v);
  });

  it('refuses a call without a placeholder’s value, and keys statements by shape', async () => {
    await expect(statement(handle.db).execute({ a: 1 })).rejects.toThrow('No value for placeholder "xs"');
    const byKey = preparedSqlByKey<'up' | 'down', { v: string }>(
      (key) => sql`select ${key === 'up' ? sql`upper` : sql`lower`}(${sql.placeholder('s')}) as v`,
    );
    expect((await byKey(handle.db, 'up').execute({ s: 'Ab' })).rows).toEqual([{ v: 'AB' }]);
    expect((await byKey(handle.db, 'down').execute({ s: 'Ab' })).rows).toEqual([{ v: 'ab' }]);
  });

  it('uses no private part of Drizzle (its session, its dialect or its internal state)', () => {
    const source = fs.readFileSync(new URL('./prepared.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\b_\.|\.session\b|\.dialect\b|prepareQuery/);
  });
});
