// The stored member cards (drizzle/objects/functions/member_card.sql, docs/decisions/0021-stored-member-cards.md)
// stay exact: after every kind of change that shows on the jail authority's list, each member's stored
// card is, byte for byte, the card its definition (`member_card`, the derived-data registry's) computes
// now from the source tables, and is JailMemberSchema's own serialisation; and each step shows on the
// card as a person reading the list would expect (the step's `shows`). No frozen copy of an older
// statement is kept as the reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { JailMemberSchema, MembersPageSchema, type JailMember } from '#shared/jail.ts';
import type { StoredOffence } from '#shared/cases.ts';
import type { Db } from '#server/db/client.ts';
import {
  bailReviews,
  cases,
  clientCards,
  jailCards,
  documents,
  familyMembers,
  lawyerRequests,
  ngoAssignments,
  ngos,
  users,
} from '#server/db/schema.ts';
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

/** The cards their definition computes now from the source tables (what `npm run db:check` compares with). */
async function freshCards(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: familyMembers.userId, card: sql<string>`member_card(${familyMembers})` })
    .from(familyMembers)
    .where(inArray(familyMembers.userId, ids));
  return new Map(rows.map((r) => [r.id, r.card]));
}

async function storedCards(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ id: jailCards.memberId, card: jailCards.card }).from(jailCards).where(inArray(jailCards.memberId, ids));
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

/**
 * Every member's stored card is what its definition gives now, byte for byte, and JailMemberSchema's own
 * serialisation (nothing the schema would drop or reorder); their client card is current and their
 * counters exact. Answers the stored cards, parsed.
 */
