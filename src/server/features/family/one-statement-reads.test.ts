// The family's lawyer search and case status and the lawyer's pending requests and clients each read in
// one statement (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md). Their responses must be
// byte for byte what the former reads produced: this file keeps those reads (several statements each,
// as they were before 0023) as the reference and compares the serialised responses on varied data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, isNotNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { CaseType } from '#shared/constants.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import { CaseFactsInputSchema } from '#shared/cases.ts';
import { FamilyCasesSchema, LAWYER_SEARCH_PAGE_SIZE, LawyerSearchSchema, type LawyerCard } from '#shared/family.ts';
import { LawyerClientListSchema, PendingRequestListSchema, type LawyerCase } from '#shared/lawyers.ts';
import type { Db } from '#server/db/client.ts';
import {
  bailReviews,
  cases,
  documents,
  familyMembers,
  lawyerRequests,
  lawyers,
  ngoAssignments,
  ngos,
  prisoners,
  users,
} from '#server/db/schema.ts';
import { documentMetaColumns, toDocumentMeta } from '#server/lib/documents.ts';
import { listCaseEvents, readFacts, readStoredRelease, updateCaseFacts } from '#server/lib/case-facts.ts';
import { nearnessOf } from '#server/lib/location.ts';
import { openRequestBetween, seesRecordAsLawyer } from '#server/policies/member-record.policy.ts';
import { buildCaseStatuses, caseBailOf, decodeLawyerCursor, encodeLawyerCursor, findMemberSearchFacts, toCase } from './family.queries.ts';
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

// ---- The former reads (the reference) ----

async function formerLawyerSearch(db: Db, userId: string, afterRaw?: string) {
  const after = afterRaw === undefined ? undefined : decodeLawyerCursor(afterRaw);
  const facts = (await findMemberSearchFacts(db, userId))!;
  const { caseTypes, location } = facts;
  const take = LAWYER_SEARCH_PAGE_SIZE + 1;
  const places: { rank: number; where: SQL | undefined }[] = location
    ? [
        { rank: 0, where: sql`${lawyers.state} = ${location.state} and ${lawyers.district} = ${location.district}` },
        { rank: 1, where: sql`${lawyers.state} = ${location.state} and ${lawyers.district} <> ${location.district}` },
        { rank: 2, where: sql`${lawyers.state} is distinct from ${location.state}` },
      ]
    : [{ rank: 2, where: undefined }];
  const ranges: SQL[] = [];
  for (const { rank, where } of places) {
    if (after && rank < after.rank) continue;
    const from = after && rank === after.rank ? sql`(${lawyers.name}, ${lawyers.userId}) > (${after.name}, ${after.id}::uuid)` : undefined;
    for (const type of caseTypes) {
      const open = db
        .select({ one: sql`1` })
        .from(lawyerRequests)
        .where(openRequestBetween(lawyers.userId, userId));
      const cond = and(eq(lawyers.lawyerType, type), isNotNull(lawyers.verifiedAt), where, from, notExists(open));
      ranges.push(
        sql`(select ${lawyers.userId} as "id", ${lawyers.name} as "name", ${lawyers.phone} as "phone", ${lawyers.address} as "address",
          ${lawyers.lawyerType} as "lawyer_type", ${lawyers.courtArea} as "court_area", ${lawyers.state} as "state",
          ${lawyers.district} as "district", ${sql.raw(String(rank))} as "rank"
          from ${lawyers} where ${cond} order by ${lawyers.name}, ${lawyers.userId} limit ${sql.raw(String(take))})`,
      );
    }
  }
  if (ranges.length === 0) return { caseTypes, location, lawyers: [], nextCursor: null };
  type Row = { id: string; name: string; email: string | null; phone: string; address: string; lawyer_type: string };
  type Place = { court_area: string; state: string | null; district: string | null; rank: number };
  const result = (await db.execute(
    sql`select p.*, (select ${users.email} from ${users} where ${users.id} = p."id") as "email"
      from (select * from (${sql.join(ranges, sql` union all `)}) u order by "rank", "name", "id" limit ${sql.raw(String(take))}) p
      order by p."rank", p."name", p."id"`,
  )) as { rows: (Row & Place)[] };
  const rows = result.rows.slice(0, LAWYER_SEARCH_PAGE_SIZE);
  const cards = rows.map((r): LawyerCard => ({
    id: r.id,
    name: r.name,
    email: r.email ?? '',
    phone: r.phone,
    address: r.address,
    lawyerType: r.lawyer_type as CaseType,
    courtArea: r.court_area,
    state: r.state,
    district: r.district,
    nearness: nearnessOf(r, location),
    verified: true,
  }));
  const last = rows[rows.length - 1];
  const nextCursor =
    result.rows.length > LAWYER_SEARCH_PAGE_SIZE && last
      ? encodeLawyerCursor({ rank: Number(last.rank), name: last.name, id: last.id })
      : null;
  return { caseTypes, location, lawyers: cards, nextCursor };
}

