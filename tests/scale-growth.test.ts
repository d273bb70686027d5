// Issue 10: the jail authority's first page, deep and last pages, a filter, the release tracker's four
// filters and counts, and each kind of search cost the same at 1,000 and at 10,000 family members
// (within 2×); so do the family's lawyer search pages (docs/decisions/0016-lawyer-search-keyset-pages.md), and a busy
// lawyer's pages of pending requests and clients (0028) while their lists grow tenfold, and the NGO lists. Measured without a clock: the database's own EXPLAIN ANALYZE of every statement the
// read sends, as rows touched by the plan (returned plus removed by filters) and whole-table scans of
// tables that grow with the members.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { listMembersJson } from '#server/features/jail/jail.queries.ts';
import { releaseCounts } from '#server/features/jail/jail.release.ts';
import {
  decodeLawyerCursor,
  findMemberSearchFacts,
  listCaseStatuses,
  searchLawyerPage,
  type LawyerCursor,
} from '#server/features/family/family.queries.ts';
import { listClients, listPendingRequests } from '#server/features/lawyers/lawyers.queries.ts';
import { LawyerClientListSchema, PendingRequestListSchema } from '#shared/lawyers.ts';
import { decodeTimeCursor } from '#server/lib/time-cursor.ts';
import { listNgoChoices, listNgos } from '#server/features/ngos/ngos.queries.ts';
import { seedBench, shapeFor } from '../bench/seed.ts';
import { explain } from '../bench/plans.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { createDocument, createFamilyMember, createLawyer, createLawyerRequest } from './factories.ts';

/** Tables whose size follows the number of members: a plan may never read one whole. */
const GROWING = [
  'users',
  'family_members',
  'cases',
  'lawyer_requests',
  'documents',
  'ngo_assignments',
  'bail_reviews',
  'member_case_types',
  'lawyers',
  'case_events',
];

interface Cost {
  statements: number;
  rowsTouched: number;
  seqScans: string[];
}

type Row = Record<string, unknown>;

