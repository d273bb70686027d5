// The release tracker's part of the jail dashboard. Each filter is a stored member flag —
// "a case still in custody whose date has come on the clock's day" — kept by triggers in the same
// transaction as every case change and by the daily pass that moves the day
// (drizzle/0006_release_custody.sql), with a partial index and a counter in jail_counts like the other
// filters. So a page or a count costs the same at 100,000 members as at 10.
import { inArray, sql } from 'drizzle-orm';
import { RELEASE_FILTERS, type ReleaseCounts, type ReleaseFilter } from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import type { Db } from '../../db/client.ts';
import { syncReleaseClock } from '../../lib/case-facts.ts';
import { familyMembers, jailCounts } from '../../db/schema.ts';

/** The stored flag of each release filter (see the partial indexes family_members_release_*_idx). */
export const RELEASE_FILTER_COLUMNS = {
  'eligible-now': sql`${familyMembers.releaseEligibleNow}`,
  'eligible-30-days': sql`${familyMembers.releaseEligibleSoon}`,
  'default-bail-due': sql`${familyMembers.releaseDefaultBailDue}`,
  'past-maximum': sql`${familyMembers.releasePastMaximum}`,
} satisfies Record<ReleaseFilter, unknown>;

/** Members per release filter: the four counters, summed over their shards. */
export async function releaseCounts(db: Db, today = todayInIndia()): Promise<ReleaseCounts> {
  const asOf = await syncReleaseClock(db, today);
  const rows = await db
    .select({ key: jailCounts.key, n: sql<string>`sum(${jailCounts.n})` })
    .from(jailCounts)
    .where(inArray(jailCounts.key, [...RELEASE_FILTERS]))
    .groupBy(jailCounts.key);
  const n = new Map(rows.map((r) => [r.key, Number(r.n)]));
  return {
    asOf,
    eligibleNow: n.get('eligible-now') ?? 0,
    eligibleSoon: n.get('eligible-30-days') ?? 0,
    defaultBailDue: n.get('default-bail-due') ?? 0,
    pastMaximum: n.get('past-maximum') ?? 0,
  };
}