async function formerCaseStatuses(db: Db, userId: string) {
  const caseRows = await db
    .select({
      case: cases,
      bailDecidedAt: bailReviews.decidedAt,
      ngoId: ngos.id,
      ngoName: ngos.name,
      ngoAssignedAt: ngoAssignments.assignedAt,
    })
    .from(familyMembers)
    .leftJoin(cases, eq(cases.familyMemberId, familyMembers.userId))
    .leftJoin(bailReviews, and(eq(bailReviews.familyMemberId, familyMembers.userId), eq(bailReviews.status, 'Accepted')))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, familyMembers.userId))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .where(eq(familyMembers.userId, userId))
    .orderBy(asc(cases.createdAt), asc(cases.id));
  const first = caseRows[0]!;
  const memberCases = caseRows.flatMap((r) => (r.case ? [toCase(r.case)] : []));
  const requests = await db
    .select({
      id: lawyerRequests.id,
      lawyerId: lawyerRequests.lawyerId,
      lawyerName: users.name,
      lawyerType: lawyers.lawyerType,
      lawyerPhone: lawyers.phone,
      status: lawyerRequests.status,
      createdAt: lawyerRequests.createdAt,
      decidedAt: lawyerRequests.decidedAt,
    })
    .from(lawyerRequests)
    .innerJoin(lawyers, eq(lawyers.userId, lawyerRequests.lawyerId))
    .innerJoin(users, eq(users.id, lawyerRequests.lawyerId))
    .where(eq(lawyerRequests.familyMemberId, userId))
    .orderBy(desc(lawyerRequests.createdAt), desc(lawyerRequests.id));
  const docs = (
    await db
      .select(documentMetaColumns)
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(eq(documents.familyMemberId, userId))
      .orderBy(desc(documents.createdAt), desc(documents.id))
  ).map(toDocumentMeta);
  const events = await listCaseEvents(
    db,
    memberCases.map((c) => c.id),
  );
  const ngo =
    first.ngoId && first.ngoName !== null && first.ngoAssignedAt
      ? { id: first.ngoId, name: first.ngoName, assignedAt: first.ngoAssignedAt }
      : null;
  // The bail timeline, once read per case (GET /api/cases/:caseId/deadlines), is computed from the same rows.
  const bail = new Map(
    caseRows.flatMap((r) => (r.case ? [[r.case.id, caseBailOf(r.case, first.bailDecidedAt ?? null, userId)] as const] : [])),
  );
  return { cases: buildCaseStatuses(memberCases, requests, docs, first.bailDecidedAt ?? null, ngo, events, bail) };
}

const familyContactColumns = {
  id: familyMembers.userId,
  name: users.name,
  email: users.email,
  phone: familyMembers.phone,
  address: familyMembers.address,
};

