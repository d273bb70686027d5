// The stored member cards (drizzle/0009_member_cards.sql, docs/decisions/0021-stored-member-cards.md)
// stay exact: after every kind of change that shows on the jail authority's list, each member's stored
// card is, byte for byte, the JSON the list answered before cards were stored — computed here the way
// it was, from the source tables (the list's former statement and its mapping, kept below as the
// reference), and serialised through JailMemberSchema as the route's serialiser did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { JailMemberSchema, MembersPageSchema, type JailMember } from '#shared/jail.ts';
import type { StoredOffence } from '#shared/cases.ts';
import type { Db } from '#server/db/client.ts';
import {
  bailReviews,
  cases,
  clientCards,
  documents,
  familyMembers,
  lawyerRequests,
  ngoAssignments,
  ngos,
  users,
} from '#server/db/schema.ts';
import { toDocumentMeta } from '#server/lib/documents.ts';
import { listMembersJson } from './jail.queries.ts';
import { acceptBail, assignNgo, undoBailAccept } from './jail.use-cases.ts';
import { endEngagement } from '../lawyers/end-engagement.use-cases.ts';
import { createTestDb, usePostgres, type TestDb } from '#tests/test-db.ts';
import {
  createBailReview,
  createCase,
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
} from '#tests/factories.ts';

type RowJson = {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  stage: JailMember['stage'];
  ngo: { id: string; name: string; address: string | null; contactInfo: string | null; report: string | null } | null;
  bailDecidedMs: number | null;
  cases: {
    id: string;
    caseNumber: string;
    caseType: string;
    s479Status: 'not-applicable' | 'barred' | 'counting' | null;
    s479Fraction: '1/2' | '1/3' | null;
    s479EligibleOn: string | null;
    maximumEndsOn: string | null;
    defaultBailDays: number | null;
    defaultBailEligibleOn: string | null;
    releasedOn: string | null;
    bailGrantedOn: string | null;
    otherCasesHeld: number;
    chargesheetFiledOn: string | null;
    prisoner: { name: string; nameLatin: string; number: string | null } | null;
  }[];
  lawyers: { id: string; name: string | null }[];
  documents: {
    id: string;
    filename: string;
    contentType: string;
    size: number;
    createdMs: number;
    uploaderId: string | null;
    uploaderName: string | null;
    uploaderRole: 'Family-Member' | 'Lawyer' | 'Jail-Authority' | null;
  }[];
};

const dateOrNull = (v: string | null) => (v === null ? null : v.slice(0, 10));

