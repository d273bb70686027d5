// Bulk seeding for `npm run bench`: a whole state's undertrials in a few set-based SQL
// statements (generate_series), through the same triggers the app's own writes go through, but for the
// stored member cards, written once at the end by the function that defines them.
import { sql } from 'drizzle-orm';
import { CASE_TYPES } from '#shared/constants.ts';
import { caseAllBailable } from '#shared/bail-money-route.ts';
import { storedRelease, type CaseFacts } from '#shared/cases.ts';
import { OFFENCES } from '#shared/offences.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import { PLAN_CACHE_MODE, type Db } from '#server/db/client.ts';

export interface SeedShape {
  members: number;
  lawyers: number;
  ngos: number;
  /** Lawyer requests, spread over pending, accepted and rejected. */
  requests: number;
  /** Bail papers (one per member that has one). */
  documents: number;
}

/** The issue's shape: 100,000 members → 5,000 lawyers, 200 NGOs, 30,000 requests, 25,000 papers; scaled down with the members. */
export function shapeFor(members: number): SeedShape {
  return {
    members,
    lawyers: Math.max(CASE_TYPES.length * 2, Math.round(members / 20)),
    ngos: Math.max(5, Math.min(200, Math.round(members / 500))),
    requests: Math.round(members * 0.3),
    documents: Math.round(members * 0.25),
  };
}

/**
 * The heavy tail (bench/README.md): one NGO with many members and one lawyer with many clients and pending
 * requests, beside the uniform seed, so the lists and edits of large owners are measured. Scaled down
 * with the members (at 100,000: 5,000, 2,000 and 500).
 */
export interface HeavyTail {
  ngoMembers: number;
  lawyerClients: number;
  lawyerPending: number;
}

export const HEAVY_NGO_NAME = 'Bench NGO heavy tail';
export const HEAVY_LAWYER_EMAIL = 'bench.heavy.lawyer@gmail.com';

export function heavyTailFor(members: number): HeavyTail {
  return {
    ngoMembers: Math.min(5_000, Math.floor(members / 20)),
    lawyerClients: Math.min(2_000, Math.floor(members / 50)),
    lawyerPending: Math.min(500, Math.floor(members / 200)),
  };
}

export const STATES = [
  'Uttar Pradesh',
  'Maharashtra',
  'Bihar',
  'West Bengal',
  'Madhya Pradesh',
  'Tamil Nadu',
  'Rajasthan',
  'Karnataka',
  'Gujarat',
  'Delhi',
] as const;

const FIRST = ['Asha', 'Ravi', 'Sunita', 'Arjun', 'Meena', 'Vikram', 'Kavita', 'Imran', 'Pooja', 'Suresh', 'Lakshmi', 'Farhan'];
const LAST = ['Kumar', 'Devi', 'Singh', 'Sharma', 'Yadav', 'Khan', 'Patel', 'Iyer', 'Das', 'Reddy', 'Gupta', 'Mishra'];
const PDF_HEX = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('hex');