async function formerCasesByMember(db: Db, memberIds: string[]): Promise<Map<string, LawyerCase[]>> {
  const byMember = new Map<string, LawyerCase[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .select()
    .from(cases)
    .where(inArray(cases.familyMemberId, memberIds))
    .orderBy(asc(cases.createdAt), asc(cases.caseNumber));
  for (const c of rows) {
    const list = byMember.get(c.familyMemberId) ?? [];
    list.push({
      id: c.id,
      caseNumber: c.caseNumber,
      caseType: c.caseType,
      detail: c.detail,
      facts: readFacts(c),
      release: readStoredRelease(c),
    });
    byMember.set(c.familyMemberId, list);
  }
  return byMember;
}

async function formerPendingRequests(db: Db, lawyerId: string) {
  const rows = await db
    .select({
      requestId: lawyerRequests.id,
      createdAt: lawyerRequests.createdAt,
      forCaseId: lawyerRequests.caseId,
      ...familyContactColumns,
    })
    .from(lawyerRequests)
    .innerJoin(familyMembers, eq(familyMembers.userId, lawyerRequests.familyMemberId))
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(and(eq(lawyerRequests.lawyerId, lawyerId), eq(lawyerRequests.status, 'pending')))
    .orderBy(asc(lawyerRequests.createdAt), asc(lawyerRequests.id));
  const memberCases = await formerCasesByMember(
    db,
    rows.map((r) => r.id),
  );
  const caseIds = [...memberCases.values()].flat().map((c) => c.id);
  const prisonerNames = new Map(
    caseIds.length === 0
      ? []
      : (
          await db
            .select({ id: cases.id, name: prisoners.name })
            .from(cases)
            .innerJoin(prisoners, eq(prisoners.id, cases.prisonerId))
            .where(inArray(cases.id, caseIds))
        ).map((r) => [r.id, r.name]),
  );
  return {
    requests: rows.map(({ requestId, createdAt, forCaseId, ...member }) => ({
      id: requestId,
      createdAt: createdAt.toISOString(),
      forCaseId,
      // Since the list is paged, a pending request shows each case's id, type and detail only
      // (docs/decisions/0028-lawyer-lists-keyset-pages.md): the facts are the record, seen once accepted.
      familyMember: {
        ...member,
        cases: (memberCases.get(member.id) ?? []).map(({ id, caseNumber, caseType, detail }) => ({
          id,
          caseNumber,
          caseType,
          detail,
          prisonerName: prisonerNames.get(id) ?? '',
        })),
      },
    })),
    // Fewer than a page here (the pages themselves: lawyers/lawyer-list-pages.test.ts).
    nextCursor: null,
  };
}

async function formerClients(db: Db, lawyerId: string) {
  const rows = await db
    .select({
      acceptedAt: lawyerRequests.decidedAt,
      legalAidApplicationId: lawyerRequests.legalAidApplicationId,
      createdAt: lawyerRequests.createdAt,
      bailAcceptedAt: bailReviews.decidedAt,
      ngoName: ngos.name,
      ngoContactInfo: ngos.contactInfo,
      ...familyContactColumns,
    })
    .from(lawyerRequests)
    .innerJoin(familyMembers, eq(familyMembers.userId, lawyerRequests.familyMemberId))
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .leftJoin(bailReviews, eq(bailReviews.familyMemberId, familyMembers.userId))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, familyMembers.userId))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .where(seesRecordAsLawyer(lawyerId, lawyerRequests.familyMemberId))
    // Since the list is paged (docs/decisions/0028-lawyer-lists-keyset-pages.md): by when accepted, newest
    // first, then the request's id; before, a client accepted before decisions were timed came first.
    .orderBy(desc(sql`coalesce(${lawyerRequests.decidedAt}, ${lawyerRequests.createdAt})`), desc(lawyerRequests.id));
  const ids = rows.map((r) => r.id);
  const memberCases = await formerCasesByMember(db, ids);
  const docsByMember = new Map<string, DocumentMeta[]>();
  if (ids.length > 0) {
    const docs = await db
      .select(documentMetaColumns)
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(inArray(documents.familyMemberId, ids), eq(documents.kind, 'bail_paper')))
      .orderBy(desc(documents.createdAt), desc(documents.id));
    for (const d of docs) docsByMember.set(d.familyMemberId, [...(docsByMember.get(d.familyMemberId) ?? []), toDocumentMeta(d)]);
  }
  return {
    clients: rows.map(({ acceptedAt, legalAidApplicationId, createdAt, bailAcceptedAt, ngoName, ngoContactInfo, ...member }) => ({
      ...member,
      acceptedAt: (acceptedAt ?? createdAt).toISOString(),
      legalAid: legalAidApplicationId !== null,
      bailAcceptedAt: bailAcceptedAt?.toISOString() ?? null,
      ngo: ngoName === null ? null : { name: ngoName, contactInfo: ngoContactInfo ?? '' },
      cases: memberCases.get(member.id) ?? [],
      documents: docsByMember.get(member.id) ?? [],
    })),
    nextCursor: null,
  };
}

