// The DLSA's Undertrial Review Committee list (docs/law.md#undertrial-review-committees): its district's
// prisoners in the categories Rihaai computes from recorded facts, bounded per category
// (UTRC_CATEGORY_CAP), for the quarterly meeting.
//
// Nothing here restates a rule. The four release categories start from the member release flags the
// jail's filters read (derived.ts 'member-release-flags'), through their per-prison indexes
// (family_members_prison_release_*_idx, one range per prison of the district); each candidate case is
// then kept by releaseFlagsOn (src/shared/release.ts), the same rule the flags are kept by, on the
// release clock's day. "Bailed but not released" is the bail desk's set (a bail order on or before that
// day and no release), read as the desk reads it, from each prison's range of cases_prison_bailed_idx. "Bailable offence and a week in custody" (S.478) reads each prison's cases whose
// counted offences are all bailable (derived.ts 'case-all-bailable', 'case-prison') and whose custody
// began a week or more before that day, through cases_bailable_custody_idx (one range per prison), and
// keeps each by personalBondFrom (src/shared/bail-money-route.ts), the rule the family's money route shows.
import { sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { INDIGENCE_DAYS } from '#shared/bail.ts';
import { personalBondFrom } from '#shared/bail-money-route.ts';
import { releaseFlagsOn, todayInIndia, type ReleaseFlags } from '#shared/release.ts';
import { UTRC_CATEGORIES, UTRC_CATEGORY_CAP, UTRC_SCREEN_ROWS, type UtrcCategory, type UtrcList, type UtrcRow } from '#shared/utrc.ts';
import type { Db } from '../../db/client.ts';
import { preparedSqlByKey } from '../../db/prepared.ts';
import { dlsaDistrict } from '../prisons/bail-desk.queries.ts';

/** The member flag each release category reads, and releaseFlagsOn's field that keeps a case in it. */
const FLAGGED = {
  'past-maximum': { column: 'release_past_maximum', flag: 'pastMaximum', since: 'maximum_ends_on' },
  'eligible-now': { column: 'release_eligible_now', flag: 'eligibleNow', since: 's479_eligible_on' },
  'eligible-soon': { column: 'release_eligible_soon', flag: 'eligibleSoon', since: 's479_eligible_on' },
  'default-bail-due': { column: 'release_default_bail_due', flag: 'defaultBailDue', since: 'default_bail_eligible_on' },
} as const satisfies Partial<Record<UtrcCategory, { column: string; flag: keyof ReleaseFlags; since: string }>>;
type Flagged = keyof typeof FLAGGED;

/** localeCompare's order, with one collator made once (localeCompare looks one up on every call). */
const collator = new Intl.Collator();

type CaseRow = {
  /** The release clock's day, on every row (and on the one row with no category when no case is a candidate). */
  as_of: string;
  category: Flagged | 'bailed-not-released' | 'bailable-week' | null;
  case_id: string;
  case_number: string;
  s479_eligible_on: string | null;
  maximum_ends_on: string | null;
  default_bail_eligible_on: string | null;
  chargesheet_filed_on: string | null;
  released_on: string | null;
  bail_granted_on: string | null;
  custody_since: string | null;
  bail_furnished_on: string | null;
  all_bailable: boolean;
  prisoner_id: string;
  prisoner_name: string;
  name_latin: string;
  prisoner_number: string | null;
  prison_name: string;
};

const caseColumns = sql`c.id as case_id, c.case_number, c.s479_eligible_on::text, c.maximum_ends_on::text,
  c.default_bail_eligible_on::text, c.chargesheet_filed_on::text, c.released_on::text, c.bail_granted_on::text,
  c.custody_since::text, c.bail_furnished_on::text, c.all_bailable,
  p.id as prisoner_id, p.name as prisoner_name, p.name_latin, p.prisoner_number, pp.name as prison_name`;

/** One category's part of the statement: at most `limit` candidates from each prison of the district. */
function categoryPart(category: UtrcCategory, limit: number) {
  if (category === 'bailed-not-released')
    return sql`
      (select 'bailed-not-released' as category, ${caseColumns}
      from dp cross join lateral (select c.* from cases c
        where c.prison_id = dp.id and c.bail_granted_on is not null and c.released_on is null
          and c.bail_granted_on <= d.as_of
        order by c.prison_id, c.bail_granted_on, c.id limit ${limit}) c
      join prisoners p on p.id = c.prisoner_id
      join dp pp on pp.id = p.prison_id)`;
  if (category === 'bailable-week')
    return sql`
      (select 'bailable-week' as category, ${caseColumns}
      from dp cross join lateral (select c.* from cases c
        where c.prison_id = dp.id and c.all_bailable and c.released_on is null
          and c.custody_since <= d.as_of - ${sql.raw(String(INDIGENCE_DAYS))}
          and (c.bail_furnished_on is null or c.bail_furnished_on > d.as_of)
        order by c.prison_id, c.custody_since limit ${limit}) c
      join prisoners p on p.id = c.prisoner_id
      join dp pp on pp.id = p.prison_id)`;
  return sql`
    (select ${category}::text as category, ${caseColumns}
    from dp cross join lateral (select m.user_id from family_members m
      where m.prison_id = dp.id and ${sql.raw(`m.${FLAGGED[category].column}`)}
      order by m.prison_id, m.name, m.user_id limit ${limit}) m
    join cases c on c.family_member_id = m.user_id
    join prisoners p on p.id = c.prisoner_id
    join dp pp on pp.id = p.prison_id)`;
}

/**
 * Built once per shape (docs/decisions/0027-statements-built-once.md): every category up to the cap
 * (the print view), or one category's first screen (UTRC_SCREEN_ROWS). One more candidate than is
 * shown is read from each prison, so the answer can say that the list goes on.
 */
const utrcStatement = preparedSqlByKey<UtrcCategory | 'all', CaseRow>((key) => {
  const shown = key === 'all' ? UTRC_CATEGORY_CAP : UTRC_SCREEN_ROWS;
  const parts = (key === 'all' ? UTRC_CATEGORIES : [key]).map((c) => categoryPart(c, shown + 1));
  // The release clock's day is read in the same statement (d): every row carries it, and one row without
  // a category stands for an empty list.
  return sql`
    with d as materialized (select coalesce((select as_of from release_clock), ${sql.placeholder('today')}::date) as as_of),
    dp as materialized (select id, name from prisons
      where state = ${sql.placeholder('state')} and district = ${sql.placeholder('district')})
    select d.as_of::text as as_of, u.* from d left join lateral (${sql.join(parts, sql` union all `)}) u on true`;
});

/**
 * The district's UTRC list on the release clock's day: every category up to UTRC_CATEGORY_CAP each (the
 * print view), or, for the screen, one category's first UTRC_SCREEN_ROWS (`truncated` when there are more).
 */
export async function utrcList(db: Db, user: Pick<User, 'id'>, query: { category?: UtrcCategory | undefined } = {}): Promise<UtrcList> {
  const { state, district } = await dlsaDistrict(db, user);
  const key = query.category ?? 'all';
  const shown = key === 'all' ? UTRC_CATEGORY_CAP : UTRC_SCREEN_ROWS;
  const { rows } = await utrcStatement(db, key).execute({ state, district, today: todayInIndia() });
  const asOf = rows[0]?.as_of ?? todayInIndia();

  const byCategory = new Map<UtrcCategory, Map<string, UtrcRow>>();
  const cut = new Set<UtrcCategory>();
  for (const r of rows) {
    if (r.category === null) continue;
    let since: string | null;
    if (r.category === 'bailed-not-released') since = r.bail_granted_on;
    else if (r.category === 'bailable-week') {
      const from = personalBondFrom({
        asOf,
        bailable: r.all_bailable,
        custodySince: r.custody_since,
        releasedOn: r.released_on,
        bailFurnishedOn: r.bail_furnished_on,
      });
      if (from === null) continue;
      since = r.custody_since;
    } else {
      const rule = FLAGGED[r.category];
      const flags = releaseFlagsOn(
        {
          s479EligibleOn: r.s479_eligible_on,
          maximumEndsOn: r.maximum_ends_on,
          defaultBailEligibleOn: r.default_bail_eligible_on,
          releasedOn: r.released_on,
          bailGrantedOn: r.bail_granted_on,
        },
        r.chargesheet_filed_on,
        asOf,
      );
      if (!flags[rule.flag]) continue;
      since = r[rule.since];
    }
    const list = byCategory.get(r.category) ?? new Map<string, UtrcRow>();
    byCategory.set(r.category, list);
    if (list.has(r.prisoner_id)) continue;
    if (list.size >= shown) {
      cut.add(r.category);
      continue;
    }
    list.set(r.prisoner_id, {
      prisonerId: r.prisoner_id,
      prisonerName: r.prisoner_name,
      prisonerNameLatin: r.name_latin,
      prisonerNumber: r.prisoner_number,
      prisonName: r.prison_name,
      caseId: r.case_id,
      caseNumber: r.case_number,
      since,
    });
  }
  const order = (a: UtrcRow, b: UtrcRow) =>
    collator.compare(a.prisonName, b.prisonName) ||
    collator.compare(a.prisonerNameLatin || a.prisonerName, b.prisonerNameLatin || b.prisonerName);
  return {
    asOf,
    state,
    district,
    categories: (key === 'all' ? UTRC_CATEGORIES : [key]).map((category) => ({
      category,
      truncated: cut.has(category),
      rows: [...(byCategory.get(category)?.values() ?? [])].sort(order),
    })),
  };
}
