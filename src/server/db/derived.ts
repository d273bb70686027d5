// The registry of derived data: every value the database keeps on behalf of reads (cards, counters,
// flags, copies, stored release dates), declared once with its definition, its sources, what keeps it
// current and how it is rebuilt. `npm run db:check` recomputes each from its sources and lists what
// differs; `npm run db:rebuild` repairs it in batches, while the app runs (scripts/db-derived.ts,
// docs/decisions/0034-derived-data-registry.md). Keeping a value current stays with the triggers
// named in `keptBy`; this file is how anyone sees, checks and rebuilds what they keep.
import { sql, type SQL } from 'drizzle-orm';
import { readFacts } from '../lib/case-facts.ts';
import { caseAllBailable } from '#shared/bail-money-route.ts';
import { storedRelease } from '#shared/cases.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';
import { cases } from './schema.ts';

/** One stored value that differs from its fresh computation. */
export interface Drift {
  derived: string;
  key: string;
  stored: string | null;
  fresh: string | null;
}

export interface Page {
  /** Keys after this one (the first page: null). */
  after: string | null;
  limit: number;
}

export interface DerivedValue {
  /** Short name, used by `db:check --only` and in its report. */
  name: string;
  /** Where it is stored. */
  stores: string;
  /** What it is, in words. */
  definition: string;
  /** The tables it is computed from. */
  sources: readonly string[];
  /** What keeps it current as the sources change (in the same transaction). */
  keptBy: string;
  /** How db:rebuild recomputes it. */
  rebuiltBy: string;
  /** The keys of one page whose stored value differs from a fresh computation; `next` null at the end. */
  check(db: Db, page: Page): Promise<{ drift: Drift[]; next: string | null }>;
  /** Rewrites the stale values of one page; returns how many keys it repaired. */
  rebuild(db: Db, page: Page): Promise<{ repaired: number; next: string | null }>;
}

const FIRST_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A value kept per row of `keyTable`: `stored` and `fresh` are SQL expressions over the alias `k`
 * (the key row), compared as text; `repair` rewrites the given keys.
 */
function perKey(spec: {
  name: string;
  stores: string;
  definition: string;
  sources: readonly string[];
  keptBy: string;
  rebuiltBy: string;
  keyTable: SQL;
  keyColumn: SQL;
  stored: SQL;
  fresh: SQL;
  repair: (keys: string[]) => SQL | SQL[];
}): DerivedValue {
  const page = (db: Db, p: Page) =>
    db.execute(sql`
      with page as (
        select k.${spec.keyColumn}::text as key, (${spec.stored})::text as stored, (${spec.fresh})::text as fresh
        from ${spec.keyTable} k
        where k.${spec.keyColumn} > ${p.after ?? FIRST_UUID}::uuid
        order by k.${spec.keyColumn}
        limit ${p.limit}
      )
      select key, stored, fresh, (select max(key) from page) as last, (select count(*) from page)::int as n
      from page where stored is distinct from fresh
      union all
      select null, null, null, (select max(key) from page), (select count(*) from page)::int`);
  const read = async (db: Db, p: Page) => {
    const rows = rowsOf<{ key: string | null; stored: string | null; fresh: string | null; last: string | null; n: number }>(
      await page(db, p),
    );
    const tail = rows.find((r) => r.key === null);
    const next = tail && tail.n >= p.limit ? tail.last : null;
    const drift = rows.filter((r) => r.key !== null).map((r) => ({ derived: spec.name, key: r.key!, stored: r.stored, fresh: r.fresh }));
    return { drift, next };
  };
  return {
    ...spec,
    check: read,
    async rebuild(db, p) {
      const { drift, next } = await read(db, p);
      if (drift.length > 0) {
        const statements = spec.repair(drift.map((d) => d.key));
        for (const statement of Array.isArray(statements) ? statements : [statements]) await db.execute(statement);
      }
      return { repaired: drift.length, next };
    },
  };
}

const uuids = (keys: string[]) => sql`${`{${keys.join(',')}}`}::uuid[]`;