async function expectCardsExact(ids: string[], step: string): Promise<Map<string, JailMember>> {
  const [stored, reference, clients] = await Promise.all([storedCards(t.db, ids), freshCards(t.db, ids), storedClientCards(t.db, ids)]);
  expect(await countersWrong(t.db, ids), step).toEqual([]);
  expect(stored.size, step).toBe(reference.size);
  const parsed = new Map<string, JailMember>();
  for (const [id, card] of reference) {
    expect(stored.get(id), `${step}: ${id}`).toBe(card);
    const member = JailMemberSchema.parse(JSON.parse(card));
    expect(JSON.stringify(member), `${step}: ${id} as the schema writes it`).toBe(card);
    parsed.set(id, member);
  }
  expect(clients.stored.size, step).toBe(reference.size);
  for (const [id, card] of clients.fresh) {
    expect(card, `${step}: ${id}`).toMatch(/^\{"id":/);
    expect(clients.stored.get(id), `${step}: client card of ${id}`).toBe(card);
  }
  return parsed;
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
            .set({ prisonerName: 'Ravi', detail: 'Bail hearing "soon"', offences: [theft] })
            .where(eq(cases.id, aCase!.id)),
      ],
      ['the court recorded', () => t.db.update(cases).set({ court: 'Sessions Court' }).where(eq(cases.id, aCase!.id))],
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
    // What each step shows on the cards, as a person reading the jail's list would expect it.
    const card = (cards: Map<string, JailMember>, id: string) => {
      const found = cards.get(id);
      if (!found) throw new Error(`no card for ${id}`);
      return found;
    };
    const caseOf = (cards: Map<string, JailMember>) => card(cards, a.id).cases.find((x) => x.id === aCase!.id)!;
    const lawyersOf = (cards: Map<string, JailMember>, id: string) => card(cards, id).lawyers.map((l) => [l.id, l.name]);
    const shows: Record<string, (cards: Map<string, JailMember>) => void> = {
      'a case added': (cards) =>
        expect(card(cards, b.id).cases.map((x) => [x.caseNumber, x.caseType])).toContainEqual(['FIR-77/2026', 'Corporate Lawyer']),
      'release dates and charge-sheet of a case': (cards) => {
        expect(caseOf(cards).release).toMatchObject({
          s479Status: 'counting',
          s479Fraction: '1/3',
          s479EligibleOn: '2026-02-03',
          maximumEndsOn: '2029-01-01',
          defaultBailDays: 90,
          defaultBailEligibleOn: '2026-01-15',
        });
        expect(caseOf(cards).chargesheetFiledOn).toBe('2026-01-10');
      },
      'the prisoner renamed and given the jail’s number': (cards) =>
        expect(caseOf(cards).prisoner).toEqual({ name: 'रवि', nameLatin: 'Ravi', number: 'UTP-9' }),
      'the court recorded': (cards) => expect(caseOf(cards).court).toBe('Sessions Court'),
      'the release date recorded': (cards) => expect(caseOf(cards).release?.releasedOn).toBe('2026-03-01'),
      'case number and type': (cards) =>
        expect([caseOf(cards).caseNumber, caseOf(cards).caseType]).toEqual(['FIR-1/2026', 'Corporate Lawyer']),
      'a case deleted': (cards) => expect(card(cards, c.id).cases).toEqual([]),
      'a lawyer requested': (cards) => expect(card(cards, a.id).lawyers).toEqual([]),
      'the request accepted': (cards) => expect(lawyersOf(cards, a.id)).toEqual([[l1.user.id, 'Adv. One']]),
      'a second lawyer accepted earlier (order)': (cards) =>
        expect(lawyersOf(cards, a.id)).toEqual([
          [l2.user.id, 'Adv. Two'],
          [l1.user.id, 'Adv. One'],
        ]),
      'a lawyer renamed': (cards) => expect(lawyersOf(cards, a.id)).toContainEqual([l1.user.id, 'Adv. One Renamed']),
      'a request withdrawn': (cards) => expect(lawyersOf(cards, a.id)).toEqual([[l2.user.id, 'Adv. Two']]),
      'a request rejected, another accepted for another member': (cards) =>
        expect(lawyersOf(cards, b.id)).toEqual([[l1.user.id, 'Adv. One Renamed']]),
      'a third lawyer accepted for another member': (cards) => expect(lawyersOf(cards, c.id)).toEqual([[l3.user.id, 'Adv. Three']]),
      'the family ended that engagement': (cards) => expect(card(cards, c.id).lawyers).toEqual([]),
      'bail papers uploaded by a lawyer and by the family': (cards) => {
        const papers = card(cards, a.id).documents;
        expect(papers.map((d) => d.id)).toEqual([paperByFamily, paperByLawyer]);
        expect(card(cards, a.id).firstLawyerPaperId).toBe(paperByLawyer);
        expect(card(cards, b.id).documents).toHaveLength(1);
      },
      'a paper renamed': (cards) =>
        expect(card(cards, a.id).documents.find((d) => d.id === paperByFamily)?.filename).toBe('bail-final.pdf'),
      'a paper deleted': (cards) => {
        expect(card(cards, a.id).documents.map((d) => d.id)).toEqual([paperByFamily]);
        expect(card(cards, a.id).firstLawyerPaperId).toBeNull();
      },
      'an NGO assigned': (cards) => expect(card(cards, a.id).ngo).toMatchObject({ id: n1.id, name: 'NGO One' }),
      "the NGO's details edited": (cards) => {
        for (const id of [a.id, c.id])
          expect(card(cards, id).ngo).toMatchObject({ name: 'NGO One Edited', report: 'Visited', address: 'Lane 2' });
      },
      "the NGO's contact emptied": (cards) => expect(card(cards, a.id).ngo?.contactInfo).toBe(''),
      "the NGO's contact given": (cards) => expect(card(cards, c.id).ngo?.contactInfo).toBe('call 0522 000'),
      'an assignment moved to another NGO': (cards) => {
        expect(card(cards, c.id).ngo).toMatchObject({ id: n2.id, name: 'NGO Two' });
        expect(card(cards, a.id).ngo?.id).toBe(n1.id);
      },
      'an assignment removed': (cards) => expect(card(cards, c.id).ngo).toBeNull(),
      'Bail-Accept': (cards) => expect(card(cards, a.id).bailReview?.status).toBe('Accepted'),
      'Bail-Accept undone': (cards) => expect(card(cards, a.id).bailReview).toBeNull(),
      'a bail review with a given time': (cards) =>
        expect(card(cards, b.id).bailReview).toEqual({ status: 'Accepted', decidedAt: '2026-01-02T03:04:05.678Z' }),
      'the review time changed (sub-millisecond)': (cards) =>
        expect(new Date(card(cards, b.id).bailReview!.decidedAt).getTime()).toBe(Date.parse('2026-01-02T03:04:05.999Z')),
      "the member's name and email": (cards) =>
        expect([card(cards, a.id).name, card(cards, a.id).email]).toEqual(['Card Alpha Two', 'alpha.two@example.in']),
      "the member's phone and address": (cards) =>
        expect([card(cards, a.id).phone, card(cards, a.id).address]).toEqual(['9000000001', 'House 5\nLine two "quoted"']),
      'a lawyer account deleted': (cards) => expect(lawyersOf(cards, b.id).some(([, name]) => name === 'Adv. One Renamed')).toBe(false),
      'a member deleted': (cards) => expect(cards.has(c.id)).toBe(false),
    };
    expect(Object.keys(shows).filter((name) => !steps.some(([step]) => step === name))).toEqual([]);
    const same = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([id, card]) => b.get(id) === card);
    let previous = await storedCards(t.db, ids);
    let previousClients = (await storedClientCards(t.db, ids)).stored;
    const unchanged: string[] = [];
    const clientsUnchanged: string[] = [];
    for (const [step, change] of steps) {
      await change();
      shows[step]?.(await expectCardsExact(ids, step));
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
    const { text, shown } = await listMembersJson(t.db, { page: 1, pageSize: 25, q: 'Zz Page Check' });
    const page = MembersPageSchema.parse(JSON.parse(text));
    expect(shown).toEqual([user.id]);
    // Nothing the schema would drop or reorder: the text is the schema's own serialisation.
    expect(text).toBe(JSON.stringify(page));
    expect(page.items.map((i) => i.id)).toEqual([user.id]);
    expect(JSON.stringify(page.items[0])).toBe((await freshCards(t.db, [user.id])).get(user.id));
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
