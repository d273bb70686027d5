// The DLSA's desk (docs/law.md#bail-clocks): its district's prisoners granted bail and still inside, a
// page at a time, oldest order first, each with the clocks that bailToRelease counts from the recorded
// steps. Each prison of the district gives at most a page from its own range of cases_prison_bailed_idx
// (the case carries its prisoner's prison: derived.ts 'case-prison'), and the pages merge: bounded by the
// district's prisons, however many people are on bail elsewhere.
import { sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { bailToRelease } from '#shared/bail.ts';
import { FUND_EXCLUDED_OFFENCES } from '#shared/bail-money-route.ts';
import type { BailDesk, BailDeskCase } from '#shared/bail-desk.ts';
import { todayInIndia } from '#shared/release.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { preparedSqlByKey } from '../../db/prepared.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeDayCursor, encodeDayCursor } from '../../lib/time-cursor.ts';

const PAGE = 50;

/** Both drivers' rows. */

/** The DLSA's district (users.scope_state, scope_district); 404 for an account without one. */
export async function dlsaDistrict(
  db: Db,
  user: Pick<User, 'id'> & Partial<Pick<User, 'district'>>,
): Promise<{ state: string; district: string }> {
  // The session read it already (plugins/auth.ts toUser).
  if (user.district) return user.district;
  const [me] = rowsOf<{ state: string | null; district: string | null }>(
    await db.execute(sql`select scope_state as state, scope_district as district from users where id = ${user.id} and role = 'DLSA'`),
  );
  if (!me?.state || !me.district) throw notFound('district');
  return { state: me.state, district: me.district };
}

type Row = {
  id: string;
  case_number: string;
  bail_granted_on: string;
  custody_since: string | null;
  released_on: string | null;
  dlsa_informed_on: string | null;
  dlsa_recommended_on: string | null;
  committee_decided_on: string | null;
  bail_bond_amount: number | null;
  bail_sureties: number | null;
  bail_surety_amount: number | null;
  bailable: boolean;
  fund_excluded: boolean;
  name: string;
  name_latin: string;
  prison_name: string;
};

// Built once per shape (docs/decisions/0027-statements-built-once.md): the first page, or the page after a cursor.
const deskStatement = preparedSqlByKey<'first' | 'after', Row>(
  (key) => sql`
    with dp as materialized (select id, name from prisons
      where state = ${sql.placeholder('state')} and district = ${sql.placeholder('district')})
    select c.id, c.case_number, c.bail_granted_on::text, c.custody_since::text, c.released_on::text,
      c.dlsa_informed_on::text, c.dlsa_recommended_on::text, c.committee_decided_on::text,
      c.bail_bond_amount, c.bail_sureties, c.bail_surety_amount,
      -- Every counted offence bailable (stored: derived.ts 'case-all-bailable'), and whether the fund excludes one.
      c.all_bailable as bailable,
      exists (select 1 from jsonb_array_elements(case when jsonb_array_length(c.charges_framed) > 0 then c.charges_framed else c.offences end) o
        where o->>'code' = any(${`{${[...FUND_EXCLUDED_OFFENCES].join(',')}}`}::text[])) as fund_excluded,
      p.name, p.name_latin, dp.name as prison_name
    from dp cross join lateral (select c.id, c.prisoner_id, c.case_number, c.bail_granted_on, c.custody_since, c.released_on,
        c.dlsa_informed_on, c.dlsa_recommended_on, c.committee_decided_on, c.bail_bond_amount, c.bail_sureties,
        c.bail_surety_amount, c.all_bailable, c.charges_framed, c.offences
      from cases c
      where c.prison_id = dp.id and c.bail_granted_on is not null and c.released_on is null
        ${key === 'after' ? sql`and (c.bail_granted_on, c.id) > (${sql.placeholder('afterOn')}::date, ${sql.placeholder('afterId')}::uuid)` : sql``}
      order by c.prison_id, c.bail_granted_on, c.id
      limit ${PAGE + 1}) c
    join prisoners p on p.id = c.prisoner_id and p.prison_id = dp.id
    order by c.bail_granted_on, c.id
    limit ${PAGE + 1}`,
);

export async function bailDesk(
  db: Db,
  user: Pick<User, 'id'>,
  query: { after?: string | undefined },
  asOf = todayInIndia(),
): Promise<BailDesk> {
  const { state, district } = await dlsaDistrict(db, user);
  const after = query.after ? decodeDayCursor(query.after) : undefined;
  const { rows } = await deskStatement(db, after ? 'after' : 'first').execute({
    state,
    district,
    afterOn: after?.on ?? null,
    afterId: after?.id ?? null,
  });
  const page = rows.slice(0, PAGE);
  const cases = page.map((r): BailDeskCase => {
    const a = bailToRelease({
      asOf,
      custodySince: r.custody_since ?? r.bail_granted_on,
      bailGrantedOn: r.bail_granted_on,
      releasedOn: r.released_on,
      bailable: r.bailable,
      excludedFromFund: r.fund_excluded,
      // A step recorded for a later day (a typing slip) counts from that day, as bailToRelease wants.
      dlsaInformedOn: r.dlsa_informed_on && r.dlsa_informed_on <= asOf ? r.dlsa_informed_on : null,
      dlsaRecommendedOn: r.dlsa_recommended_on && r.dlsa_recommended_on <= asOf ? r.dlsa_recommended_on : null,
      committeeDecidedOn: r.committee_decided_on && r.committee_decided_on <= asOf ? r.committee_decided_on : null,
    });
    return {
      caseId: r.id,
      caseNumber: r.case_number,
      prisonerName: r.name,
      prisonerNameLatin: r.name_latin,
      prisonName: r.prison_name,
      bailGrantedOn: r.bail_granted_on,
      bond: { amount: r.bail_bond_amount, sureties: r.bail_sureties, suretyAmount: r.bail_surety_amount },
      dlsaInformedOn: r.dlsa_informed_on,
      dlsaRecommendedOn: r.dlsa_recommended_on,
      committeeDecidedOn: r.committee_decided_on,
      stage: a.stage,
      informDlsaBy: a.informDlsaBy,
      recommendBy: a.recommendBy,
      committeeMeetsOn: a.committeeMeetsOn,
      fundsBy: a.fundsBy,
      courtMayRevisitFrom: a.courtMayRevisitFrom,
      overdue: a.overdue,
    };
  });
  const last = page.at(-1);
  return { asOf, cases, nextCursor: rows.length > PAGE && last ? encodeDayCursor({ on: last.bail_granted_on, id: last.id }) : null };
}
