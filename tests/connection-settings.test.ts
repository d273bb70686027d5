// What each pooled PostgreSQL connection is opened with (src/server/db/client.ts): one generic plan per
// prepared statement (docs/decisions/0015-prepared-statements.md) and no JIT compilation, which a
// generic plan's guessed cost set off on every page read (docs/decisions/0070-jail-cards-table.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/client.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('a pooled connection', () => {
  // PGlite has neither setting to open a connection with: this runs in the PostgreSQL project only.
  it.skipIf(process.env.RIHAAI_TEST_DB !== 'postgres')('runs generic plans and never compiles one (PostgreSQL)', async () => {
    expect(t.kind).toBe('postgres');
    const [row] = rowsOf<{ mode: string; jit: string }>(
      await t.db.execute(sql`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`),
    );
    expect(row).toEqual({ mode: 'force_generic_plan', jit: 'off' });
  });
});