const memberCounters = sql`json_build_array(
  (select count(*) from lawyer_requests r where r.family_member_id = k.user_id and r.status = 'accepted'),
  (select count(*) from lawyer_requests r where r.family_member_id = k.user_id and r.status = 'pending'),
  (select count(*) from documents d where d.family_member_id = k.user_id and d.kind = 'bail_paper'),
  exists (select 1 from ngo_assignments a where a.family_member_id = k.user_id),
  exists (select 1 from bail_reviews b where b.family_member_id = k.user_id))`;

// The release flags on the release clock's day: any case still in custody and not on bail (drizzle/0022_release_window_in_ts.sql,
// src/shared/bail-timeline.ts).
// "Eligible soon" reads the stored first day of the window, so the window itself lives in shared/release.ts only.
const releaseFlags = sql`(select json_build_array(
    coalesce(bool_or(c.s479_eligible_on <= d.as_of), false),
    coalesce(bool_or(c.s479_eligible_on > d.as_of and c.s479_eligible_soon_from <= d.as_of), false),
    coalesce(bool_or(c.default_bail_eligible_on <= d.as_of and (c.chargesheet_filed_on is null or c.chargesheet_filed_on > d.as_of)), false),
    coalesce(bool_or(c.maximum_ends_on <= d.as_of), false))
  from release_clock d left join cases c on c.family_member_id = k.user_id and (c.released_on is null or c.released_on > d.as_of)
    and (c.bail_granted_on is null or c.bail_granted_on > d.as_of)
    and not exists (select 1 from bail_reviews b where b.family_member_id = k.user_id))`;

const memberCaseTypes = (from: SQL) => sql`(select coalesce(json_agg(json_build_array(x.t, x.n) order by x.t), '[]') from (${from}) x)`;

