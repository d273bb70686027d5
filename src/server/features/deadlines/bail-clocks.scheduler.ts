// The poor-prisoners fund's clocks chase the offices that run them (docs/law.md#bail-clocks,
// docs/decisions/0055-jail-intimation-informs-the-dlsa.md). Run by the deadline pass
// (deadlines.scheduler.ts): every clock bailToRelease reports overdue fires once, under the key
// bail-clock:<case>:<clock>:<the day it counts from>, in the transaction that tells
// - the side that must act: the jail accounts of the prisoner's prison (the intimation), the district's
//   DLSA accounts (the recommendation, the money) — `bail_clock_due`;
// - the DLSA, when the jail is late: its accounts and the prison's DLSA address — `bail_clock_escalated`;
// - the relative who registered the case — `bail_clock_late_family`.
// Each in the recipient's language (notify); the address without an account in English.
import { sql } from 'drizzle-orm';
import type { BailOverdue } from '#shared/bail.ts';
import { CLOCK_ACTOR, FUND_EXCLUDED_OFFENCES, moneyRoute } from '#shared/bail-money-route.ts';
import { addDays } from '#shared/release.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { findRecipients, notify, sendEmail, type Recipient } from '../../lib/notify.ts';

type Row = {
  id: string;
  case_number: string;
  family_member_id: string;
  prisoner_name: string;
  bail_granted_on: string;
  bail_furnished_on: string | null;
  custody_since: string | null;
  dlsa_informed_on: string | null;
  dlsa_recommended_on: string | null;
  committee_decided_on: string | null;
  prison_id: string | null;
  prison_name: string | null;
  state: string | null;
  district: string | null;
  dlsa_email: string | null;
  /** The prisoner's consent withdrawn (docs/decisions/0053-notice-and-consent.md): the family's reminder stays in the app, no email. */
  consent_withdrawn: boolean;
};

/** The day each clock counts from: a new day recorded there is a new clock. */
function keyOf(r: Pick<Row, 'id' | 'bail_granted_on' | 'dlsa_informed_on' | 'dlsa_recommended_on'>, clock: BailOverdue): string {
  const from = clock === 'inform-dlsa' ? r.bail_granted_on : clock === 'recommend' ? r.dlsa_informed_on : r.dlsa_recommended_on;
  return `bail-clock:${r.id}:${clock}:${from}`;
}

const keySql = (clock: BailOverdue, column: ReturnType<typeof sql>) =>
  sql`'bail-clock:' || c.id::text || ${`:${clock}:`} || ${column}::text`;
const notFired = (key: ReturnType<typeof sql>) => sql`not exists (select 1 from deadline_events e where e.key = ${key})`;

export interface BailClockOptions {
  publicUrl: string;
  batch: number;
}

/**
 * Cases with bail and no release whose clock may have passed and has not fired: a superset read by the
 * partial index cases_bailed_not_released_idx (the committee's Monday is worked out in bailToRelease,
 * not in SQL, so a recommendation over 5 days old is read until its money is late or decided).
 */
async function candidates(db: Db, today: string, batch: number): Promise<Row[]> {
  const excluded = [...FUND_EXCLUDED_OFFENCES];
  const informBy = addDays(today, -7 - 1);
  const recommendBy = addDays(today, -5 - 1);
  // The fund's later clocks only for a case none of whose offences the fund excludes.
  const covered = sql`not exists (select 1 from jsonb_array_elements(CASE WHEN jsonb_array_length(c.charges_framed) > 0 THEN c.charges_framed ELSE c.offences END) o where o->>'code' in (${sql.join(
    excluded.map((x) => sql`${x}`),
    sql`, `,
  )}))`;
  return rowsOf<Row>(
    await db.execute(sql`
      select c.id, c.case_number, c.family_member_id, coalesce(nullif(c.prisoner_name, ''), p.name, '') as prisoner_name,
        c.bail_granted_on::text, c.bail_furnished_on::text, c.custody_since::text, c.dlsa_informed_on::text,
        c.dlsa_recommended_on::text, c.committee_decided_on::text,
        pr.id as prison_id, pr.name as prison_name, pr.state, pr.district, pr.dlsa_email,
        p.consent_withdrawn_at is not null as consent_withdrawn
      from cases c
      left join prisoners p on p.id = c.prisoner_id
      left join prisons pr on pr.id = p.prison_id
      where c.bail_granted_on is not null and c.released_on is null
        and (
          (c.dlsa_informed_on is null and c.bail_granted_on <= ${informBy}::date
            and ${notFired(keySql('inform-dlsa', sql`c.bail_granted_on`))})
          or (c.dlsa_informed_on is not null and c.dlsa_recommended_on is null and c.dlsa_informed_on <= ${recommendBy}::date
            and ${covered}
            and ${notFired(keySql('recommend', sql`c.dlsa_informed_on`))})
          or (c.dlsa_recommended_on is not null and c.committee_decided_on is null and c.dlsa_recommended_on <= ${recommendBy}::date
            and ${covered}
            and ${notFired(keySql('funds', sql`c.dlsa_recommended_on`))})
        )
      order by c.bail_granted_on, c.id
      limit ${batch}`),
  );
}