async function measureAt(members: number): Promise<Record<string, Cost>> {
  const t: TestDb = await createTestDb();
  try {
    const rows = async (q: string) => ((await t.db.execute(sql.raw(q))) as { rows: Row[] }).rows;
    const [jail] = await rows(
      `insert into users (email, name, role, password_hash) values ('jail.growth@gmail.com', 'Jail', 'Jail-Authority', 'x') returning id`,
    );
    // Half as many lawyers as members at both sizes (the bench has one per 20): the lawyer search then has
    // more than a page in every nearby rank at 1,000 members already, so the two sizes compare full pages.
    // And 20 NGOs at both sizes: the NGO list is every NGO (it grows with them, not with the members),
    // each with its members counted (drizzle/0015_ngo_assigned_count.sql).
    await seedBench(t.db, { ...shapeFor(members), lawyers: members / 2, ngos: 20 }, String(jail!.id));
    // The same member (the 61st percent) at both sizes, found by what it starts with.
    const probe = Math.floor(members * 0.61);
    const [target] = await rows(
      `select fm.name, fm.email, fm.phone, c.case_number from family_members fm join cases c on c.family_member_id = fm.user_id where fm.email = 'bench.m${probe}@gmail.com' order by c.case_number limit 1`,
    );
    const [mid] = await rows(`select name, user_id from family_members order by name, user_id offset ${Math.floor(members / 2)} limit 1`);
    const after = Buffer.from(JSON.stringify([mid!.name, mid!.user_id])).toString('base64url');
    // A member with two case types and a prison in Lucknow (bench/seed.ts: i mod 5 = 0 and i mod 7 = 0).
    const searcher = 35 * Math.floor((members * 0.61) / 35);
    const [who] = await rows(`select id from users where email = 'bench.m${searcher}@gmail.com'`);
    const memberId = String(who!.id);
    // The case status is read for a member made alike at both sizes (two cases, a request, a paper and a
    // timeline entry on each case): a seeded member's own rows differ with its number and with the seed's
    // random ids, and the test measures the growth of the tables around it, not of its own record.
    const status = await createFamilyMember(t.db, { cases: [{}, {}] });
    const statusLawyer = await createLawyer(t.db);
    await createLawyerRequest(t.db, { familyMemberId: status.user.id, lawyerId: statusLawyer.user.id, status: 'accepted' });
    await createDocument(t.db, { familyMemberId: status.user.id });
    for (const c of status.cases)
      await rows(
        `insert into case_events (case_id, actor_id, kind, details) values ('${c.id}', '${status.user.id}', 'facts_changed', '{"fields":["custodySince"]}'::jsonb)`,
      );
    const facts = (await findMemberSearchFacts(t.db, memberId))!;
    expect(facts.caseTypes).toHaveLength(2);
    expect(facts.location).toEqual({ state: 'UP', district: 'Lucknow' });
    const farOf = `from lawyers where lawyer_type = '${facts.caseTypes[0]}' and state is distinct from 'UP'`;
    const [{ n } = {}] = await rows(`select count(*)::int as n ${farOf}`);
    // A quarter into the far rank: deep at the large size, still a full page at the small one.
    const [far] = await rows(`select name, user_id ${farOf} order by name, user_id offset ${Math.floor(Number(n) / 4)} limit 1`);
    const lawyersAfter = async (cursor?: { rank: number; name: string; id: string }) => {
      const result = (await searchLawyerPage(t.db, memberId, cursor))!;
      expect(result.lawyers).toHaveLength(20);
      return result;
    };
    const second = decodeLawyerCursor((await lawyersAfter()).nextCursor!);
    const page = { page: 1, pageSize: 50 };
    const deepCursor = { rank: 2, name: String(far!.name), id: String(far!.user_id) };
    const searchCursors: Record<string, LawyerCursor | undefined> = {
      lawyerSearchFirst: undefined,
      lawyerSearchNext: second,
      lawyerSearchDeep: deepCursor,
    };
    // A busy lawyer: a tenth of the members ask them and a tenth are their clients (100 and 1,000 each),
    // so the lawyer's lists grow tenfold between the sizes while each page stays a page
    // (docs/decisions/0028-lawyer-lists-keyset-pages.md).
    const [busy] = await rows(`select user_id as id from lawyers order by user_id limit 1`);
    const busyId = String(busy!.id);
    await rows(`insert into lawyer_requests (family_member_id, lawyer_id, status, created_at, decided_at)
      select m.user_id, '${busyId}', case when m.k % 2 = 0 then 'pending' else 'accepted' end, now() - m.k * interval '1 second',
        case when m.k % 2 = 0 then null else now() - m.k * interval '1 second' end
      from (select fm.user_id, row_number() over (order by fm.user_id) as k from family_members fm
        where not exists (select 1 from lawyer_requests r where r.family_member_id = fm.user_id and r.lawyer_id = '${busyId}')
        order by fm.user_id limit ${members / 5}) m`);
    await rows('analyze lawyer_requests');
    const pendingFirst = PendingRequestListSchema.parse(JSON.parse((await listPendingRequests(t.db, busyId))!.text));
    const clientsFirst = LawyerClientListSchema.parse(JSON.parse((await listClients(t.db, busyId))!.text));
    expect(pendingFirst.requests).toHaveLength(20);
    expect(clientsFirst.clients).toHaveLength(20);
    const pendingNext = decodeTimeCursor(pendingFirst.nextCursor!);
    const clientsNext = decodeTimeCursor(clientsFirst.nextCursor!);
    const reads: Record<string, () => Promise<unknown>> = {
      first: () => listMembersJson(t.db, page),
      deep: () => listMembersJson(t.db, { ...page, after }),
      last: () => listMembersJson(t.db, { ...page, last: true }),
      filter: () => listMembersJson(t.db, { ...page, filter: 'no-lawyer' }),
      eligibleNow: () => listMembersJson(t.db, { ...page, filter: 'eligible-now' }),
      eligibleSoon: () => listMembersJson(t.db, { ...page, filter: 'eligible-30-days' }),
      defaultBailDue: () => listMembersJson(t.db, { ...page, filter: 'default-bail-due' }),
      pastMaximum: () => listMembersJson(t.db, { ...page, filter: 'past-maximum' }),
      releaseCounts: () => releaseCounts(t.db),
      name: () => listMembersJson(t.db, { ...page, q: String(target!.name) }),
      // A letter a sixth of the names start with: more matches than a search reads (MEMBERS_COUNT_CAP)
      // at 10,000, fewer at 1,000. PostgreSQL once read the whole name index for such a search (drizzle/0013).
      broadPrefix: () => listMembersJson(t.db, { ...page, q: 'a' }),
      email: () => listMembersJson(t.db, { ...page, q: String(target!.email).toUpperCase() }),
      phone: () => listMembersJson(t.db, { ...page, q: String(target!.phone) }),
      caseId: () => listMembersJson(t.db, { ...page, q: String(target!.case_number) }),
      // The family's case status, with its timeline (case_events, a growing table).
      caseStatus: () => listCaseStatuses(t.db, status.user.id),
      lawyerSearchFirst: () => lawyersAfter(),
      lawyerSearchNext: () => lawyersAfter(second),
      lawyerSearchDeep: () => lawyersAfter(deepCursor),
      pendingFirst: () => listPendingRequests(t.db, busyId),
      pendingNext: () => listPendingRequests(t.db, busyId, pendingNext),
      clientsFirst: () => listClients(t.db, busyId),
      clientsNext: () => listClients(t.db, busyId, clientsNext),
      // The jail authority's 'Select NGO' (free seats, nearest the member first, or by name) and the /ngos list.
      ngoChoicesNearest: () => listNgoChoices(t.db, memberId, undefined),
      ngoChoicesNamed: () => listNgoChoices(t.db, memberId, 'bench ngo 1'),
      ngosAll: () => listNgos(t.db, { availableOnly: false }),
    };
    const out: Record<string, Cost> = {};
    for (const [name, read] of Object.entries(reads)) {
      t.queries.length = 0;
      t.queryParams.length = 0;
      await read();
      const statements = t.queries.map((query, i) => ({ query, params: t.queryParams[i] ?? [] }));
      const plans = [];
      // The lawyer search's ranges are read inside lawyer_search_rows (drizzle/0012_lawyer_search_page.sql),
      // which the plan of the statement that calls it does not show: the database's own counts of the
      // rows its scans read in one transaction (pg_stat_xact_user_tables) are measured too.
      if (name in searchCursors) {
        plans.push(
          await t.db.transaction(async (tx) => {
            // Before and after: PGlite's counters are not per transaction (they run on from earlier ones).
            const counted = async () =>
              (
                (await tx.execute(
                  sql.raw(`select relname::text as name, seq_scan::int as "seqScans", (seq_tup_read + coalesce(idx_tup_fetch, 0))::int as touched
                    from pg_stat_xact_user_tables`),
                )) as { rows: { name: string; seqScans: number; touched: number }[] }
              ).rows;
            const before = new Map((await counted()).map((r) => [r.name, r]));
            await searchLawyerPage(tx, memberId, searchCursors[name]);
            let rowsTouched = 0;
            const seqScans: string[] = [];
            for (const r of await counted()) {
              const b = before.get(r.name);
              rowsTouched += r.touched - (b?.touched ?? 0);
              if (r.seqScans > (b?.seqScans ?? 0)) seqScans.push(r.name);
            }
            return { rowsTouched, seqScans };
          }),
        );
      }
      for (const s of statements) plans.push(await explain(t.handle, s));
      out[name] = {
        statements: statements.length,
        rowsTouched: plans.reduce((n, p) => n + p.rowsTouched, 0),
        seqScans: plans.flatMap((p) => p.seqScans).filter((table) => GROWING.includes(table)),
      };
    }
    return out;
  } finally {
    await t.close();
  }
}