/** Every derived value, in the order db:rebuild repairs them (what others are built from first). */
export const DERIVED: readonly DerivedValue[] = [
  perKey({
    name: 'member-user-copy',
    stores: 'family_members.name, family_members.email',
    definition: "the member's account name and email, copied so the jail's list sorts, filters and searches one table",
    sources: ['users'],
    keptBy: 'triggers family_members_copy_user, users_to_family_members (drizzle/0002_scale.sql)',
    rebuiltBy: 'UPDATE family_members SET name, email FROM users',
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: sql`json_build_array(k.name, k.email)`,
    fresh: sql`(select json_build_array(u.name, u.email) from users u where u.id = k.user_id)`,
    repair: (keys) => sql`update family_members fm set name = u.name, email = u.email from users u
      where u.id = fm.user_id and fm.user_id = any(${uuids(keys)})`,
  }),
  perKey({
    name: 'lawyer-user-copy',
    stores: 'lawyers.name',
    definition: "the lawyer's account name, copied for the lawyer search's order",
    sources: ['users'],
    keptBy: 'triggers lawyers_copy_user, users_to_lawyers (drizzle/0008_lawyer_search_keyset.sql)',
    rebuiltBy: 'UPDATE lawyers SET name FROM users',
    keyTable: sql`lawyers`,
    keyColumn: sql`user_id`,
    stored: sql`k.name`,
    fresh: sql`(select u.name from users u where u.id = k.user_id)`,
    repair: (keys) => sql`update lawyers l set name = u.name from users u where u.id = l.user_id and l.user_id = any(${uuids(keys)})`,
  }),
  perKey({
    name: 'email-canonical',
    stores: 'users.email_canonical',
    definition: 'the address as its inbox reads it (Gmail without dots and +suffix); null for a legacy second account of one inbox',
    sources: ['users'],
    keptBy: 'trigger users_email_canonical_set (drizzle/0018_security_holes.sql)',
    rebuiltBy: 'UPDATE users SET email_canonical = rihaai_canonical_email(email) where no other account holds it',
    keyTable: sql`users`,
    keyColumn: sql`id`,
    stored: sql`k.email_canonical`,
    fresh: sql`case when exists (select 1 from users o where o.id <> k.id and o.email_canonical = rihaai_canonical_email(k.email))
      then null else rihaai_canonical_email(k.email) end`,
    repair: (keys) => sql`update users u set email_canonical = rihaai_canonical_email(u.email) where u.id = any(${uuids(keys)})
      and not exists (select 1 from users o where o.id <> u.id and o.email_canonical = rihaai_canonical_email(u.email))`,
  }),
  {
    name: 'case-release-dates',
    stores:
      'cases.other_cases_held, s479_status, s479_fraction, s479_eligible_on, maximum_ends_on, default_bail_days, default_bail_eligible_on, s479_eligible_soon_from',
    definition:
      "how many other pending (undecided) cases of the same prisoner Rihaai holds, and the case's S.479 and default-bail dates (none once the case is decided) and the first day of its 'eligible soon' window, from its facts and that count (the S.479(2) bar) by the law module (shared/release.ts via shared/cases.ts storedRelease)",
    sources: ['cases'],
    keptBy:
      'lib/case-facts.ts: every write of the facts stores the dates in the same transaction; refreshPrisonerCases after a case is added to or taken from a prisoner',
    rebuiltBy: 'storedRelease over each case (also `npm run release:recompute`, after a rule or offence-table change)',
    check: checkCaseRelease,
    async rebuild(db, p) {
      const { drift, next } = await checkCaseRelease(db, p);
      for (const d of drift) {
        const fresh = JSON.parse(d.fresh!) as Partial<typeof cases.$inferInsert>;
        await db
          .update(cases)
          .set(fresh)
          .where(sql`${cases.id} = ${d.key}::uuid`);
      }
      return { repaired: drift.length, next };
    },
  },
  {
    name: 'case-all-bailable',
    stores: 'cases.all_bailable',
    definition:
      "whether every offence the case is counted under (the charges framed, else those alleged) is a listed bailable one, by the law module (shared/bail-money-route.ts caseAllBailable): the UTRC list's S.478 group",
    sources: ['cases'],
    keptBy: 'lib/case-facts.ts factColumns: every write of the facts stores it in the same transaction',
    rebuiltBy: 'caseAllBailable over each case',
    check: checkCaseAllBailable,
    async rebuild(db, p) {
      const { drift, next } = await checkCaseAllBailable(db, p);
      for (const d of drift) {
        await db
          .update(cases)
          .set({ allBailable: d.fresh === 'true' })
          .where(sql`${cases.id} = ${d.key}::uuid`);
      }
      return { repaired: drift.length, next };
    },
  },
  perKey({
    name: 'case-prison',
    stores: 'cases.prison_id',
    definition:
      "the prison its prisoner is held in (prisoners.prison_id), copied so the UTRC list reads a prison's cases by one index range",
    sources: ['prisoners'],
    keptBy: 'row triggers cases_set_prison (a case added or given another prisoner) and prisoners_cases_prison (a prisoner moved)',
    rebuiltBy: 'UPDATE cases SET prison_id FROM prisoners',
    keyTable: sql`cases`,
    keyColumn: sql`id`,
    stored: sql`k.prison_id`,
    fresh: sql`(select p.prison_id from prisoners p where p.id = k.prisoner_id)`,
    repair: (keys) => sql`update cases c set prison_id = p.prison_id from prisoners p
      where p.id = c.prisoner_id and c.id = any(${uuids(keys)}) and c.prison_id is distinct from p.prison_id`,
  }),
  perKey({
    name: 'member-counters',
    stores:
      'family_members.accepted_lawyers, pending_lawyers, bail_papers, has_ngo, bail_accepted (and the generated no_lawyer, bail_waiting, stage)',
    definition: "the member's lawyers accepted and pending, bail papers, whether an NGO is assigned and bail accepted",
    sources: ['lawyer_requests', 'documents', 'ngo_assignments', 'bail_reviews'],
    keptBy:
      'statement triggers lawyer_requests_facts_ins/upd/del, documents_facts_ins/upd/del, ngo_assignments_facts_ins/upd/del, bail_reviews_facts_ins/upd/del (drizzle/0002_scale.sql)',
    rebuiltBy: 'UPDATE family_members SET the counts from the child tables (the member triggers then move jail_counts and the cards)',
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: sql`json_build_array(k.accepted_lawyers, k.pending_lawyers, k.bail_papers, k.has_ngo, k.bail_accepted)`,
    fresh: memberCounters,
    repair: (keys) => sql`update family_members k set
        accepted_lawyers = (select count(*) from lawyer_requests r where r.family_member_id = k.user_id and r.status = 'accepted'),
        pending_lawyers = (select count(*) from lawyer_requests r where r.family_member_id = k.user_id and r.status = 'pending'),
        bail_papers = (select count(*) from documents d where d.family_member_id = k.user_id and d.kind = 'bail_paper'),
        has_ngo = exists (select 1 from ngo_assignments a where a.family_member_id = k.user_id),
        bail_accepted = exists (select 1 from bail_reviews b where b.family_member_id = k.user_id)
      where k.user_id = any(${uuids(keys)})`,
  }),
  perKey({
    name: 'member-release-flags',
    stores: 'family_members.release_eligible_now, release_eligible_soon, release_default_bail_due, release_past_maximum',
    definition:
      "whether any of the member's cases still in custody is, on the release clock's day, eligible under S.479, in its stored 'eligible soon' window, due default bail, or past the maximum",
    sources: ['cases', 'release_clock', 'bail_reviews'],
    keptBy:
      'triggers cases_release_ins/upd/del, bail_reviews_release_ins/del and the daily pass release_clock_advance (drizzle/0006_release_custody.sql, 0022_release_window_in_ts.sql)',
    rebuiltBy: 'member_release_refresh(ids)',
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: sql`json_build_array(k.release_eligible_now, k.release_eligible_soon, k.release_default_bail_due, k.release_past_maximum)`,
    fresh: releaseFlags,
    repair: (keys) => sql`select member_release_refresh(${uuids(keys)})`,
  }),
  perKey({
    name: 'member-case-types',
    stores: 'member_case_types',
    definition: "the member's number of cases of each type (the chart's members with a case of type X)",
    sources: ['cases'],
    keptBy: 'statement triggers cases_facts_ins/upd/del (drizzle/0002_scale.sql)',
    rebuiltBy: "delete the member's rows and insert them from cases (the member_case_types triggers move jail_counts)",
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: memberCaseTypes(
      sql`select case_type as t, cases as n from member_case_types where family_member_id = k.user_id and cases <> 0`,
    ),
    fresh: memberCaseTypes(sql`select case_type as t, count(*) as n from cases where family_member_id = k.user_id group by case_type`),
    repair: (keys) => [
      sql`delete from member_case_types where family_member_id = any(${uuids(keys)})`,
      sql`insert into member_case_types (family_member_id, case_type, cases)
        select family_member_id, case_type, count(*) from cases where family_member_id = any(${uuids(keys)}) group by 1, 2`,
    ],
  }),
  perKey({
    name: 'ngo-assigned-count',
    stores: 'ngos.assigned_count',
    definition: 'how many members the NGO has been assigned',
    sources: ['ngo_assignments'],
    keptBy: 'statement triggers ngo_assignments_count_ins/upd/del (drizzle/0015_ngo_assigned_count.sql)',
    rebuiltBy: 'UPDATE ngos SET assigned_count from ngo_assignments',
    keyTable: sql`ngos`,
    keyColumn: sql`id`,
    stored: sql`k.assigned_count`,
    fresh: sql`(select count(*) from ngo_assignments a where a.ngo_id = k.id)`,
    repair: (keys) =>
      sql`update ngos k set assigned_count = (select count(*) from ngo_assignments a where a.ngo_id = k.id) where k.id = any(${uuids(keys)})`,
  }),
  perKey({
    name: 'jail-card',
    stores: 'jail_cards.card',
    definition: "the member's row of the jail authority's list as JSON text (JailMemberSchema): member_card(m)",
    sources: [
      'family_members',
      'users',
      'cases',
      'prisoners',
      'lawyer_requests',
      'lawyers',
      'ngo_assignments',
      'ngos',
      'documents',
      'bail_reviews',
    ],
    keptBy:
      'the member-cards triggers (TABLE)_with_cards_ins/upd/del, family_members_cards_ins/upd/del, users_cards, users_cards_del, ngos_cards, prisoners_cards (drizzle/0009_member_cards.sql, 0017_client_cards.sql)',
    rebuiltBy: 'member_cards_refresh(ids, jail => true, client => false)',
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: sql`(select c.card from jail_cards c where c.member_id = k.user_id)`,
    fresh: sql`member_card(k)`,
    repair: (keys) => sql`select member_cards_refresh(${uuids(keys)}, true, false)`,
  }),
  perKey({
    name: 'client-card',
    stores: 'client_cards.card',
    definition: 'the member as a lawyer sees their client, as JSON text (LawyerClientSchema without acceptedAt): member_client_card(m)',
    sources: ['family_members', 'users', 'cases', 'documents', 'ngo_assignments', 'ngos', 'bail_reviews'],
    keptBy: 'the member-cards triggers (drizzle/0017_client_cards.sql)',
    rebuiltBy: 'member_cards_refresh(ids, jail => false, client => true)',
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: sql`(select c.card from client_cards c where c.family_member_id = k.user_id)`,
    fresh: sql`member_client_card(k)`,
    repair: (keys) => sql`select member_cards_refresh(${uuids(keys)}, false, true)`,
  }),
  perKey({
    name: 'prison-counts',
    stores: 'prison_counts (sharded: sum n by prison and status)',
    definition: "the administrator's counts: each prison's prisoners by status",
    sources: ['prisoners'],
    keptBy: 'statement triggers prisoners_counts_ins/upd/del (drizzle/0027_prisoners.sql)',
    rebuiltBy: "prison_counts_rebuild(ids): the prisons' rows deleted and counted afresh, holding prison_counts exclusively",
    keyTable: sql`prisons`,
    keyColumn: sql`id`,
    stored: sql`(select coalesce(json_agg(json_build_array(x.status, x.n) order by x.status), '[]') from (
      select c.status, sum(c.n)::bigint as n from prison_counts c where c.prison_id = k.id group by c.status having sum(c.n) <> 0) x)`,
    fresh: sql`(select coalesce(json_agg(json_build_array(x.status, x.n) order by x.status), '[]') from (
      select p.status, count(*)::bigint as n from prisoners p where p.prison_id = k.id group by p.status) x)`,
    repair: (keys) => sql`select prison_counts_rebuild(${uuids(keys)})`,
  }),
  perKey({
    name: 'member-prison',
    stores: 'family_members.prison_id, and its copy member_case_types.prison_id',
    definition:
      'the prison whose jail authority lists the member: that of the first prisoner they follow and hold a case of, held in a listed prison, those in custody first (member_prison(id)); a relative who joined and holds no case is listed nowhere',
    sources: ['prisoner_followers', 'prisoners', 'cases'],
    keptBy:
      'row triggers prisoner_followers_member_prison and prisoners_member_prison (drizzle/0030_jail_sees_its_prison.sql), statement triggers cases_member_prison_ins/upd/del',
    rebuiltBy: 'member_prison_refresh(ids)',
    keyTable: sql`family_members`,
    keyColumn: sql`user_id`,
    stored: sql`coalesce(k.prison_id::text, '-') || coalesce((select string_agg(coalesce(t.prison_id::text, '-'), ',' order by t.case_type)
      from member_case_types t where t.family_member_id = k.user_id), '')`,
    fresh: sql`coalesce(member_prison(k.user_id)::text, '-') || coalesce((select string_agg(coalesce(member_prison(k.user_id)::text, '-'), ',' order by t.case_type)
      from member_case_types t where t.family_member_id = k.user_id), '')`,
    repair: (keys) => sql`select member_prison_refresh(${uuids(keys)})`,
  }),
  {
    name: 'jail-counts',
    stores: 'jail_counts (sharded: sum n by key)',
    definition:
      "the jail authority's tiles and charts, for the deployment and for each prison: members per flag and stage (family_member_count_keys), and members with a case of each type",
    sources: ['family_members', 'member_case_types'],
    keptBy:
      'statement triggers family_members_counts_ins/upd/del, member_case_types_counts_ins/upd/del (drizzle/0002_scale.sql); per prison under jail_counts.scope (drizzle/0030_jail_sees_its_prison.sql)',
    rebuiltBy: 'in one transaction holding jail_counts exclusively: delete every row and insert the counts afresh',
    check: checkJailCounts,
    async rebuild(db) {
      const { drift } = await checkJailCounts(db);
      if (drift.length === 0) return { repaired: 0, next: null };
      await db.transaction(async (tx) => {
        // Writers add their deltas after this commits (they wait for the lock), so none is lost.
        await tx.execute(sql`lock table jail_counts in exclusive mode`);
        await tx.execute(sql`delete from jail_counts`);
        await tx.execute(sql`insert into jail_counts (scope, key, shard, n)
          select case when key like 'p:%' then substr(key, 3, 36)::uuid else ${ALL_PRISONS}::uuid end,
            case when key like 'p:%' then substr(key, 40) else key end, 0, n
          from (${freshJailCounts}) f where n <> 0`);
      });
      return { repaired: drift.length, next: null };
    },
  },
];

