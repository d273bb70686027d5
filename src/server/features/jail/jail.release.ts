// The release tracker's part of the jail dashboard. Each filter is a stored member flag —
// "a case still in custody whose date has come on the clock's day" — kept by triggers in the same
// transaction as every case change and by the daily pass that moves the day
// (drizzle/0006_release_custody.sql), with a partial index and a counter in jail_counts like the other
// filters. So a page or a count costs the same at 100,000 members as at 10.
import { inArray, sql } from 'drizzle-orm';
import { RELEASE_FILTERS, type ReleaseCounts, type ReleaseFilter } from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { ensureReleaseClock } from '../../lib/case-facts.ts';
import { familyMembers, jailCounts, releaseClock } from '../../db/schema.ts';
import { ALL_PRISONS } from '../../db/derived.ts';

/** The stored flag of each release filter (see the partial indexes family_members_release_*_idx). */
export const RELEASE_FILTER_COLUMNS = {
  'eligible-now': sql`${familyMembers.releaseEligibleNow}`,
  'eligible-30-days': sql`${familyMembers.releaseEligibleSoon}`,
  'default-bail-due': sql`${familyMembers.releaseDefaultBailDue}`,
  'past-maximum': sql`${familyMembers.releasePastMaximum}`,
} satisfies Record<ReleaseFilter, unknown>;

const releaseCountsStatement = preparedSql<{ as_of: string | null; counts: unknown }>(
  () => sql`select (select ${releaseClock.asOf}::text from ${releaseClock}) as as_of,
      (select json_object_agg(x.k, x.n) from (select ${jailCounts.key} as k, sum(${jailCounts.n})::bigint as n from ${jailCounts}
        where ${jailCounts.scope} = ${sql.placeholder('scope')}::uuid and ${inArray(jailCounts.key, [...RELEASE_FILTERS])}
        group by ${jailCounts.key}) x) as counts`,
);

/**
 * Members per release filter: the four counters, summed over their shards, and the clock's day they
 * are for, in one statement. The clock is moved first only when this process sees a new day
 * (ensureReleaseClock), as the member list does: one statement a request otherwise.
 */
export async function releaseCounts(db: Db, today = todayInIndia(), prisonId?: string): Promise<ReleaseCounts> {
  await ensureReleaseClock(db, today);
  // A jail authority of one prison counts that prison's members (jail_counts.scope).
  const { rows } = await releaseCountsStatement(db).execute({ scope: prisonId ?? ALL_PRISONS });
  const row = rows[0];
  const counts = (typeof row?.counts === 'string' ? JSON.parse(row.counts) : row?.counts) as Record<string, number | string> | null;
  const n = new Map(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
  return {
    asOf: row?.as_of ?? today,
    eligibleNow: n.get('eligible-now') ?? 0,
    eligibleSoon: n.get('eligible-30-days') ?? 0,
    defaultBailDue: n.get('default-bail-due') ?? 0,
    pastMaximum: n.get('past-maximum') ?? 0,
  };
}
