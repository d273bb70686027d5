// Issue 10: the jail authority's counts, charts and per-member filter columns are maintained by
// triggers in the same transaction as each change. After many random changes, several at once,
// they must equal a recount from the source tables, exactly.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_TYPES } from '#shared/constants.ts';
import { bailReviews, cases, documents, lawyerRequests, ngoAssignments, users } from '#server/db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createNgo, sessionCookie } from './factories.ts';
import type { MembersPage } from '#shared/jail.ts';

let t: TestApp;
// A busy machine can take long to create and migrate a database.
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(() => t?.close());

type Row = Record<string, unknown>;
const rows = async (q: string) => ((await t.db.execute(sql.raw(q))) as { rows: Row[] }).rows;

/** A small deterministic random generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** Counters and member columns as the triggers keep them, and as a recount from the source finds them. */
async function maintainedAndRecounted() {
  const maintained = await rows(`select key, sum(n)::int as n from jail_counts group by key having sum(n) <> 0 order by key`);
  const recount = await rows(`
    with facts as (
      select fm.user_id,
        (select count(*) from lawyer_requests r where r.family_member_id = fm.user_id and r.status = 'accepted') as acc,
        (select count(*) from lawyer_requests r where r.family_member_id = fm.user_id and r.status = 'pending') as pen,
        (select count(*) from documents d where d.family_member_id = fm.user_id and d.kind = 'bail_paper') as papers,
        exists (select 1 from ngo_assignments a where a.family_member_id = fm.user_id) as ngo,
        exists (select 1 from bail_reviews b where b.family_member_id = fm.user_id) as bail
      from family_members fm
    ), keys as (
      select 'all' as key from facts
      union all select 'no-lawyer' from facts where acc = 0
      union all select 'no-ngo' from facts where not ngo
      union all select 'bail-waiting' from facts where not bail and papers > 0
      union all select 'bail-accepted' from facts where bail
      union all select 'stage:' || case when bail then 'bail-accepted' when papers > 0 then 'bail-paper-waiting'
        when acc > 0 then 'lawyer-assigned' when pen > 0 then 'lawyer-requested' else 'registered' end from facts
      union all select 'type:' || case_type from (select distinct family_member_id, case_type from cases) c
    )
    select key, count(*)::int as n from keys group by key order by key`);
  const columnsWrong = await rows(`
    select fm.user_id from family_members fm join users u on u.id = fm.user_id
    where fm.name <> u.name or fm.email <> u.email
      or fm.accepted_lawyers <> (select count(*) from lawyer_requests r where r.family_member_id = fm.user_id and r.status = 'accepted')
      or fm.pending_lawyers <> (select count(*) from lawyer_requests r where r.family_member_id = fm.user_id and r.status = 'pending')
      or fm.bail_papers <> (select count(*) from documents d where d.family_member_id = fm.user_id and d.kind = 'bail_paper')
      or fm.has_ngo <> exists (select 1 from ngo_assignments a where a.family_member_id = fm.user_id)
      or fm.bail_accepted <> exists (select 1 from bail_reviews b where b.family_member_id = fm.user_id)`);
  const caseTypesWrong = await rows(`
    select coalesce(m.family_member_id, c.family_member_id) as id from (select * from member_case_types where cases > 0) m
    full join (select family_member_id, case_type, count(*)::int as n from cases group by 1, 2) c
      on c.family_member_id = m.family_member_id and c.case_type = m.case_type
    where m.cases is distinct from c.n`);
  return { maintained, recount, columnsWrong, caseTypesWrong };
}