/** The stored release dates of one page of cases against storedRelease of their facts (computed here, in TypeScript). */
async function checkCaseRelease(db: Db, p: Page): Promise<{ drift: Drift[]; next: string | null }> {
  const page = await db
    .select({
      row: cases,
      // The prisoner's other cases, through cases_prisoner_idx.
      held: sql<number>`(select count(*)::int from cases o where o.prisoner_id = "cases"."prisoner_id" and o.id <> "cases"."id" and o.disposed_on is null)`,
    })
    .from(cases)
    .where(sql`${cases.id} > ${p.after ?? FIRST_UUID}::uuid`)
    .orderBy(cases.id)
    .limit(p.limit);
  const rows = page.map((r) => r.row);
  const drift: Drift[] = [];
  for (const { row, held } of page) {
    const stored = {
      otherCasesHeld: row.otherCasesHeld,
      s479Status: row.s479Status,
      s479Fraction: row.s479Fraction,
      s479EligibleOn: row.s479EligibleOn,
      maximumEndsOn: row.maximumEndsOn,
      defaultBailDays: row.defaultBailDays,
      defaultBailEligibleOn: row.defaultBailEligibleOn,
      s479EligibleSoonFrom: row.s479EligibleSoonFrom,
    };
    const fresh = { ...stored, otherCasesHeld: Number(held), ...storedRelease(readFacts(row), Number(held), row.disposedOn !== null) };
    const [a, b] = [JSON.stringify(stored), JSON.stringify(fresh)];
    if (a !== b) drift.push({ derived: 'case-release-dates', key: row.id, stored: a, fresh: b });
  }
  return { drift, next: rows.length >= p.limit ? (rows[rows.length - 1]?.id ?? null) : null };
}

