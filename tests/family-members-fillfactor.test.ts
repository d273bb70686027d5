// The member's tables keep room on each page for a rewritten row (docs/decisions/0063-family-members-fillfactor.md,
// docs/decisions/0070-jail-cards-table.md). An owner's edit rewrites only the stored jail cards of its
// members, in jail_cards, a column no index reads; a write's counter or flag rewrites the member's row
// in family_members. With room on the page each new row version stays there (a HOT update) instead of
// adding an entry to each of the table's indexes. Packed pages (fillfactor 100) leave no room and every
// rewrite is a full update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/client.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { createFamilyMember } from '#tests/factories.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  for (let i = 0; i < 60; i++) await createFamilyMember(t.db, { name: `Fill ${String(i).padStart(2, '0')}` });
}, 120_000);
afterAll(() => t.close());

/** Rewrites every fourth row of `table` (as an NGO's or a lawyer's members are spread over it) with `set`. */
async function rewriteQuarter(table: 'jail_cards' | 'family_members', key: string, set: string) {
  // The table as a restore or a rewrite leaves it: rows packed to the fill factor, no dead versions.
  await t.db.execute(sql.raw(`vacuum full ${table}`));
  return t.db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`update ${table} set ${set}
        where ${key} in (select ${key} from (select ${key}, row_number() over (order by ctid) as n from ${table}) m where m.n % 4 = 0)`),
    );
    const [row] = rowsOf<{ updated: number; hot: number }>(
      await tx.execute(
        sql.raw(`select pg_stat_get_xact_tuples_updated('${table}'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('${table}'::regclass)::int as hot`),
      ),
    );
    return row!;
  });
}

describe('the member tables are filled to 70 %', () => {
  it('so the jail cards of a spread-out quarter of the members are rewritten in place', { timeout: 120_000 }, async () => {
    const [options] = rowsOf<{ reloptions: string[] | null }>(
      await t.db.execute(sql`select reloptions from pg_class where oid = 'jail_cards'::regclass`),
    );
    expect(options?.reloptions).toContain('fillfactor=70');
    const counts = await rewriteQuarter('jail_cards', 'member_id', `card = card || ' '`);
    expect(counts.updated).toBeGreaterThanOrEqual(15);
    expect(counts.hot).toBe(counts.updated);
  });

  it("so a counter of a spread-out quarter of the members' rows is rewritten in place", { timeout: 120_000 }, async () => {
    const [options] = rowsOf<{ reloptions: string[] | null }>(
      await t.db.execute(sql`select reloptions from pg_class where oid = 'family_members'::regclass`),
    );
    expect(options?.reloptions).toContain('fillfactor=70');
    const counts = await rewriteQuarter('family_members', 'user_id', `bail_papers = bail_papers`);
    expect(counts.updated).toBeGreaterThanOrEqual(15);
    expect(counts.hot).toBe(counts.updated);
  });
});