describe('maintained counts stay exact', () => {
  it('after 400 random changes, many of them concurrent, the counters equal a recount', { timeout: 300_000 }, async () => {
    const random = rng(20261123);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
    const lawyers = await Promise.all(Array.from({ length: 4 }, () => createLawyer(t.db)));
    const ngos = await Promise.all(Array.from({ length: 3 }, () => createNgo(t.db, { seatsFree: 1000 })));
    const members: string[] = [];
    for (let i = 0; i < 30; i++) members.push((await createFamilyMember(t.db, { name: `Counted ${i}` })).user.id);

    let caseNo = 0;
    const change = async () => {
      const m = pick(members);
      const lawyerId = pick(lawyers).user.id;
      switch (Math.floor(random() * 11)) {
        case 0: // a new member
          members.push((await createFamilyMember(t.db, { name: `Counted new ${members.length}` })).user.id);
          break;
        case 1: // a case of a random type
          await t.db
            .insert(cases)
            .values({ familyMemberId: m, caseNumber: `RC-${caseNo++}`, detail: 'd', caseType: pick([...CASE_TYPES]) })
            .onConflictDoNothing();
          break;
        case 2: // a case goes
          await t.db.execute(sql`delete from cases where id = (select id from cases where family_member_id = ${m} limit 1)`);
          break;
        case 3: // a request
          await t.db.insert(lawyerRequests).values({ familyMemberId: m, lawyerId }).onConflictDoNothing();
          break;
        case 4: // a decision
          await t.db
            .update(lawyerRequests)
            .set({ status: random() < 0.6 ? 'accepted' : 'rejected', decidedAt: new Date() })
            .where(and(eq(lawyerRequests.familyMemberId, m), eq(lawyerRequests.status, 'pending')));
          break;
        case 5: // a paper
          await t.db.insert(documents).values({
            familyMemberId: m,
            uploadedBy: lawyerId,
            filename: 'b.pdf',
            contentType: 'application/pdf',
            size: PDF.length,
            sha256: 'x',
            bytes: PDF,
          });
          break;
        case 6: // a paper goes
          await t.db.execute(sql`delete from documents where id = (select id from documents where family_member_id = ${m} limit 1)`);
          break;
        case 7: // an NGO, or it goes
          if (random() < 0.7)
            await t.db
              .insert(ngoAssignments)
              .values({ familyMemberId: m, ngoId: pick(ngos).id })
              .onConflictDoNothing();
          else await t.db.delete(ngoAssignments).where(eq(ngoAssignments.familyMemberId, m));
          break;
        case 8: // bail accepted, or withdrawn
          if (random() < 0.7) await t.db.insert(bailReviews).values({ familyMemberId: m }).onConflictDoNothing();
          else await t.db.delete(bailReviews).where(eq(bailReviews.familyMemberId, m));
          break;
        case 9: // a renamed account
          await t.db
            .update(users)
            .set({ name: `Renamed ${caseNo++}` })
            .where(eq(users.id, m));
          break;
        case 10: // a member's account deleted (everything of theirs goes with it), rarely
          if (random() < 0.2 && members.length > 10) {
            members.splice(members.indexOf(m), 1);
            await t.db.delete(users).where(eq(users.id, m));
          } else {
            await t.db.delete(lawyerRequests).where(eq(lawyerRequests.familyMemberId, m));
          }
          break;
      }
    };
    // 40 rounds of 10 changes at once (on PostgreSQL they run on separate connections).
    for (let round = 0; round < 40; round++) await Promise.all(Array.from({ length: 10 }, change));
    // Engagements ended by the family (drizzle/0020_end_engagement.sql), many members' in one statement.
    await t.db
      .update(lawyerRequests)
      .set({ status: 'ended', endedAt: new Date() })
      .where(and(eq(lawyerRequests.status, 'accepted'), sql`${lawyerRequests.familyMemberId} < '80000000-0000-0000-0000-000000000000'`));
    // One multi-row statement too: every member's pending requests decided at once.
    await t.db.update(lawyerRequests).set({ status: 'accepted', decidedAt: new Date() }).where(eq(lawyerRequests.status, 'pending'));

    const { maintained, recount, columnsWrong, caseTypesWrong } = await maintainedAndRecounted();
    expect(columnsWrong).toEqual([]);
    expect(caseTypesWrong).toEqual([]);
    expect(maintained).toEqual(recount);

    // And the dashboard shows exactly those numbers.
    const jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
    const res = await t.request('GET', '/api/jail/members', { cookie: jail });
    const page = res.json<MembersPage>();
    const n = (k: string) => Number(recount.find((r) => r.key === k)?.n ?? 0);
    expect(page.counts).toEqual({
      all: n('all'),
      noLawyer: n('no-lawyer'),
      noNgo: n('no-ngo'),
      bailWaiting: n('bail-waiting'),
      bailAccepted: n('bail-accepted'),
    });
    expect(page.chart.byStage.map((s) => s.members)).toEqual(
      ['registered', 'lawyer-requested', 'lawyer-assigned', 'bail-paper-waiting', 'bail-accepted'].map((s) => n(`stage:${s}`)),
    );
    expect(page.chart.byCaseType.map((c) => c.members)).toEqual(CASE_TYPES.map((c) => n(`type:${c}`)));
  });
});