/** The stored all_bailable of one page of cases against caseAllBailable of their facts (computed here, in TypeScript). */
async function checkCaseAllBailable(db: Db, p: Page): Promise<{ drift: Drift[]; next: string | null }> {
  const rows = await db
    .select()
    .from(cases)
    .where(sql`${cases.id} > ${p.after ?? FIRST_UUID}::uuid`)
    .orderBy(cases.id)
    .limit(p.limit);
  const drift: Drift[] = [];
  for (const row of rows) {
    const fresh = caseAllBailable(readFacts(row));
    if (row.allBailable !== fresh)
      drift.push({ derived: 'case-all-bailable', key: row.id, stored: String(row.allBailable), fresh: String(fresh) });
  }
  return { drift, next: rows.length >= p.limit ? (rows[rows.length - 1]?.id ?? null) : null };
}

async function checkJailCounts(db: Db): Promise<{ drift: Drift[]; next: string | null }> {
  const rows = rowsOf<{ key: string; stored: string | null; fresh: string | null }>(await db.execute(jailCountsDiff));
  return { drift: rows.map((r) => ({ derived: 'jail-counts', key: r.key, stored: r.stored, fresh: r.fresh })), next: null };
}

/** jail_counts.scope of the whole deployment's counters (a prison's are under its id). */
export const ALL_PRISONS = '00000000-0000-0000-0000-000000000000';