/** The offences of a case (the charges framed once there are some: countedOffences), read again in the firing transaction (the clocks use them). */
async function offencesOf(tx: Db, caseId: string) {
  const [row] = rowsOf<{ offences: { code: string }[]; released_on: string | null; bail_granted_on: string | null }>(
    await tx.execute(
      sql`select (case when jsonb_array_length(charges_framed) > 0 then charges_framed else offences end) as offences, released_on::text, bail_granted_on::text from cases where id = ${caseId}`,
    ),
  );
  return row;
}

async function dlsaAccounts(tx: Db, state: string | null, district: string | null): Promise<Recipient[]> {
  if (!state || !district) return [];
  const ids = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from users where role = 'DLSA' and scope_state = ${state} and scope_district = ${district}`),
  ).map((r) => r.id);
  return findRecipients(tx, ids);
}

async function jailAccounts(tx: Db, prisonId: string | null): Promise<Recipient[]> {
  if (!prisonId) return [];
  const ids = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from users where role = 'Jail-Authority' and prison_id = ${prisonId}`),
  ).map((r) => r.id);
  return findRecipients(tx, ids);
}

/** One pass: fires every passed clock not fired yet; returns the keys fired. */
export async function bailClockReminders(
  db: Db,
  o: BailClockOptions,
  today: string,
  fireOnce: (db: Db, key: string, send: (tx: Db) => Promise<void>) => Promise<boolean>,
): Promise<string[]> {
  const fired: string[] = [];
  for (const r of await candidates(db, today, o.batch)) {
    const firstRead = await offencesOf(db, r.id);
    if (!firstRead) continue;
    const route = moneyRoute({
      asOf: today,
      custodySince: r.custody_since,
      offences: firstRead.offences,
      bailGrantedOn: r.bail_granted_on,
      bailFurnishedOn: r.bail_furnished_on,
      releasedOn: firstRead.released_on,
      dlsaInformedOn: r.dlsa_informed_on,
      dlsaRecommendedOn: r.dlsa_recommended_on,
      committeeDecidedOn: r.committee_decided_on,
    });
    for (const clock of route?.assessment.overdue ?? []) {
      const key = keyOf(r, clock);
      const due =
        clock === 'inform-dlsa'
          ? route!.assessment.informDlsaBy
          : clock === 'recommend'
            ? route!.assessment.recommendBy
            : route!.assessment.fundsBy;
      const ok = await fireOnce(db, key, async (tx) => {
        // Released or the bail order changed since the candidates were read: the key is spent, nobody is told.
        const still = await offencesOf(tx, r.id);
        if (!still || still.released_on !== null || still.bail_granted_on !== r.bail_granted_on) return;
        const actor = CLOCK_ACTOR[clock];
        const params = {
          caseNumber: r.case_number,
          member: r.prisoner_name,
          date: due ?? today,
          prison: r.prison_name ?? '',
          district: r.district ?? '',
          clock,
          office: actor,
        };
        const dlsa = await dlsaAccounts(tx, r.state, r.district);
        const acting = actor === 'jail' ? await jailAccounts(tx, r.prison_id) : dlsa;
        const link = actor === 'jail' ? `/cases/${r.id}/hearings` : '/dlsa';
        for (const who of acting) {
          await notify(tx, who, { kind: 'bail_clock_due', params, link, publicUrl: o.publicUrl, reminder: true });
        }
        if (actor === 'jail') {
          for (const who of dlsa) {
            await notify(tx, who, { kind: 'bail_clock_escalated', params, link: '/dlsa', publicUrl: o.publicUrl, reminder: true });
          }
        }
        // The prison's DLSA address, unless one of the accounts told has it.
        if (r.dlsa_email && !dlsa.some((d) => d.email.toLowerCase() === r.dlsa_email!.toLowerCase())) {
          await sendEmail(
            tx,
            { email: r.dlsa_email, name: `Secretary, DLSA ${r.district ?? ''}`.trim() },
            { kind: actor === 'jail' ? 'bail_clock_escalated' : 'bail_clock_due', params },
          );
        }
        for (const family of await findRecipients(tx, [r.family_member_id])) {
          await notify(tx, r.consent_withdrawn ? { ...family, emailReminders: false } : family, {
            kind: 'bail_clock_late_family',
            params,
            link: '/family-case',
            publicUrl: o.publicUrl,
            reminder: true,
          });
        }
      });
      if (ok) fired.push(key);
    }
  }
  return fired;
}