/** The list's rows as its former statement built them from the source tables, one lookup per row. */
async function referenceCards(db: Db, ids: string[]): Promise<Map<string, string>> {
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`select coalesce((select json_agg(json_build_object(
      'id', p.user_id, 'name', p.name, 'email', p.email, 'phone', p.phone, 'address', p.address, 'stage', p.stage,
      'ngo', case when p.has_ngo then (select json_build_object(
          'id', n.id, 'name', n.name, 'address', n.address, 'contactInfo', n.contact_info, 'report', n.report)
        from ngos n where n.id = (select a.ngo_id from ngo_assignments a where a.family_member_id = p.user_id)) end,
      'bailDecidedMs', case when p.bail_accepted then (select (extract(epoch from b.decided_at) * 1000)::float8
        from bail_reviews b where b.family_member_id = p.user_id) end,
      'cases', (select coalesce(json_agg(json_build_object(
          'id', c.id, 'caseNumber', c.case_number, 'caseType', c.case_type, 's479Status', c.s479_status,
          's479Fraction', c.s479_fraction, 's479EligibleOn', c.s479_eligible_on, 'maximumEndsOn', c.maximum_ends_on,
          'defaultBailDays', c.default_bail_days, 'defaultBailEligibleOn', c.default_bail_eligible_on,
          'chargesheetFiledOn', c.chargesheet_filed_on, 'releasedOn', c.released_on, 'bailGrantedOn', c.bail_granted_on,
          'otherCasesHeld', c.other_cases_held,
          'prisoner', (select json_build_object('name', pr.name, 'nameLatin', pr.name_latin, 'number', pr.prisoner_number)
            from prisoners pr where pr.id = c.prisoner_id)) order by c.created_at, c.case_number), '[]'::json)
        from cases c where c.family_member_id = p.user_id),
      'lawyers', case when p.accepted_lawyers = 0 then '[]'::json else (select coalesce(json_agg(json_build_object(
          'id', r.lawyer_id, 'name', (select u.name from users u where u.id = r.lawyer_id)) order by r.decided_at, r.created_at, r.id), '[]'::json)
        from lawyer_requests r where r.family_member_id = p.user_id and r.status = 'accepted') end,
      'documents', case when p.bail_papers = 0 then '[]'::json else (select coalesce(json_agg(json_build_object(
          'id', d.id, 'filename', d.filename, 'contentType', d.content_type, 'size', d.size::float8,
          'createdMs', (extract(epoch from d.created_at) * 1000)::float8, 'uploaderId', d.uploaded_by,
          'uploaderName', u.name, 'uploaderRole', u.role) order by d.created_at desc, d.id desc), '[]'::json)
        from documents d left join users u on u.id = d.uploaded_by
        where d.family_member_id = p.user_id and d.kind = 'bail_paper') end
    )) from family_members p where p.user_id in (${idList})), '[]'::json) as items`)) as { rows: { items: unknown }[] };
  const raw = rows[0]!.items;
  const found = (typeof raw === 'string' ? JSON.parse(raw) : raw) as RowJson[];
  const out = new Map<string, string>();
  for (const r of found) {
    const docs = r.documents.map((d) => ({ ...d, familyMemberId: r.id, createdAt: new Date(d.createdMs) }));
    const firstLawyerPaper = docs.filter((d) => d.uploaderRole === 'Lawyer').at(-1);
    const member: JailMember = {
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      address: r.address,
      cases: r.cases.map((c) => ({
        id: c.id,
        caseNumber: c.caseNumber,
        caseType: c.caseType,
        release: {
          s479Status: c.s479Status,
          s479Fraction: c.s479Fraction,
          s479EligibleOn: dateOrNull(c.s479EligibleOn),
          maximumEndsOn: dateOrNull(c.maximumEndsOn),
          defaultBailDays: c.defaultBailDays === null ? null : Number(c.defaultBailDays),
          defaultBailEligibleOn: dateOrNull(c.defaultBailEligibleOn),
          releasedOn: dateOrNull(c.releasedOn),
          bailGrantedOn: dateOrNull(c.bailGrantedOn),
          otherCasesHeld: Number(c.otherCasesHeld),
        },
        chargesheetFiledOn: dateOrNull(c.chargesheetFiledOn),
        prisoner: c.prisoner,
      })),
      lawyers: r.lawyers.map(({ id, name }) => ({ id, name })),
      ngo: r.ngo
        ? { id: r.ngo.id, name: r.ngo.name, address: r.ngo.address ?? '', contactInfo: r.ngo.contactInfo ?? '', report: r.ngo.report ?? '' }
        : null,
      documents: docs.map(toDocumentMeta),
      firstLawyerPaperId: firstLawyerPaper?.id ?? null,
      bailReview: r.bailDecidedMs !== null ? { status: 'Accepted', decidedAt: new Date(r.bailDecidedMs).toISOString() } : null,
      stage: r.stage,
    };
    out.set(r.id, JSON.stringify(JailMemberSchema.parse(member)));
  }
  return out;
}

async function storedCards(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: familyMembers.userId, card: familyMembers.card })
    .from(familyMembers)
    .where(inArray(familyMembers.userId, ids));
  return new Map(rows.map((r) => [r.id, r.card]));
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ poolSize: 4 });
});
afterAll(() => t.close());

/**
 * The stored client cards (drizzle/0017_client_cards.sql) and the same cards computed now from the source
 * tables by the function that defines them: what they hold is checked against the lawyer's former list
 * in one-statement-reads.test.ts; here, that the triggers keep them current.
 */
async function storedClientCards(db: Db, ids: string[]): Promise<{ stored: Map<string, string>; fresh: Map<string, string> }> {
  const rows = await db
    .select({ id: familyMembers.userId, stored: clientCards.card, fresh: sql<string>`member_client_card(${familyMembers})` })
    .from(familyMembers)
    .leftJoin(clientCards, eq(clientCards.familyMemberId, familyMembers.userId))
    .where(inArray(familyMembers.userId, ids));
  return { stored: new Map(rows.map((r) => [r.id, r.stored ?? ''])), fresh: new Map(rows.map((r) => [r.id, r.fresh])) };
}