/** Every counter afresh, a prison's keyed 'p:<prison id>:<key>' as family_member_count_keys makes them. */
const freshJailCounts = sql`
  select k as key, count(*)::bigint as n from family_members fm, unnest(family_member_count_keys(to_jsonb(fm))) as k group by k
  union all
  select 'type:' || case_type, count(*)::bigint from member_case_types where cases > 0 group by case_type
  union all
  select 'p:' || prison_id || ':type:' || case_type, count(*)::bigint from member_case_types
  where cases > 0 and prison_id is not null group by prison_id, case_type`;

const jailCountsDiff = sql`
  with stored as (
    select case when scope = ${ALL_PRISONS}::uuid then key else 'p:' || scope || ':' || key end as key, sum(n)::bigint as n
    from jail_counts group by scope, key having sum(n) <> 0),
       fresh as (${freshJailCounts})
  select coalesce(s.key, f.key) as key, s.n::text as stored, f.n::text as fresh
  from stored s full join fresh f on f.key = s.key
  where s.n is distinct from f.n
  order by 1`;

export interface CheckReport {
  /** Stale values by registry name (only names with any). */
  counts: Record<string, number>;
  total: number;
  /** The first differing rows, at most `sample` in all. */
  sample: Drift[];
}

/** Recomputes every derived value (or those named) page by page; `pause` lets a caller yield between pages. */
export async function checkDerived(
  db: Db,
  options: { only?: readonly string[]; pageSize?: number; sample?: number; pause?: () => Promise<void> } = {},
): Promise<CheckReport> {
  const report: CheckReport = { counts: {}, total: 0, sample: [] };
  for (const d of selected(options.only)) {
    let after: string | null = null;
    do {
      const { drift, next } = await d.check(db, { after, limit: options.pageSize ?? 1000 });
      if (drift.length > 0) {
        report.counts[d.name] = (report.counts[d.name] ?? 0) + drift.length;
        report.total += drift.length;
        for (const x of drift) if (report.sample.length < (options.sample ?? 50)) report.sample.push(x);
      }
      after = next;
      await options.pause?.();
    } while (after !== null);
  }
  return report;
}

/** Repairs every stale derived value (or those named), in the registry's order, a page per transaction. */
export async function rebuildDerived(
  db: Db,
  options: { only?: readonly string[]; pageSize?: number; pause?: () => Promise<void> } = {},
): Promise<Record<string, number>> {
  const repaired: Record<string, number> = {};
  for (const d of selected(options.only)) {
    let after: string | null = null;
    do {
      const result: { repaired: number; next: string | null } = await db.transaction((tx) =>
        d.rebuild(tx, { after, limit: options.pageSize ?? 500 }),
      );
      if (result.repaired > 0) repaired[d.name] = (repaired[d.name] ?? 0) + result.repaired;
      after = result.next;
      await options.pause?.();
    } while (after !== null);
  }
  return repaired;
}

function selected(only: readonly string[] | undefined): readonly DerivedValue[] {
  if (!only || only.length === 0) return DERIVED;
  const unknown = only.filter((n) => !DERIVED.some((d) => d.name === n));
  if (unknown.length > 0) throw new Error(`unknown derived value: ${unknown.join(', ')} (known: ${DERIVED.map((d) => d.name).join(', ')})`);
  return DERIVED.filter((d) => only.includes(d.name));
}
