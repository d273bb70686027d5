// The family's lawyer search and case status and the lawyer's pending requests and clients, each read in
// one statement (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md), still answer what
// their rules say, on varied data: every page of the search lists each verified lawyer of the member's
// case types they have no open request with exactly once, nearest first, by name and id (decision 0016);
// the case status carries each case's requests, papers, timeline, NGO and bail; the lawyer's pending
// requests and clients are exactly theirs, in their order, with each member's cases. The expectations are
// written from the rows this test made, not from a second implementation of the reads; the bodies are
// also checked to hold nothing their schema would drop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { CaseType, Role } from '#shared/constants.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import type { Nearness } from '#shared/locations.ts';
import { CaseFactsInputSchema, toCaseFacts } from '#shared/cases.ts';
import { FamilyCasesSchema, LAWYER_SEARCH_PAGE_SIZE, LawyerSearchSchema, type LawyerCard, type LawyerSearch } from '#shared/family.ts';
import { LawyerClientListSchema, PendingRequestListSchema } from '#shared/lawyers.ts';
import { cases, users } from '#server/db/schema.ts';
import { documentUrl } from '#server/lib/documents.ts';
import { readFacts, readStoredRelease, updateCaseFacts } from '#server/lib/case-facts.ts';
import { createTestApp, type TestApp } from '../../../../tests/test-app.ts';
import {
  createBailReview,
  createCase,
  createDocument,
  createFamilyMember,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
  createUser,
  sessionCookie,
} from '../../../../tests/factories.ts';

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
const OFFENCES = /"(?:offences|chargesFramed)":\[(?:[^[\]"]|"(?:[^"\\]|\\.)*")*\]/g;
/** No whitespace between the tokens, but in the offences (stored jsonb, as PostgreSQL writes it). */
function compactOutsideOffences(text: string): boolean {
  return !/\s/.test(text.replace(OFFENCES, '"offences":[]').replace(JSON_STRING, '""'));
}

/** Byte order: the names here are one prefix and zero-padded numbers, the ids lowercase uuids, so any collation agrees. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const iso = (d: Date) => d.toISOString();

type Place = { state: string; district: string };
const RANK: Record<Nearness, number> = { district: 0, state: 1, other: 2 };
/** The rule of the search (decision 0016): the prison's district, then its state, then elsewhere; elsewhere for a member with no place. */
function nearness(lawyer: { state: string | null; district: string | null }, place: Place | null): Nearness {
  if (place === null || lawyer.state !== place.state) return 'other';
  return lawyer.district === place.district ? 'district' : 'state';
}

/** How many lawyers each page holds: full pages, then the rest (one empty page when none match). */
function pageSizes(total: number): number[] {
  if (total === 0) return [0];
  const pages = Math.ceil(total / LAWYER_SEARCH_PAGE_SIZE);
  return Array.from({ length: pages }, (_, i) => (i < pages - 1 ? LAWYER_SEARCH_PAGE_SIZE : total - LAWYER_SEARCH_PAGE_SIZE * (pages - 1)));
}

type MadeLawyer = Awaited<ReturnType<typeof createLawyer>>;
type DocumentRow = Awaited<ReturnType<typeof createDocument>>;
type CaseRow = typeof cases.$inferSelect;
/** A paper as the lists show it: its stored fields, and its uploader while their account exists. */
function paper(d: DocumentRow, by: { id: string; name: string; role: Role } | null): DocumentMeta {
  return {
    id: d.id,
    familyMemberId: d.familyMemberId,
    filename: d.filename,
    contentType: d.contentType,
    size: d.size,
    createdAt: iso(d.createdAt),
    uploadedBy: by,
    url: documentUrl(d.id),
  };
}
/** Newest first, the id breaking a tie (descending too). */
const newestFirst = (docs: DocumentMeta[]) => [...docs].sort((a, b) => byText(b.createdAt, a.createdAt) || byText(b.id, a.id));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function body(url: string, cookie: string) {
  const res = await t.request('GET', url, { cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.body;
}

/** Every page of a member's search, following the cursors; each body is exactly its schema's serialisation (nothing dropped). */
async function searchPages(cookie: string): Promise<LawyerSearch[]> {
  const pages: LawyerSearch[] = [];
  let after: string | null = null;
  do {
    const text = await body(`/api/family/lawyers${after === null ? '' : `?after=${after}`}`, cookie);
    const page = LawyerSearchSchema.parse(JSON.parse(text));
    expect(JSON.stringify(page)).toBe(text);
    pages.push(page);
    after = page.nextCursor;
    expect(pages.length, 'the pages end').toBeLessThan(10);
  } while (after !== null);
  return pages;
}

async function parsedBody<T>(url: string, cookie: string, schema: { parse(v: unknown): T }): Promise<T> {
  const text = await body(url, cookie);
  const sent: unknown = JSON.parse(text);
  const parsed = schema.parse(sent);
  // The same JSON, whatever the keys' order (a route sending its value as is builds it in its own order).
  expect(sent, `${url}: nothing the schema drops`).toStrictEqual(parsed);
  return parsed;
}

const tag = `osr${Date.now().toString(36)}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 10, minutes, 7, 123));

describe('one-statement family and lawyer reads answer what their rules say', () => {
  it('lawyer search pages, case status, pending requests and clients, on varied data', { timeout: 180_000 }, async () => {
    const criminal = 'Criminal Defense Lawyer' as const;
    const family: CaseType = 'Corporate Lawyer';
    const here = { state: 'UP', district: 'Lucknow' };
    // Lawyers near and far, of two types, enough for several pages; names tie to test the id order.
    const all: MadeLawyer[] = [];
    for (let i = 0; i < 30; i++) {
      const location = i % 3 === 0 ? here : i % 3 === 1 ? { state: 'UP', district: 'Agra' } : { state: 'MH', district: 'Pune' };
      all.push(
        await createLawyer(t.db, {
          name: `${tag} lawyer ${String(i % 12).padStart(2, '0')}`,
          lawyerType: i % 4 === 0 ? family : criminal,
          location,
        }),
      );
    }
    all.push(await createLawyer(t.db, { name: `${tag} lawyer nowhere`, lawyerType: criminal }));
    // Not verified yet: no family finds them (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
    all.push(await createLawyer(t.db, { name: `${tag} lawyer 00`, lawyerType: criminal, location: here, verified: false }));
    const [mine, other, third, fourth] = [all[0]!, all[1]!, all[2]!, all[3]!];
    // What a card shows of each lawyer, from the rows made here.
    const made = all.map(({ user, lawyer }) => ({
      card: {
        id: user.id,
        name: user.name,
        email: user.email,
        phone: lawyer.phone,
        address: lawyer.address,
        lawyerType: lawyer.lawyerType as CaseType,
        courtArea: lawyer.courtArea,
        state: lawyer.state,
        district: lawyer.district,
      },
      verified: lawyer.verifiedAt !== null,
    }));
    /** The search's answer by its rule: verified, of the member's types, not asked (open request), nearest first, by name, by id. */
    const expectedSearch = (types: CaseType[], place: Place | null, asked: string[]): LawyerCard[] =>
      made
        .filter((l) => l.verified && types.includes(l.card.lawyerType) && !asked.includes(l.card.id))
        .map((l): LawyerCard => ({ ...l.card, nearness: nearness(l.card, place), verified: true }))
        .sort((a, b) => RANK[a.nearness] - RANK[b.nearness] || byText(a.name, b.name) || byText(a.id, b.id));

    // A member with two cases of two types, a prison location, requests in every status, papers by
    // themself, by a lawyer and by someone since deleted, case facts changed (a timeline event), NGO, bail.
    const { user: member, cases: memberCases } = await createFamilyMember(t.db, {
      name: `${tag} member`,
      phone: '9876500001',
      address: '5 Jail Road, Lucknow',
      location: here,
      cases: [{ caseType: criminal }, { caseType: family }],
    });
    const accepted = await createLawyerRequest(t.db, {
      familyMemberId: member.id,
      lawyerId: mine.user.id,
      status: 'accepted',
      createdAt: at(1),
      decidedAt: at(2),
    });
    const rejected = await createLawyerRequest(t.db, {
      familyMemberId: member.id,
      lawyerId: other.user.id,
      status: 'rejected',
      createdAt: at(3),
      decidedAt: at(4),
    });
    const pending = await createLawyerRequest(t.db, { familyMemberId: member.id, lawyerId: third.user.id, createdAt: at(5) });
    const withdrawn = await createLawyerRequest(t.db, {
      familyMemberId: member.id,
      lawyerId: fourth.user.id,
      status: 'withdrawn',
      createdAt: at(6),
      decidedAt: at(7),
    });
    const ownPaper = await createDocument(t.db, { familyMemberId: member.id, createdAt: at(8), filename: 'mine "quoted" हिंदी.pdf' });
    const lawyersPaper = await createDocument(t.db, { familyMemberId: member.id, uploadedBy: mine.user.id, createdAt: at(9) });
    const { user: gone } = await createFamilyMember(t.db, { name: `${tag} gone` });
    const orphanPaper = await createDocument(t.db, { familyMemberId: member.id, uploadedBy: gone.id, createdAt: at(9) });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const firstCase = memberCases[0]!;
    const byMember = await updateCaseFacts(
      t.db,
      firstCase.id,
      member.id,
      CaseFactsInputSchema.parse({ prisonerName: 'Ravi', custodySince: '2025-01-10', court: 'Sessions Court', firstOffence: true }),
    );
    const lastFacts = CaseFactsInputSchema.parse({
      prisonerName: 'Ravi K',
      custodySince: '2025-01-10',
      offences: [{ code: 'theft' }, { code: 'other', label: 'Cheating "online"', maxMonths: 30 }],
    });
    const byLawyer = await updateCaseFacts(t.db, firstCase.id, mine.user.id, lastFacts);
    const ngo = await createNgo(t.db, { name: `${tag} ngo` });
    await createNgoAssignment(t.db, { familyMemberId: member.id, ngoId: ngo.id, assignedAt: at(10) });
    await createBailReview(t.db, { familyMemberId: member.id, decidedAt: at(11) });
    const memberCookie = await sessionCookie(t.db, member.id);

    // A member with no location and one case, and one with no case left.
    const { user: plain, cases: plainCases } = await createFamilyMember(t.db, { name: `${tag} plain`, cases: [{ caseType: criminal }] });
    const plainCookie = await sessionCookie(t.db, plain.id);
    const { user: bare } = await createFamilyMember(t.db, { name: `${tag} bare` });
    await t.db.delete(cases).where(eq(cases.familyMemberId, bare.id));
    const bareCookie = await sessionCookie(t.db, bare.id);

    // The lawyer's side: pending requests from members with several cases, clients with papers and without.
    const clientsMade = [];
    for (let i = 0; i < 5; i++) {
      const phone = `98765432${10 + i}`;
      const address = `${i} Client Lane, Delhi`;
      const { user, cases: own } = await createFamilyMember(t.db, { name: `${tag} client ${i % 3}`, phone, address, cases: [{}, {}] });
      const caseIds = own.map((c) => c.id);
      if (i > 0) caseIds.push((await createCase(t.db, { familyMemberId: user.id, caseNumber: `${tag}-extra-${i}` })).id);
      const request = await createLawyerRequest(t.db, {
        familyMemberId: user.id,
        lawyerId: mine.user.id,
        status: i % 2 ? 'pending' : 'accepted',
        createdAt: at(20 + (i % 2)),
        decidedAt: i % 2 ? null : i === 4 ? null : at(30),
      });
      const papers =
        i % 2 === 0 ? [await createDocument(t.db, { familyMemberId: user.id, uploadedBy: mine.user.id, createdAt: at(40 + i) })] : [];
      if (i === 2) await createNgoAssignment(t.db, { familyMemberId: user.id, ngoId: ngo.id });
      if (i === 0) await createBailReview(t.db, { familyMemberId: user.id, decidedAt: at(50) });
      clientsMade.push({ i, user, phone, address, caseIds, request, papers });
    }
    const mineCookie = await sessionCookie(t.db, mine.user.id);
    const idleCookie = await sessionCookie(t.db, all[5]!.user.id);

    // The cases as stored now (after the facts changed), read by id.
    const caseRows = new Map(
      (
        await t.db
          .select()
          .from(cases)
          .where(inArray(cases.id, [...memberCases, ...plainCases].map((c) => c.id).concat(clientsMade.flatMap((c) => c.caseIds))))
      ).map((r) => [r.id, r]),
    );
    const row = (id: string): CaseRow => caseRows.get(id)!;
    const mineBy = { id: mine.user.id, name: mine.user.name, role: 'Lawyer' as const };

    // ---- GET /api/family/lawyers, every page ----

    const memberPages = await searchPages(memberCookie);
    const memberWants = expectedSearch([criminal, family], here, [mine.user.id, third.user.id]);
    // 31 verified lawyers of the two types, less the accepted and the pending one; rejected and withdrawn are asked again.
    expect(memberWants).toHaveLength(29);
    expect(memberPages.flatMap((p) => p.lawyers)).toEqual(memberWants);
    expect(memberPages.map((p) => p.lawyers.length)).toEqual(pageSizes(29));
    expect(memberPages.at(-1)!.nextCursor).toBeNull();
    for (const p of memberPages)
      expect({ caseTypes: p.caseTypes, location: p.location }).toEqual({ caseTypes: [criminal, family], location: here });
    expect(memberWants.map((l) => l.nearness).slice(0, 3)).toEqual(['district', 'district', 'district']);
    expect(memberWants.at(-1)!.nearness).toBe('other');
    // One card in full, as the lawyer registered.
    expect(memberPages.flatMap((p) => p.lawyers).find((l) => l.id === other.user.id)).toEqual({
      id: other.user.id,
      name: `${tag} lawyer 01`,
      email: other.user.email,
      phone: '9811111111',
      address: '7 Court Road, Delhi',
      lawyerType: criminal,
      courtArea: 'Tis Hazari',
      state: 'UP',
      district: 'Agra',
      nearness: 'state',
      verified: true,
    });

    const plainPages = await searchPages(plainCookie);
    const plainWants = expectedSearch([criminal], null, []);
    expect(plainWants).toHaveLength(23);
    expect(plainPages.flatMap((p) => p.lawyers)).toEqual(plainWants);
    expect(plainPages.map((p) => p.lawyers.length)).toEqual(pageSizes(23));
    for (const p of plainPages) expect({ caseTypes: p.caseTypes, location: p.location }).toEqual({ caseTypes: [criminal], location: null });

    expect(await searchPages(bareCookie)).toEqual([{ caseTypes: [], location: null, lawyers: [], nextCursor: null }]);

    // ---- GET /api/family/cases ----

    const statuses = (await parsedBody('/api/family/cases', memberCookie, FamilyCasesSchema)).cases;
    const memberPapers = newestFirst([
      paper(ownPaper, { id: member.id, name: member.name, role: 'Family-Member' }),
      paper(lawyersPaper, mineBy),
      paper(orphanPaper, null),
    ]);
    expect(memberPapers.map((d) => d.id).at(-1)).toBe(ownPaper.id);
    const ngoOf = { id: ngo.id, name: ngo.name, assignedAt: iso(at(10)) };
    const asCase = (r: CaseRow) => ({
      id: r.id,
      caseNumber: r.caseNumber,
      detail: r.detail,
      caseType: r.caseType,
      createdAt: iso(r.createdAt),
      facts: readFacts(r),
      factsVersion: r.factsVersion,
      release: readStoredRelease(r),
    });
    const ref = (l: MadeLawyer) => ({ id: l.user.id, name: l.user.name });
    const caseLawyer = (l: MadeLawyer, request: Awaited<ReturnType<typeof createLawyerRequest>>) => ({
      ...ref(l),
      requestId: request.id,
      status: request.status,
      requestedAt: iso(request.createdAt),
      lawyerType: l.lawyer.lawyerType,
      // The phone once accepted only.
      phone: request.status === 'accepted' ? l.lawyer.phone : null,
    });
    // A request belongs to the cases of its lawyer's type, newest first.
    const wantLawyers = [
      [caseLawyer(fourth, withdrawn), caseLawyer(third, pending), caseLawyer(other, rejected)],
      [caseLawyer(mine, accepted)],
    ];
    expect(statuses.map((s) => s.id)).toEqual(memberCases.map((c) => c.id));
    statuses.forEach((s, n) => {
      const { timeline, bail, ...rest } = s;
      expect(rest).toEqual({
        ...asCase(row(memberCases[n]!.id)),
        lawyers: wantLawyers[n],
        documents: memberPapers,
        bailAcceptedAt: iso(at(11)),
        ngo: ngoOf,
      });
      // Each request's steps, the papers, the bail review and the NGO on every case; the facts changed on the first only.
      const requestEvents =
        n === 0
          ? [
              { kind: 'lawyer_requested', at: iso(at(3)), lawyer: ref(other), status: 'rejected' },
              { kind: 'lawyer_declined', at: iso(at(4)), lawyer: ref(other) },
              { kind: 'lawyer_requested', at: iso(at(5)), lawyer: ref(third), status: 'pending' },
              { kind: 'lawyer_requested', at: iso(at(6)), lawyer: ref(fourth), status: 'withdrawn' },
              { kind: 'lawyer_withdrawn', at: iso(at(7)), lawyer: ref(fourth) },
            ]
          : [
              { kind: 'lawyer_requested', at: iso(at(1)), lawyer: ref(mine), status: 'accepted' },
              { kind: 'lawyer_accepted', at: iso(at(2)), lawyer: ref(mine) },
            ];
      const factEvents =
        n === 0
          ? [
              { kind: 'facts_changed', at: expect.any(String), by: { name: member.name, role: 'Family-Member' }, fields: byMember },
              { kind: 'facts_changed', at: expect.any(String), by: { name: mine.user.name, role: 'Lawyer' }, fields: byLawyer },
            ]
          : [];
      const wantEvents = [
        { kind: 'case_added', at: rest.createdAt },
        ...requestEvents,
        ...memberPapers.map((d) => ({ kind: 'bail_paper', at: d.createdAt, document: d })),
        { kind: 'bail_accepted', at: iso(at(11)) },
        { kind: 'ngo_assigned', at: iso(at(10)), ngo: { id: ngo.id, name: ngo.name } },
        ...factEvents,
      ];
      expect(timeline).toHaveLength(wantEvents.length);
      expect(timeline).toEqual(expect.arrayContaining(wantEvents));
      expect(timeline.map((e) => e.at)).toEqual(timeline.map((e) => e.at).sort());
      expect(timeline.filter((e) => e.kind === 'facts_changed').map((e) => e.by.name)).toEqual(
        n === 0 ? [member.name, mine.user.name] : [],
      );
      // The jail's Bail-Accept is the bail timeline's verified step, on its day in India: release is next.
      expect(bail.steps.find((st) => st.step === 'verified')).toMatchObject({ on: '2026-01-05', done: true });
      expect(bail.next?.step).toBe('released');
      expect(bail.canRecord).toEqual([]);
    });
    expect(statuses[0]!.timeline.filter((e) => e.kind === 'facts_changed')).toHaveLength(2);
    expect(statuses[0]!.facts).toEqual(toCaseFacts(lastFacts));
    expect(statuses[0]!.facts.offences.map((o) => o.code)).toEqual(['theft', 'other']);
    expect(byMember.length).toBeGreaterThan(0);
    expect(byLawyer).toContain('prisonerName');

    const plainStatus = (await parsedBody('/api/family/cases', plainCookie, FamilyCasesSchema)).cases;
    expect(plainStatus).toHaveLength(1);
    const { timeline: plainTimeline, bail: plainBail, ...plainRest } = plainStatus[0]!;
    expect(plainRest).toEqual({ ...asCase(row(plainCases[0]!.id)), lawyers: [], documents: [], bailAcceptedAt: null, ngo: null });
    expect(plainTimeline).toEqual([{ kind: 'case_added', at: plainRest.createdAt }]);
    // Nothing recorded: the bail order is next, and the case's owner records it.
    expect(plainBail.next?.step).toBe('order');
    expect(plainBail.canRecord).toEqual(['order']);

    expect(await parsedBody('/api/family/cases', bareCookie, FamilyCasesSchema)).toEqual({ cases: [] });

    // ---- GET /api/lawyers/requests ----

    // The lawyer's pending requests, oldest first (the id breaking the tie), each with the member and their cases.
    const pendingWants = clientsMade
      .filter((c) => c.request.status === 'pending')
      .sort((a, b) => a.request.createdAt.getTime() - b.request.createdAt.getTime() || byText(a.request.id, b.request.id))
      .map((c) => ({
        id: c.request.id,
        createdAt: iso(c.request.createdAt),
        forCaseId: null,
        familyMember: {
          id: c.user.id,
          name: c.user.name,
          email: c.user.email,
          phone: c.phone,
          address: c.address,
          cases: c.caseIds.map((id) => {
            const r = row(id);
            return { id, caseNumber: r.caseNumber, caseType: r.caseType, detail: r.detail, prisonerName: r.prisonerName ?? '' };
          }),
        },
      }));
    expect(pendingWants.map((p) => p.familyMember.cases.length)).toEqual([3, 3]);
    expect(await parsedBody('/api/lawyers/requests', mineCookie, PendingRequestListSchema)).toEqual({
      requests: pendingWants,
      nextCursor: null,
    });
    expect(await parsedBody('/api/lawyers/requests', idleCookie, PendingRequestListSchema)).toEqual({ requests: [], nextCursor: null });

    // ---- GET /api/lawyers/clients ----

    // Clients is JSON text built by the database: the values, and nothing the schema does not name. The
    // offences are the stored jsonb as PostgreSQL writes it (its own key order and spacing).
    const clientsOf = async (cookie: string) => {
      const text = await body('/api/lawyers/clients', cookie);
      const parsed = LawyerClientListSchema.parse(JSON.parse(text));
      expect(parsed).toEqual(JSON.parse(text));
      expect(compactOutsideOffences(text)).toBe(true);
      return parsed;
    };
    const lawyerCase = (id: string) => {
      const r = row(id);
      return { id, caseNumber: r.caseNumber, caseType: r.caseType, detail: r.detail, facts: readFacts(r), release: readStoredRelease(r) };
    };
    // The accepted clients, the most recently accepted first (when accepted, else when asked; the request's id breaking the tie).
    const acceptedClients = [
      {
        request: accepted,
        user: member,
        phone: '9876500001',
        address: '5 Jail Road, Lucknow',
        caseIds: memberCases.map((c) => c.id),
        papers: memberPapers,
        bailAcceptedAt: iso(at(11)),
        ngo: true,
      },
      ...clientsMade
        .filter((c) => c.request.status === 'accepted')
        .map((c) => ({
          ...c,
          papers: newestFirst(c.papers.map((d) => paper(d, mineBy))),
          bailAcceptedAt: c.i === 0 ? iso(at(50)) : null,
          ngo: c.i === 2,
        })),
    ];
    const acceptedAt = (c: (typeof acceptedClients)[number]) => c.request.decidedAt ?? c.request.createdAt;
    const clientWants = acceptedClients
      .sort((a, b) => acceptedAt(b).getTime() - acceptedAt(a).getTime() || byText(b.request.id, a.request.id))
      .map((c) => ({
        acceptedAt: iso(acceptedAt(c)),
        legalAid: false,
        id: c.user.id,
        name: c.user.name,
        email: c.user.email,
        phone: c.phone,
        address: c.address,
        bailAcceptedAt: c.bailAcceptedAt,
        ngo: c.ngo ? { name: ngo.name, contactInfo: ngo.contactInfo } : null,
        cases: c.caseIds.map(lawyerCase),
        documents: c.papers,
      }));
    expect(clientWants.map((c) => c.name)).toEqual([
      ...[clientsMade[0]!, clientsMade[2]!].sort((a, b) => byText(b.request.id, a.request.id)).map((c) => c.user.name),
      clientsMade[4]!.user.name,
      member.name,
    ]);
    const clients = await clientsOf(mineCookie);
    expect(clients).toEqual({ clients: clientWants, nextCursor: null });
    expect(clients.clients.flatMap((c) => c.cases.flatMap((k) => k.facts.offences.map((o) => o.code)))).toEqual(['theft', 'other']);
    expect(clients.clients.map((c) => c.cases.length).sort()).toEqual([2, 2, 3, 3]);
    expect(await clientsOf(idleCookie)).toEqual({ clients: [], nextCursor: null });
  });

  it('refuses a family member or lawyer not registered yet, with the session lookup and one statement', async () => {
    for (const [role, urls] of [
      ['Family-Member', ['/api/family/lawyers', '/api/family/cases']],
      ['Lawyer', ['/api/lawyers/requests', '/api/lawyers/clients']],
    ] as const) {
      const user = await createUser(t.db, { role });
      const cookie = await sessionCookie(t.db, user.id);
      for (const url of urls) {
        const { result, count } = await t.countQueries(() => t.request('GET', url, { cookie }));
        expect(result.statusCode, url).toBe(403);
        expect(result.json(), url).toMatchObject({ error: { code: 'not_registered' } });
        expect(count, url).toBe(2);
      }
    }
  });
});