const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]`;
const arrOrNull = (xs: readonly (string | null)[]) =>
  `ARRAY[${xs.map((x) => (x === null ? 'NULL' : `'${x.replace(/'/g, "''")}'`)).join(', ')}]::text[]`;

/**
 * Places of members' prisons and lawyers' courts, so the lawyer search's nearby ranks (same district,
 * same state, elsewhere) all have rows; one in seven has none, like accounts made before locations.
 */
const PLACES: readonly ({ state: string; district: string } | null)[] = [
  { state: 'UP', district: 'Lucknow' },
  { state: 'UP', district: 'Sitapur' },
  { state: 'UP', district: 'Agra' },
  { state: 'MH', district: 'Pune' },
  { state: 'MH', district: 'Mumbai City' },
  { state: 'BR', district: 'Patna' },
  null,
];
const placeStates = arrOrNull(PLACES.map((p) => p?.state ?? null));
const placeDistricts = arrOrNull(PLACES.map((p) => p?.district ?? null));

/** Distinct sets of case facts the cases draw from (a prime, so neighbouring cases differ). */
const FACT_SETS = 997;

/**
 * Case facts for the release tracker, relative to today: custody begun up to six years ago, one
 * offence from the list (one case in eight has two), a first offence six times in ten, another case
 * pending one time in seven, a charge-sheet within 10-130 days for four in five (none if that day
 * has not come), released one time in ten, and no facts at all one time in eight. The stored dates
 * are derived by storedRelease exactly as the API does.
 */
function factSets(today: string) {
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: FACT_SETS }, () => {
    if (rand() < 0.125) return null;
    const pick = () => OFFENCES[Math.floor(rand() * OFFENCES.length)]!;
    const offences = (rand() < 0.125 ? [pick(), pick()] : [pick()]).map((o) => ({
      code: o.id,
      label: null,
      maxMonths: o.maxMonths,
      life: o.life,
      death: o.death,
    }));
    const custodySince = addDays(today, -1 - Math.floor(rand() * 6 * 365));
    const filed = addDays(custodySince, 10 + Math.floor(rand() * 120));
    const chargesheetFiledOn = rand() < 0.8 && filed <= today ? filed : null;
    const facts: CaseFacts = {
      prisonerName: null,
      prisonerRelation: null,
      prison: null,
      custodySince,
      court: null,
      cnr: null,
      offences,
      firstOffence: rand() < 0.6,
      otherPendingCases: rand() < 1 / 7 ? 1 : 0,
      delayByAccusedDays: 0,
      chargesheetFiledOn,
      chargesFramedOn: null,
      chargesFramed: [],
    };
    const releasedOn = rand() < 0.1 ? addDays(today, -Math.floor(rand() * 30)) : null;
    return { ...facts, ...storedRelease(facts), allBailable: caseAllBailable(facts), releasedOn };
  });
}

async function seedFactSets(run: (q: string) => Promise<unknown>, today: string) {
  const lit = (v: string | number | boolean | null) =>
    v === null ? 'NULL' : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v);
  const rows = factSets(today).map((f, t) =>
    f
      ? `(${t}, ${lit(f.custodySince)}::date, '${JSON.stringify(f.offences)}'::jsonb, ${f.firstOffence}, ${f.otherPendingCases}, ${lit(f.chargesheetFiledOn)}::date,
          ${lit(f.s479Status)}, ${lit(f.s479Fraction)}, ${lit(f.s479EligibleOn)}::date, ${lit(f.maximumEndsOn)}::date, ${lit(f.defaultBailDays)}::int,
          ${lit(f.defaultBailEligibleOn)}::date, ${lit(f.s479EligibleSoonFrom)}::date, ${lit(f.releasedOn)}::date, ${f.allBailable})`
      : `(${t}, NULL::date, '[]'::jsonb, NULL::boolean, 0, NULL::date, NULL, NULL, NULL::date, NULL::date, NULL::int, NULL::date, NULL::date, NULL::date, false)`,
  );
  await run(`CREATE UNLOGGED TABLE bench_facts AS SELECT * FROM (VALUES ${rows.join(',\n')}) AS f(t, custody_since, offences,
    first_offence, other_pending_cases, chargesheet_filed_on, s479_status, s479_fraction, s479_eligible_on, maximum_ends_on,
    default_bail_days, default_bail_eligible_on, s479_eligible_soon_from, released_on, all_bailable)`);
}

/**
 * Member i (1..n): name "<first> <last> <i>", email m<i>@bench.rihaai.in, phone 9<i padded to 9>,
 * first case FIR-<i>/2024 of type i mod 9 (every 5th has a second, every 20th a third).
 * Requests go to members with i mod 10 < 3 (status by i mod 3: pending, accepted, rejected) to a
 * lawyer of their case type; every 4th member has an NGO; papers go to members with i mod 4 = 1,
 * and every other one of those has its bail accepted. Each case gets one of the fact sets above.
 */
export async function seedBench(db: Db, shape: SeedShape, jailUserId: string, heavy?: HeavyTail): Promise<void> {
  // BENCH_SEED_LOG=1 prints each statement's time (where a seed at a new scale spends it).
  const log = process.env.BENCH_SEED_LOG === '1';
  const run = async (q: string) => {
    const since = performance.now();
    const result = await db.execute(sql.raw(q));
    if (log) console.log(`seed: ${Math.round(performance.now() - since)} ms  ${q.replace(/\s+/g, ' ').slice(0, 110)}`);
    return result;
  };
  await run(`DROP TABLE IF EXISTS bench_ids`);
  await run(`DROP TABLE IF EXISTS bench_facts`);
  await seedFactSets(run, todayInIndia());
  // The stored member cards (drizzle/0009_member_cards.sql, 0017_client_cards.sql): through their
  // triggers each bulk insert below would rewrite every member's cards again; they are written once, at
  // the end, by the functions that define them (member_card, member_client_card). Every other trigger
  // (the counts, the flags) runs as for the app's writes, and the card triggers are back on before
  // anything is measured.
  const cardTriggers = (
    (await run(`SELECT c.relname AS tbl, t.tgname AS name FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE p.proname IN ('member_cards_child_trg', 'family_members_cards_trg') AND t.tgenabled = 'O'`)) as {
      rows: { tbl: string; name: string }[];
    }
  ).rows;
  const setCardTriggers = async (on: boolean) => {
    for (const t of cardTriggers) await run(`ALTER TABLE "${t.tbl}" ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "${t.name}"`);
  };
  await setCardTriggers(false);
  try {
    await seedRows(run, shape, jailUserId, heavy);
  } finally {
    await setCardTriggers(true);
  }
  await run(`ANALYZE`);
  // Every card at once (the jail list's and the lawyers' client card), as the migrations' backfills
  // write them (what member_cards_refresh does for a few members).
  const cardsSince = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`INSERT INTO jail_cards (member_id, card) SELECT fm.user_id, member_card(fm) FROM family_members fm`));
    await tx.execute(
      sql.raw(`INSERT INTO client_cards (family_member_id, card) SELECT fm.user_id, member_client_card(fm) FROM family_members fm`),
    );
  });
  if (log) console.log(`seed: ${Math.round(performance.now() - cardsSince)} ms  the jail and client cards`);
  // What autovacuum does on a live server, before anything is measured: the bulk inserts and the
  // cards' UPDATE leave a dead version of every member row (this machine's PostgreSQL runs with
  // autovacuum off, and PGlite has none), and every read, the baseline's included, would walk them.
  await run(`VACUUM ANALYZE`);
}

async function seedRows(run: (q: string) => Promise<unknown>, shape: SeedShape, jailUserId: string, heavy?: HeavyTail): Promise<void> {
  const types = arr(CASE_TYPES);
  const typeCount = CASE_TYPES.length;
  const { members: n, lawyers: nl, ngos: nn } = shape;
  await run(`CREATE UNLOGGED TABLE bench_ids (kind text NOT NULL, i int NOT NULL, id uuid NOT NULL, PRIMARY KEY (kind, i))`);
  await run(`INSERT INTO bench_ids SELECT 'member', i, gen_random_uuid() FROM generate_series(1, ${n}) i`);
  await run(`INSERT INTO bench_ids SELECT 'lawyer', i, gen_random_uuid() FROM generate_series(0, ${nl - 1}) i`);
  await run(`INSERT INTO bench_ids SELECT 'ngo', i, gen_random_uuid() FROM generate_series(0, ${nn - 1}) i`);
  await run(`INSERT INTO users (id, email, name, role, password_hash)
    SELECT id, 'bench.m' || i || '@gmail.com',
      (${arr(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
      'Family-Member', 'x'
    FROM bench_ids WHERE kind = 'member'`);
  await run(`INSERT INTO family_members (user_id, phone, address, state, district)
    SELECT id, '9' || lpad(i::text, 9, '0'), i || ' Jail Road, ' || (${arr(STATES)})[1 + i % ${STATES.length}],
      (${placeStates})[1 + i % ${PLACES.length}], (${placeDistricts})[1 + i % ${PLACES.length}]
    FROM bench_ids WHERE kind = 'member'`);
  const factColumns = `custody_since, offences, first_offence, other_pending_cases, chargesheet_filed_on, s479_status,
    s479_fraction, s479_eligible_on, maximum_ends_on, default_bail_days, default_bail_eligible_on, s479_eligible_soon_from, released_on,
    all_bailable`;
  // The members' prisons are set once, in seedPrisons.
  await run(`ALTER TABLE prisoner_followers DISABLE TRIGGER prisoner_followers_member_prison`);
  await run(`ALTER TABLE cases DISABLE TRIGGER cases_member_prison_ins`);
  // The new prisoners have no prison yet, so their count trigger would count nothing.
  await run(`ALTER TABLE prisoners DISABLE TRIGGER prisoners_counts_ins`);
  // Each member's prisoner, followed by the member, for all members at once: what cases_prisoner_default
  // makes for the first case inserted without a prisoner (from that case's facts), in one statement
  // instead of a lookup and two inserts for every case. The cases below name it, so the trigger leaves them.
  await run(`WITH p AS (
      INSERT INTO prisoners (name, name_latin, prison_id, prison_other, custody_since, other_cases_elsewhere, created_by)
      SELECT '', '', NULL, NULL, f.custody_since, f.other_pending_cases, b.id
      FROM bench_ids b JOIN bench_facts f ON f.t = (b.i * 7 + 131) % ${FACT_SETS}
      WHERE b.kind = 'member'
      RETURNING id, created_by)
    INSERT INTO prisoner_followers (prisoner_id, family_member_id, relation) SELECT id, created_by, '' FROM p`);
  // Statistics for the tables filled so far, before statements whose triggers and functions look rows up
  // one at a time: planned on an unanalysed table, those lookups walk whole tables, and the seed grows with
  // the square of the members (the cards took 9 s at 20,000 members and 56 s at 50,000 before these).
  await run(`ANALYZE`);
  // The per-row triggers of this statement look rows up in the tables it fills; with the plans cached on
  // the first rows (tables empty) every later lookup reads them whole: quadratic again (hours at 100,000 on
  // PostgreSQL). Planned afresh for each row, they use their indexes. (One connection while seeding: the
  // pool hands the last one back.)
  await run(`SET plan_cache_mode = force_custom_plan`);
  // A bail order in the last 60 days, the person still inside, on the first case of 3 members in 25 (one
  // of them, i mod 25 = 1, in the largest prison): the DLSA's bail desk and the UTRC's "granted bail" group.
  await run(`INSERT INTO cases (family_member_id, prisoner_id, case_number, detail, case_type, ${factColumns}, bail_granted_on)
    SELECT b.id, pf.prisoner_id, 'FIR-' || b.i || CASE WHEN k = 1 THEN '' ELSE '-' || k END || '/2024', 'Held under IPC 379',
      (${types})[1 + (b.i + k - 1) % ${typeCount}], ${factColumns
        .split(',')
        .map((c) => `f.${c.trim()}`)
        .join(', ')},
      CASE WHEN k = 1 AND b.i % 25 IN (1, 2, 3) AND f.released_on IS NULL AND f.custody_since IS NOT NULL
        THEN greatest(f.custody_since, current_date - b.i % 60) END
    FROM bench_ids b CROSS JOIN generate_series(1, 1 + (b.i % 5 = 0)::int + (b.i % 20 = 0)::int) k
      JOIN bench_facts f ON f.t = (b.i * 7 + k * 131) % ${FACT_SETS}
      JOIN prisoner_followers pf ON pf.family_member_id = b.id
    WHERE b.kind = 'member'`);
  await run(`ALTER TABLE prisoners ENABLE TRIGGER prisoners_counts_ins`);
  // A member's cases are one prisoner's ("not given"): the S.479(2) bar of several cases, as migration
  // 0036 and refreshPrisonerCases store it.
  await run(`UPDATE cases c SET other_cases_held = h.n
    FROM (SELECT prisoner_id, count(*) - 1 AS n FROM cases GROUP BY prisoner_id HAVING count(*) > 1) h WHERE c.prisoner_id = h.prisoner_id`);
  await run(`UPDATE cases SET s479_status = 'barred', s479_fraction = NULL, s479_eligible_on = NULL, s479_eligible_soon_from = NULL
    WHERE other_cases_held > 0 AND s479_status = 'counting'`);
  await seedPrisons(run);
  // A timeline entry on a third of the members' cases, as a family updating its facts leaves.
  await run(`INSERT INTO case_events (case_id, actor_id, kind, details)
    SELECT c.id, c.family_member_id, 'facts_changed', '{"fields":["custodySince"]}'::jsonb
    FROM cases c JOIN bench_ids b ON b.id = c.family_member_id AND b.kind = 'member' WHERE b.i % 3 = 0`);
  await run(`INSERT INTO users (id, email, name, role, password_hash)
    SELECT id, 'bench.l' || i || '@gmail.com', 'Adv. ' || (${arr(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i / 7) % ${LAST.length}] || ' ' || i,
      'Lawyer', 'x'
    FROM bench_ids WHERE kind = 'lawyer'`);
  // Every bench lawyer is verified, so the search reads as many lawyers as before verification existed
  // (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
  await run(`INSERT INTO lawyers (user_id, phone, address, lawyer_type, court_area, state, district,
      bar_enrolment_number, bar_council_state, verified_at)
    SELECT id, '8' || lpad(i::text, 9, '0'), i || ' Court Road', (${types})[1 + i % ${typeCount}],
      (${arr(STATES)})[1 + (i / ${typeCount}) % ${STATES.length}] || ' High Court',
      (${placeStates})[1 + (i / ${typeCount}) % ${PLACES.length}],
      (${placeDistricts})[1 + (i / ${typeCount}) % ${PLACES.length}],
      'B/' || i || '/2015', (${placeStates})[1 + (i / ${typeCount}) % ${PLACES.length}], now()
    FROM bench_ids WHERE kind = 'lawyer'`);
  // NGOs in the same places as the prisons, so 'Select NGO' has NGOs in the member's district, state and elsewhere.
  await run(`INSERT INTO ngos (id, name, address, contact_info, report, seats_free, state, district)
    SELECT id, 'Bench NGO ' || i, (${arr(STATES)})[1 + i % ${STATES.length}], 'ngo' || i || '@bench.rihaai.in', '', 100000,
      (${placeStates})[1 + i % ${PLACES.length}], (${placeDistricts})[1 + i % ${PLACES.length}]
    FROM bench_ids WHERE kind = 'ngo'`);
  // Requests: members with i mod 10 < 3, to a lawyer of their first case's type (lawyer index ≡ type mod 9).
  const perType = Math.floor(nl / typeCount);
  await run(`INSERT INTO lawyer_requests (family_member_id, lawyer_id, status, decided_at)
    SELECT m.id, l.id, (ARRAY['pending', 'accepted', 'rejected'])[1 + (m.i / 10) % 3],
      CASE WHEN (m.i / 10) % 3 = 0 THEN NULL ELSE now() END
    FROM bench_ids m JOIN bench_ids l ON l.kind = 'lawyer'
      AND l.i = ((m.i % ${typeCount}) + ${typeCount} * ((m.i / ${typeCount}) % ${perType}))
    WHERE m.kind = 'member' AND m.i % 10 < 3 AND m.i <= ${Math.ceil((shape.requests / 3) * 10)}`);
  await run(`INSERT INTO ngo_assignments (family_member_id, ngo_id, assigned_by)
    SELECT m.id, g.id, '${jailUserId}' FROM bench_ids m JOIN bench_ids g ON g.kind = 'ngo' AND g.i = m.i % ${nn}
    WHERE m.kind = 'member' AND m.i % 4 = 0`);
  if (heavy) await seedHeavyTail(run, heavy, jailUserId, n);
  await run(
    `UPDATE ngos SET seats_free = seats_free - a.n FROM (SELECT ngo_id, count(*) n FROM ngo_assignments GROUP BY 1) a WHERE a.ngo_id = ngos.id`,
  );
  await run(`INSERT INTO documents (family_member_id, uploaded_by, kind, filename, content_type, size, sha256, bytes)
    SELECT id, id, 'bail_paper', 'bail-' || i || '.pdf', 'application/pdf', ${PDF_HEX.length / 2}, md5(i::text), '\\x${PDF_HEX}'::bytea
    FROM bench_ids WHERE kind = 'member' AND i % 4 = 1 AND i <= ${shape.documents * 4}`);
  await run(`INSERT INTO bail_reviews (family_member_id, status, decided_by)
    SELECT id, 'Accepted', '${jailUserId}' FROM bench_ids WHERE kind = 'member' AND i % 8 = 1 AND i <= ${shape.documents * 4}`);
  // Back to the app's mode (RESET would give PGlite's default, auto, not the one the connection was opened with).
  await run(`SET plan_cache_mode = ${PLAN_CACHE_MODE}`);
  await run(`DROP TABLE bench_ids`);
  await run(`DROP TABLE bench_facts`);
}

/** The bench's prisons: BENCH_PRISONS in the ten states of PRISON_STATES; the first is the largest. */
export const BENCH_PRISONS = 70;
export const PRISON_STATES = ['UP', 'MH', 'BR', 'MP', 'RJ', 'WB', 'TN', 'KA', 'GJ', 'DL'] as const;
export const LARGEST_PRISON = 'Bench Prison 0';

/**
 * 70 prisons in 10 states (7 districts each), and each member's prisoner held in one: a fifth of them
 * in the largest prison (the heavy tail's prison: 20,000 prisoners at 100,000 members, as the largest
 * jails hold many times an average one's; members with i mod 5 = 1, who have one case each, so its
 * release filters are as full as anywhere: several cases bar S.479's half rule), the rest spread evenly. Prisoners get a Latin name for the searches. The members' prisons are then derived in one
 * statement each (member_prison), so the counters' statement triggers move once rather than per prisoner.
 */
async function seedPrisons(run: (q: string) => Promise<unknown>) {
  await run(`INSERT INTO prisons (name, state, district, type, dlsa_email)
    SELECT 'Bench Prison ' || g, (${arr(PRISON_STATES)})[1 + g % 10], 'Bench District ' || (g / 10), 'district', 'dlsa' || g || '@bench.rihaai.in'
    FROM generate_series(0, ${BENCH_PRISONS - 1}) g`);
  await run(`CREATE UNLOGGED TABLE bench_prisons AS
    SELECT (substr(name, 14))::int AS k, id FROM prisons WHERE name LIKE 'Bench Prison %'`);
  await run(`ALTER TABLE prisoners DISABLE TRIGGER prisoners_member_prison`);
  await run(`ALTER TABLE prisoners DISABLE TRIGGER prisoners_cases_prison`);
  // Renaming every prisoner would rewrite their members' jail cards one prisoner at a time: the cards are
  // written once, at the end (seedBench).
  await run(`ALTER TABLE prisoners DISABLE TRIGGER prisoners_cards`);
  await run(`UPDATE prisoners p SET prison_id = bp.id,
      name = (${arr(FIRST)})[1 + (b.i * 7) % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (b.i / 5) % ${LAST.length}],
      name_latin = (${arr(FIRST)})[1 + (b.i * 7) % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (b.i / 5) % ${LAST.length}],
      prisoner_number = 'UTP-' || b.i
    FROM bench_ids b, bench_prisons bp
    WHERE b.kind = 'member' AND b.id = p.created_by AND bp.k = CASE WHEN b.i % 5 = 1 THEN 0 ELSE 1 + b.i % ${BENCH_PRISONS - 1} END`);
  await run(`ALTER TABLE prisoners ENABLE TRIGGER prisoners_member_prison`);
  await run(`ALTER TABLE prisoners ENABLE TRIGGER prisoners_cases_prison`);
  await run(`ALTER TABLE prisoners ENABLE TRIGGER prisoners_cards`);
  // Each case carries its prisoner's prison (derived.ts 'case-prison'): one statement here rather than
  // prisoners_cases_prison once per prisoner above.
  await run(`UPDATE cases c SET prison_id = p.prison_id FROM prisoners p WHERE p.id = c.prisoner_id AND p.prison_id IS NOT NULL`);
  // Undecided legal-aid applications, filed over the last 10 days (due in the next week or overdue), for one
  // prisoner in 20 in the largest prison (i mod 20 = 1: 5,000 at 100,000 members, its DLSA's inbox) and as
  // many spread over the other prisons.
  await run(`INSERT INTO legal_aid_applications (prisoner_id, family_member_id, prison_id, state, district, note, filed_at, due_on)
    SELECT p.id, b.id, p.prison_id, pr.state, pr.district, 'Bench application ' || b.i,
      now() - (b.i % 10) * interval '1 day', current_date - b.i % 10 + 7
    FROM bench_ids b JOIN prisoners p ON p.created_by = b.id JOIN prisons pr ON pr.id = p.prison_id
    WHERE b.kind = 'member' AND b.i % 20 IN (1, 2)`);
  await run(`ALTER TABLE prisoner_followers ENABLE TRIGGER prisoner_followers_member_prison`);
  await run(`ALTER TABLE cases ENABLE TRIGGER cases_member_prison_ins`);
  await run(`ANALYZE`);
  await run(`UPDATE family_members m SET prison_id = member_prison(m.user_id)`);
  await run(`UPDATE member_case_types t SET prison_id = m.prison_id FROM family_members m WHERE m.user_id = t.family_member_id`);
  await run(`DROP TABLE bench_prisons`);
}

/**
 * The heavy tail, from members the uniform seed left alone: the NGO takes members with i mod 4 = 2 (no
 * NGO yet), the lawyer's clients and pending requests members with i mod 10 >= 3 (no request yet),
 * one second apart so that every page of their lists has its own times.
 */
async function seedHeavyTail(run: (q: string) => Promise<unknown>, heavy: HeavyTail, jailUserId: string, n: number) {
  await run(`INSERT INTO ngos (name, address, contact_info, report, seats_free, state, district)
    VALUES ('${HEAVY_NGO_NAME}', 'Lucknow', 'heavy@bench.rihaai.in', '', 100000, 'UP', 'Lucknow')`);
  await run(`INSERT INTO ngo_assignments (family_member_id, ngo_id, assigned_by, assigned_at)
    SELECT m.id, (SELECT id FROM ngos WHERE name = '${HEAVY_NGO_NAME}'), '${jailUserId}', now() - m.i * interval '1 second'
    FROM bench_ids m WHERE m.kind = 'member' AND m.i % 4 = 2 ORDER BY m.i LIMIT ${heavy.ngoMembers}`);
  await run(`INSERT INTO users (email, name, role, password_hash)
    VALUES ('${HEAVY_LAWYER_EMAIL}', 'Adv. Heavy Tail', 'Lawyer', 'x')`);
  await run(`INSERT INTO lawyers (user_id, phone, address, lawyer_type, court_area, state, district,
      bar_enrolment_number, bar_council_state, verified_at)
    SELECT id, '8999999999', '1 Court Road', '${CASE_TYPES[0]}', 'Lucknow District Court', 'UP', 'Lucknow', 'UP/1/2010', 'UP', now()
    FROM users WHERE email = '${HEAVY_LAWYER_EMAIL}'`);
  const count = heavy.lawyerClients + heavy.lawyerPending;
  await run(`INSERT INTO lawyer_requests (family_member_id, lawyer_id, status, created_at, decided_at)
    SELECT m.id, (SELECT id FROM users WHERE email = '${HEAVY_LAWYER_EMAIL}'),
      CASE WHEN m.k <= ${heavy.lawyerClients} THEN 'accepted' ELSE 'pending' END,
      now() - m.k * interval '1 second' - interval '1 day',
      CASE WHEN m.k <= ${heavy.lawyerClients} THEN now() - m.k * interval '1 second' END
    FROM (SELECT id, row_number() OVER (ORDER BY i) AS k FROM bench_ids
      WHERE kind = 'member' AND i % 10 >= 3 AND i <= ${n} ORDER BY i LIMIT ${count}) m`);
}

/**
 * The seed sends each lawyer's requests in one status, so the lawyer the bench reads (the one with the
 * most pending requests) has no client. This gives them as many clients as pending requests (members
 * with no request to them, accepted now), so the clients row reads a real list. Idempotent: a database
 * reused with --keep is topped up, not grown.
 */
export async function giveClients(db: Db, lawyerId: string): Promise<void> {
  await db.execute(sql`insert into lawyer_requests (family_member_id, lawyer_id, status, decided_at)
    select fm.user_id, ${lawyerId}, 'accepted', now() from family_members fm
    where not exists (select 1 from lawyer_requests r where r.family_member_id = fm.user_id and r.lawyer_id = ${lawyerId})
    order by fm.user_id
    limit (select greatest(0, count(*) filter (where status = 'pending') - count(*) filter (where status = 'accepted'))
      from lawyer_requests where lawyer_id = ${lawyerId})`);
}