/** The members whose kept lawyer counters differ from a recount of their requests. */
async function countersWrong(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: familyMembers.userId })
    .from(familyMembers)
    .where(
      and(
        inArray(familyMembers.userId, ids),
        sql`(${familyMembers.acceptedLawyers} <> (select count(*) from lawyer_requests r where r.family_member_id = ${familyMembers.userId} and r.status = 'accepted')
          or ${familyMembers.pendingLawyers} <> (select count(*) from lawyer_requests r where r.family_member_id = ${familyMembers.userId} and r.status = 'pending'))`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Every member's stored card is what the former list statement gives, byte for byte, their client card is current and their counters exact. */
async function expectCardsExact(ids: string[], step: string) {
  const [stored, reference, clients] = await Promise.all([storedCards(t.db, ids), referenceCards(t.db, ids), storedClientCards(t.db, ids)]);
  expect(await countersWrong(t.db, ids), step).toEqual([]);
  expect(stored.size, step).toBe(reference.size);
  for (const [id, card] of reference) expect(stored.get(id), `${step}: ${id}`).toBe(card);
  expect(clients.stored.size, step).toBe(reference.size);
  for (const [id, card] of clients.fresh) {
    expect(card, `${step}: ${id}`).toMatch(/^\{"id":/);
    expect(clients.stored.get(id), `${step}: client card of ${id}`).toBe(card);
  }
}

const theft: StoredOffence = { code: 'theft', label: null, maxMonths: 36, life: false, death: false };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('stored member cards', () => {
  it('equal the card computed from the source tables after every kind of change that shows on it', { timeout: 120_000 }, async () => {
    const jail = await createJailAuthority(t.db);
    const l1 = await createLawyer(t.db, { name: 'Adv. One' });
    const l2 = await createLawyer(t.db, { name: 'Adv. Two' });
    const l3 = await createLawyer(t.db, { name: 'Adv. Three' });
    const n1 = await createNgo(t.db, { name: 'NGO One', seatsFree: 5 });
    const n2 = await createNgo(t.db, { name: 'NGO Two', seatsFree: 5 });
    const a = (await createFamilyMember(t.db, { name: 'Card Alpha', cases: [{}, {}] })).user;
    const b = (await createFamilyMember(t.db, { name: 'Card Beta' })).user;
    const c = (await createFamilyMember(t.db, { name: 'Card Gamma', cases: [{}] })).user;
    const ids = [a.id, b.id, c.id];
    const [aCase] = await t.db.select().from(cases).where(eq(cases.familyMemberId, a.id)).orderBy(cases.createdAt);
    let paperByLawyer = '';
    let engagement = '';
    let paperByFamily = '';

    // Each step is one kind of change; after each the cards must still be exact (and some must have
    // changed, so a step that touched nothing would show).
    const steps: [string, () => Promise<unknown>][] = [
      ['new members with cases', async () => {}],
      ['a case added', () => createCase(t.db, { familyMemberId: b.id, caseNumber: 'FIR-77/2026', caseType: 'Corporate Lawyer' })],
      [
        'release dates and charge-sheet of a case',
        () =>
          t.db
            .update(cases)
            .set({
              s479Status: 'counting',
              s479Fraction: '1/3',
              s479EligibleOn: '2026-02-03',
              maximumEndsOn: '2029-01-01',
              defaultBailDays: 90,
              defaultBailEligibleOn: '2026-01-15',
              chargesheetFiledOn: '2026-01-10',
            })
            .where(eq(cases.id, aCase!.id)),
      ],
      [
        "the case's facts (shown to the member's lawyers, not on the jail card)",
        () =>
          t.db
            .update(cases)
            .set({ prisonerName: 'Ravi', court: 'Sessions Court', detail: 'Bail hearing "soon"', offences: [theft] })
            .where(eq(cases.id, aCase!.id)),
      ],
      [
        'the prisoner renamed and given the jail’s number',
        () =>
          t.db.execute(
            sql`update prisoners set name = 'रवि', name_latin = 'Ravi', prisoner_number = 'UTP-9' where id = (select prisoner_id from cases where id = ${aCase!.id})`,
          ),
      ],
      ['the release date recorded', () => t.db.update(cases).set({ releasedOn: '2026-03-01' }).where(eq(cases.id, aCase!.id))],
      [
        'case number and type',
        () => t.db.update(cases).set({ caseNumber: 'FIR-1/2026', caseType: 'Corporate Lawyer' }).where(eq(cases.id, aCase!.id)),
      ],
      ['a case deleted', () => t.db.delete(cases).where(eq(cases.familyMemberId, c.id))],
      ['a lawyer requested', () => createLawyerRequest(t.db, { familyMemberId: a.id, lawyerId: l1.user.id })],
      [
        'the request accepted',
        () =>
          t.db
            .update(lawyerRequests)
            .set({ status: 'accepted', decidedAt: minutesAgo(5) })
            .where(eq(lawyerRequests.lawyerId, l1.user.id)),
      ],
      [
        'a second lawyer accepted earlier (order)',
        () => createLawyerRequest(t.db, { familyMemberId: a.id, lawyerId: l2.user.id, status: 'accepted', decidedAt: minutesAgo(30) }),
      ],
      ['a lawyer renamed', () => t.db.update(users).set({ name: 'Adv. One Renamed' }).where(eq(users.id, l1.user.id))],
      [
        'a request withdrawn',
        () => t.db.update(lawyerRequests).set({ status: 'withdrawn' }).where(eq(lawyerRequests.lawyerId, l1.user.id)),
      ],
      [
        'a request rejected, another accepted for another member',
        async () => {
          await createLawyerRequest(t.db, { familyMemberId: b.id, lawyerId: l2.user.id, status: 'rejected' });
          await createLawyerRequest(t.db, { familyMemberId: b.id, lawyerId: l1.user.id, status: 'accepted' });
        },
      ],
      [
        'a third lawyer accepted for another member',
        async () => {
          engagement = (await createLawyerRequest(t.db, { familyMemberId: c.id, lawyerId: l3.user.id, status: 'accepted' })).id;
        },
      ],
      [
        'the family ended that engagement',
        () => endEngagement(t.db, { requestId: engagement, member: { id: c.id, name: 'Card Gamma' }, publicUrl: 'http://localhost' }),
      ],
      ['the same lawyer requested again after the ending', () => createLawyerRequest(t.db, { familyMemberId: c.id, lawyerId: l3.user.id })],
      [
        'bail papers uploaded by a lawyer and by the family',
        async () => {
          paperByLawyer = (await createDocument(t.db, { familyMemberId: a.id, uploadedBy: l2.user.id, createdAt: minutesAgo(20) })).id;
          paperByFamily = (await createDocument(t.db, { familyMemberId: a.id, createdAt: minutesAgo(10) })).id;
          await createDocument(t.db, { familyMemberId: b.id, uploadedBy: l2.user.id });
        },
      ],
      ["an uploader's name", () => t.db.update(users).set({ name: 'Adv. Two Renamed' }).where(eq(users.id, l2.user.id))],
      // The uploader leaves the papers when the name is emptied and comes back with it.
      ["an uploader's name emptied", () => t.db.update(users).set({ name: '' }).where(eq(users.id, l2.user.id))],
      ["an uploader's name given back", () => t.db.update(users).set({ name: 'Adv. Two Back' }).where(eq(users.id, l2.user.id))],
      ['a paper renamed', () => t.db.update(documents).set({ filename: 'bail-final.pdf' }).where(eq(documents.id, paperByFamily))],
      ['a paper deleted', () => t.db.delete(documents).where(eq(documents.id, paperByLawyer))],
      ['an NGO assigned', () => assignNgo(t.db, { familyMemberId: a.id, ngoId: n1.id, assignedBy: jail.id })],
      ['another NGO assigned', () => createNgoAssignment(t.db, { familyMemberId: c.id, ngoId: n1.id })],
      [
        "the NGO's details edited",
        () => t.db.update(ngos).set({ name: 'NGO One Edited', report: 'Visited', address: 'Lane 2' }).where(eq(ngos.id, n1.id)),
      ],
      ["the NGO's contact emptied", () => t.db.update(ngos).set({ contactInfo: '' }).where(eq(ngos.id, n1.id))],
      ["the NGO's contact given", () => t.db.update(ngos).set({ contactInfo: 'call 0522 000' }).where(eq(ngos.id, n1.id))],
      [
        'an assignment moved to another NGO',
        () => t.db.update(ngoAssignments).set({ ngoId: n2.id }).where(eq(ngoAssignments.familyMemberId, c.id)),
      ],
      ['an assignment removed', () => t.db.delete(ngoAssignments).where(eq(ngoAssignments.familyMemberId, c.id))],
      ['Bail-Accept', () => acceptBail(t.db, { familyMemberId: a.id, decidedBy: jail.id, publicUrl: 'http://localhost' })],
      ['Bail-Accept undone', () => undoBailAccept(t.db, { familyMemberId: a.id, undoneBy: jail.id, windowMs: 300_000 })],
      [
        'a bail review with a given time',
        () => createBailReview(t.db, { familyMemberId: b.id, decidedAt: new Date('2026-01-02T03:04:05.678Z') }),
      ],
      [
        'the review time changed (sub-millisecond)',
        () =>
          t.db
            .update(bailReviews)
            .set({ decidedAt: sql`'2026-01-02 03:04:05.999999+00'::timestamptz` })
            .where(eq(bailReviews.familyMemberId, b.id)),
      ],
      [
        "the member's name and email",
        () => t.db.update(users).set({ name: 'Card Alpha Two', email: 'alpha.two@example.in' }).where(eq(users.id, a.id)),
      ],
      [
        "the member's phone and address",
        () =>
          t.db
            .update(familyMembers)
            .set({ phone: '9000000001', address: 'House 5\nLine two "quoted"' })
            .where(eq(familyMembers.userId, a.id)),
      ],
      ['the daily pass', () => t.db.execute(sql`select release_clock_advance((select as_of + 400 from release_clock))`)],
      ['a lawyer account deleted', () => t.db.delete(users).where(eq(users.id, l1.user.id))],
      ['an uploader account deleted', () => t.db.delete(users).where(eq(users.id, l2.user.id))],
      ['a member deleted', () => t.db.delete(users).where(eq(users.id, c.id))],
    ];
    const same = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([id, card]) => b.get(id) === card);
    let previous = await storedCards(t.db, ids);
    let previousClients = (await storedClientCards(t.db, ids)).stored;
    const unchanged: string[] = [];
    const clientsUnchanged: string[] = [];
    for (const [step, change] of steps) {
      await change();
      await expectCardsExact(ids, step);
      const now = await storedCards(t.db, ids);
      const nowClients = (await storedClientCards(t.db, ids)).stored;
      if (same(now, previous)) unchanged.push(step);
      if (same(nowClients, previousClients)) clientsUnchanged.push(step);
      previous = now;
      previousClients = nowClients;
    }
    // Every step but the first (nothing), the daily pass (no date on a card moves with the clock) and the
    // facts, which the jail card does not show.
    expect(unchanged).toEqual([
      'new members with cases',
      "the case's facts (shown to the member's lawyers, not on the jail card)",
      'the daily pass',
    ]);
    // A client card does not show the member's lawyers, nor the NGO's address and report.
    expect(clientsUnchanged).toEqual([
      'new members with cases',
      'the prisoner renamed and given the jail’s number',
      'a lawyer requested',
      'the request accepted',
      'a second lawyer accepted earlier (order)',
      'a lawyer renamed',
      'a request withdrawn',
      'a request rejected, another accepted for another member',
      'a third lawyer accepted for another member',
      'the family ended that engagement',
      'the same lawyer requested again after the ending',
      'the daily pass',
      'a lawyer account deleted',
    ]);
  });

  it('the list answers the stored cards, and its JSON text is what MembersPageSchema describes', async () => {
    const { user } = await createFamilyMember(t.db, { name: 'Zz Page Check', cases: [{}] });
    await createDocument(t.db, { familyMemberId: user.id });
    const text = await listMembersJson(t.db, { page: 1, pageSize: 25, q: 'Zz Page Check' });
    const page = MembersPageSchema.parse(JSON.parse(text));
    // Nothing the schema would drop or reorder: the text is the schema's own serialisation.
    expect(text).toBe(JSON.stringify(page));
    expect(page.items.map((i) => i.id)).toEqual([user.id]);
    expect(JSON.stringify(page.items[0])).toBe((await referenceCards(t.db, [user.id])).get(user.id));
  });

  it.runIf(usePostgres())('stay exact when two transactions change one member at once', { timeout: 60_000 }, async () => {
    const lawyer = await createLawyer(t.db);
    const { user } = await createFamilyMember(t.db, { name: 'Card Parallel' });
    await createLawyerRequest(t.db, { familyMemberId: user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    // The first transaction adds a case and holds on; the second renames the member's lawyer while
    // the case is uncommitted, so its card must be computed only once the first has committed.
    for (let round = 0; round < 3; round++) {
      let caseWritten!: () => void;
      const written = new Promise<void>((r) => (caseWritten = r));
      await Promise.all([
        t.db.transaction(async (tx) => {
          await createCase(tx, { familyMemberId: user.id, caseNumber: `PAR-${round}` });
          caseWritten();
          await new Promise((r) => setTimeout(r, 300));
        }),
        written.then(() =>
          t.db
            .update(users)
            .set({ name: `Adv. Parallel ${round}` })
            .where(eq(users.id, lawyer.user.id)),
        ),
      ]);
      await expectCardsExact([user.id], `round ${round}`);
    }
  });
});
