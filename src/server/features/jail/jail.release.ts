// The release tracker's part of the jail dashboard: filters and counts over the dates
// stored with each case, compared with today in SQL. Each condition is a range on one partial
// index (cases_s479_eligible_on_idx, cases_default_bail_due_idx, cases_maximum_ends_on_idx), so a
// count costs the number of matching cases, not the number of members.
import { and, countDistinct, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ELIGIBLE_SOON_DAYS, type ReleaseCounts, type ReleaseFilter } from '#shared/cases.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import type { Db } from '../../db/client.ts';
import { cases, familyMembers } from '../../db/schema.ts';

/** The condition on one case row for a filter, on a given day. */
export function releaseCaseWhere(filter: ReleaseFilter, today: string): SQL {
  switch (filter) {
    case 'eligible-now':
      return and(isNotNull(cases.s479EligibleOn), lte(cases.s479EligibleOn, today)) as SQL;
    case 'eligible-30-days':
      return and(gt(cases.s479EligibleOn, today), lte(cases.s479EligibleOn, addDays(today, ELIGIBLE_SOON_DAYS))) as SQL;
    case 'default-bail-due':
      return and(
        isNotNull(cases.defaultBailEligibleOn),
        lte(cases.defaultBailEligibleOn, today),
        or(isNull(cases.chargesheetFiledOn), gt(cases.chargesheetFiledOn, today)),
      ) as SQL;
    case 'past-maximum':
      return and(isNotNull(cases.maximumEndsOn), lte(cases.maximumEndsOn, today)) as SQL;
  }
}

/** Family members with at least one case matching the filter (for the dashboard's member list). */
export function releaseMemberWhere(filter: ReleaseFilter, today = todayInIndia()): SQL {
  return sql`exists (select 1 from ${cases} where ${cases.familyMemberId} = ${familyMembers.userId} and ${releaseCaseWhere(filter, today)})`;
}

async function countMembers(db: Db, filter: ReleaseFilter, today: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(cases.familyMemberId) })
    .from(cases)
    .where(releaseCaseWhere(filter, today));
  return row?.n ?? 0;
}

/** Members per release filter: four index range counts. */
export async function releaseCounts(db: Db, today = todayInIndia()): Promise<ReleaseCounts> {
  const [eligibleNow, eligibleSoon, defaultBailDue, pastMaximum] = await Promise.all([
    countMembers(db, 'eligible-now', today),
    countMembers(db, 'eligible-30-days', today),
    countMembers(db, 'default-bail-due', today),
    countMembers(db, 'past-maximum', today),
  ]);
  return { asOf: today, eligibleNow, eligibleSoon, defaultBailDue, pastMaximum };
}
