// family_members keeps room on each page for a rewritten card (docs/decisions/0063-family-members-fillfactor.md):
// an owner's edit rewrites only the stored cards of its members, a column no index reads, so with room
// on the page each new row version stays there (a HOT update) instead of adding an entry to each of the
// table's indexes. Packed pages (fillfactor 100) leave no room and every rewrite is a full update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/client.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { createFamilyMember } from '#tests/factories.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('family_members pages', () => {
  it('are filled to 70 %, so the cards of a spread-out quarter of the members are rewritten in place', { timeout: 120_000 }, async () => {
    const [options] = rowsOf<{ reloptions: string[] | null }>(
      await t.db.execute(sql`select reloptions from pg_class where oid = 'family_members'::regclass`),
    );
    expect(options?.reloptions).toContain('fillfactor=70');

    for (let i = 0; i < 60; i++) await createFamilyMember(t.db, { name: `Fill ${String(i).padStart(2, '0')}` });
    // The table as a restore or a rewrite leaves it: rows packed to the fill factor, no dead versions.
    await t.db.execute(sql`vacuum full family_members`);

    // Every fourth member, as an NGO's or a lawyer's members are spread over the table.
    const counts = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('rihaai.writing_cards', 'on', true)`);
      await tx.execute(sql`update family_members set card = card
        where user_id in (select user_id from (select user_id, row_number() over (order by ctid) as n from family_members) m where m.n % 4 = 0)`);
      const [row] = rowsOf<{ updated: number; hot: number }>(
        await tx.execute(sql`select pg_stat_get_xact_tuples_updated('family_members'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('family_members'::regclass)::int as hot`),
      );
      return row!;
    });
    expect(counts.updated).toBeGreaterThanOrEqual(15);
    expect(counts.hot).toBe(counts.updated);
  });
});