/** The jail list's reads (one page each), as named in measureAt. */
const LIST_READS = new Set([
  'first',
  'deep',
  'last',
  'filter',
  'eligibleNow',
  'eligibleSoon',
  'defaultBailDue',
  'pastMaximum',
  'name',
  'broadPrefix',
  'email',
  'phone',
  'caseId',
]);

let small: Record<string, Cost>;
let large: Record<string, Cost>;
afterAll(() => {
  if (small && large) console.info('growth 1k → 10k:', JSON.stringify({ small, large }));
});

describe('the jail dashboard, the lawyer search and the lawyer’s lists cost the same at 1,000 and 10,000 members', () => {
  // Seeding 10,000 members and EXPLAINing takes seconds alone, far more on a busy machine.
  it(
    'first, deep and last page, a filter, the release filters and counts, search by name, email, phone and case id, lawyer search pages, and a busy lawyer’s lists',
    { timeout: 600_000 },
    async () => {
      small = await measureAt(1_000);
      large = await measureAt(10_000);
      // A list read touches what one full page does at most: a filter with less than a page of
      // matches at the small size may fill its page at the large one, but not go past it. With the
      // stored cards (docs/decisions/0021-stored-member-cards.md) a page is its index rows only,
      // so that is the first page's cost at the large size (itself held to twice the small size's below).
      // Which filters have a page of matches at the small size depends on the day the seed counts from.
      const fullPage = large.first!.rowsTouched;
      for (const name of Object.keys(small)) {
        const a = small[name]!;
        const b = large[name]!;
        expect(b.statements, name).toBe(a.statements);
        expect(b.seqScans, `${name}: whole-table scans`).toEqual([]);
        expect(b.rowsTouched, `${name}: rows touched ${a.rowsTouched} → ${b.rowsTouched}`).toBeLessThanOrEqual(
          Math.max(2 * a.rowsTouched, LIST_READS.has(name) ? fullPage : 0, 20),
        );
      }
    },
  );
});