// ---- The comparison ----

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
const OFFENCES = /"(?:offences|chargesFramed)":\[(?:[^[\]"]|"(?:[^"\\]|\\.)*")*\]/g;
/** No whitespace between the tokens, but in the offences (stored jsonb, as PostgreSQL writes it). */
function compactOutsideOffences(text: string): boolean {
  return !/\s/.test(text.replace(OFFENCES, '"offences":[]').replace(JSON_STRING, '""'));
}

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

const tag = `osr${Date.now().toString(36)}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 10, minutes, 7, 123));

describe('one-statement family and lawyer reads answer exactly what the former reads did', () => {
  it('lawyer search pages, case status, pending requests and clients, on varied data', { timeout: 180_000 }, async () => {
    const criminal = 'Criminal Defense Lawyer' as const;
    const family: CaseType = 'Corporate Lawyer';
    const here = { state: 'UP', district: 'Lucknow' };
    // Lawyers near and far, of two types, enough for several pages; names tie to test the id order.
    const all = [];
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
    const [mine, other, third] = [all[0]!, all[1]!, all[2]!];

    // A member with two cases of two types, a prison location, requests in every status, papers by
    // themself, by a lawyer and by someone since deleted, case facts changed (a timeline event), NGO, bail.
    const { user: member } = await createFamilyMember(t.db, {
      name: `${tag} member`,
      location: here,
      cases: [{ caseType: criminal }, { caseType: family }],
    });
    await createLawyerRequest(t.db, {
      familyMemberId: member.id,
      lawyerId: mine.user.id,
      status: 'accepted',
      createdAt: at(1),
      decidedAt: at(2),
    });
    await createLawyerRequest(t.db, {
      familyMemberId: member.id,
      lawyerId: other.user.id,
      status: 'rejected',
      createdAt: at(3),
      decidedAt: at(4),
    });
    await createLawyerRequest(t.db, { familyMemberId: member.id, lawyerId: third.user.id, createdAt: at(5) });
    await createLawyerRequest(t.db, {
      familyMemberId: member.id,
      lawyerId: all[3]!.user.id,
      status: 'withdrawn',
      createdAt: at(6),
      decidedAt: at(7),
    });
    await createDocument(t.db, { familyMemberId: member.id, createdAt: at(8), filename: 'mine "quoted" हिंदी.pdf' });
    await createDocument(t.db, { familyMemberId: member.id, uploadedBy: mine.user.id, createdAt: at(9) });
    const { user: gone } = await createFamilyMember(t.db, { name: `${tag} gone` });
    await createDocument(t.db, { familyMemberId: member.id, uploadedBy: gone.id, createdAt: at(9) });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const [firstCase] = await t.db.select().from(cases).where(eq(cases.familyMemberId, member.id)).orderBy(asc(cases.createdAt)).limit(1);
    await updateCaseFacts(
      t.db,
      firstCase!.id,
      member.id,
      CaseFactsInputSchema.parse({ prisonerName: 'Ravi', custodySince: '2025-01-10', court: 'Sessions Court', firstOffence: true }),
    );
    await updateCaseFacts(
      t.db,
      firstCase!.id,
      mine.user.id,
      CaseFactsInputSchema.parse({
        prisonerName: 'Ravi K',
        custodySince: '2025-01-10',
        offences: [{ code: 'theft' }, { code: 'other', label: 'Cheating "online"', maxMonths: 30 }],
      }),
    );
    const ngo = await createNgo(t.db, { name: `${tag} ngo` });
    await createNgoAssignment(t.db, { familyMemberId: member.id, ngoId: ngo.id, assignedAt: at(10) });
    await createBailReview(t.db, { familyMemberId: member.id, decidedAt: at(11) });
    const memberCookie = await sessionCookie(t.db, member.id);

    // A member with no location and one case, and one with no case left.
    const { user: plain } = await createFamilyMember(t.db, { name: `${tag} plain`, cases: [{ caseType: criminal }] });
    const plainCookie = await sessionCookie(t.db, plain.id);
    const { user: bare } = await createFamilyMember(t.db, { name: `${tag} bare` });
    await t.db.delete(cases).where(eq(cases.familyMemberId, bare.id));
    const bareCookie = await sessionCookie(t.db, bare.id);

    // The lawyer's side: pending requests from members with several cases, clients with papers and without.
    for (let i = 0; i < 5; i++) {
      const { user } = await createFamilyMember(t.db, { name: `${tag} client ${i % 3}`, cases: [{}, {}] });
      if (i > 0) await createCase(t.db, { familyMemberId: user.id, caseNumber: `${tag}-extra-${i}` });
      await createLawyerRequest(t.db, {
        familyMemberId: user.id,
        lawyerId: mine.user.id,
        status: i % 2 ? 'pending' : 'accepted',
        createdAt: at(20 + (i % 2)),
        decidedAt: i % 2 ? null : i === 4 ? null : at(30),
      });
      if (i % 2 === 0) await createDocument(t.db, { familyMemberId: user.id, uploadedBy: mine.user.id, createdAt: at(40 + i) });
      if (i === 2) await createNgoAssignment(t.db, { familyMemberId: user.id, ngoId: ngo.id });
      if (i === 0) await createBailReview(t.db, { familyMemberId: user.id, decidedAt: at(50) });
    }
    const mineCookie = await sessionCookie(t.db, mine.user.id);
    const idleCookie = await sessionCookie(t.db, all[5]!.user.id);

    // Every page of every member's search, following the cursors.
    for (const [who, cookie] of [
      [member.id, memberCookie],
      [plain.id, plainCookie],
      [bare.id, bareCookie],
    ] as const) {
      let after: string | undefined;
      let pages = 0;
      do {
        const got = await body(`/api/family/lawyers${after ? `?after=${after}` : ''}`, cookie);
        const want = LawyerSearchSchema.parse(await formerLawyerSearch(t.db, who, after));
        expect(got).toBe(JSON.stringify(want));
        after = want.nextCursor ?? undefined;
        pages++;
      } while (after);
      if (who === member.id) expect(pages).toBeGreaterThan(1);
    }

    for (const [who, cookie] of [
      [member.id, memberCookie],
      [plain.id, plainCookie],
      [bare.id, bareCookie],
    ] as const) {
      const got = await body('/api/family/cases', cookie);
      expect(got).toBe(JSON.stringify(FamilyCasesSchema.parse(await formerCaseStatuses(t.db, who))));
    }
    const statuses = FamilyCasesSchema.parse(JSON.parse(await body('/api/family/cases', memberCookie)));
    expect(statuses.cases).toHaveLength(2);
    expect(statuses.cases[0]!.timeline.filter((e) => e.kind === 'facts_changed')).toHaveLength(2);
    expect(statuses.cases[0]!.documents).toHaveLength(3);

    for (const cookie of [mineCookie, idleCookie]) {
      const lawyerId = cookie === mineCookie ? mine.user.id : all[5]!.user.id;
      expect(await body('/api/lawyers/requests', cookie)).toBe(
        JSON.stringify(PendingRequestListSchema.parse(await formerPendingRequests(t.db, lawyerId))),
      );
      // Clients is JSON text built by the database: the same values, and nothing the schema does not name. The
      // offences are the stored jsonb as PostgreSQL writes it (its own key order and spacing), as before.
      const clientsText = await body('/api/lawyers/clients', cookie);
      expect(JSON.parse(clientsText)).toEqual(LawyerClientListSchema.parse(await formerClients(t.db, lawyerId)));
      expect(LawyerClientListSchema.parse(JSON.parse(clientsText))).toEqual(JSON.parse(clientsText));
      expect(compactOutsideOffences(clientsText)).toBe(true);
    }
    const clients = LawyerClientListSchema.parse(JSON.parse(await body('/api/lawyers/clients', mineCookie)));
    expect(clients.clients.flatMap((c) => c.cases.flatMap((k) => k.facts.offences.map((o) => o.code)))).toEqual(['theft', 'other']);
    expect(clients.clients.map((c) => c.cases.length).sort()).toEqual([2, 2, 3, 3]);
    expect(PendingRequestListSchema.parse(JSON.parse(await body('/api/lawyers/requests', mineCookie))).requests).toHaveLength(2);
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
