// Family member queries. Every list is a fixed number of statements (joins and IN lists), never one per row.
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CaseType } from '#shared/constants.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import type {
  Case,
  CaseLawyer,
  CaseStatus,
  FamilyNgo,
  FamilyRegistration,
  LawyerCard,
  RegisterFamily,
  TimelineEvent,
} from '#shared/family.ts';
import { LAWYER_SEARCH_PAGE_SIZE, normalizePhone } from '#shared/family.ts';
import { toStoredLocation, type Location } from '#shared/locations.ts';
import { nearnessOf } from '../../lib/location.ts';
import { invalid } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { preparedSelect, preparedSql } from '../../db/prepared.ts';
import {
  bailReviews,
  cases,
  documents,
  familyMembers,
  lawyerRequests,
  ngoAssignments,
  ngos,
  prisonerFollowers,
  users,
} from '../../db/schema.ts';
import { documentMetaColumns, toDocumentMeta } from '../../lib/documents.ts';
import { documentsJson, isoText, parsedJson, toDocumentMetas } from './child-rows.sql.ts';
import { openRequestBetween } from '../../policies/member-record.policy.ts';
import { recipientJson, type Recipient } from '../../lib/notify.ts';
import { followsWithdrawnPrisoner } from './consent.use-cases.ts';
import {
  factColumns,
  lockPrisonerNamed,
  readFacts,
  readStoredRelease,
  refreshPrisonerCases,
  updateCaseFacts,
} from '../../lib/case-facts.ts';
import type { CaseEvent, CaseFactsParsed } from '#shared/cases.ts';
import { UUID_PATTERN } from '#shared/validation-rules.ts';
import { bailTimeline } from '#shared/bail-timeline.ts';
import type { FamilyCaseBail } from '#shared/bail-money-route.ts';
import { indianDay } from '#shared/deadlines.ts';

type CaseRow = typeof cases.$inferSelect;

/**
 * A case's bail for the family's case page, from the case row and its owner's Bail-Accept: the timeline,
 * the step the relative may record now (the owner records the order and the bonds, as they upload the bail
 * paper; a relative following another's case reads it) and the fund's steps.
 */
export function caseBailOf(row: CaseRow, bailAcceptedAt: Date | null, viewerId: string): FamilyCaseBail {
  const timeline = bailTimeline({
    bailGrantedOn: row.bailGrantedOn,
    bailFurnishedOn: row.bailFurnishedOn,
    bailVerifiedOn: bailAcceptedAt ? indianDay(bailAcceptedAt) : null,
    releasedOn: row.releasedOn,
  });
  const next = timeline.next;
  return {
    ...timeline,
    order: {
      court: row.bailCourt,
      bondAmount: row.bailBondAmount,
      sureties: row.bailSureties,
      suretyAmount: row.bailSuretyAmount,
      conditions: row.bailConditions,
    },
    canRecord: row.familyMemberId === viewerId && next && (next.step === 'order' || next.step === 'furnished') ? [next.step] : [],
    fund: { dlsaInformedOn: row.dlsaInformedOn, dlsaRecommendedOn: row.dlsaRecommendedOn, committeeDecidedOn: row.committeeDecidedOn },
  };
}

export function toCase(row: CaseRow): Case {
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    detail: row.detail,
    caseType: row.caseType as CaseType,
    createdAt: row.createdAt.toISOString(),
    facts: readFacts(row),
    factsVersion: row.factsVersion,
    release: readStoredRelease(row),
  };
}

/** What a lawyer request needs to know before it is made, read in one statement (see findRequestFacts). */
export interface RequestFacts {
  /** The member's own consent to the notice is withdrawn (as refuseNewSharing reads it). */
  ownWithdrawn: boolean;
  /** A prisoner the member follows withdrew their consent (as refuseNewSharing reads it). */
  prisonerWithdrawn: boolean;
  /** Case types of the member's cases; undefined before /fmform was submitted. */
  caseTypes: CaseType[] | undefined;
  /**
   * The lawyer, with what telling them needs: one with a /lawyerform record whose enrolment is verified;
   * an unverified one is as missing (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
   */
  lawyer: (Recipient & { lawyerType: string }) | undefined;
  /** A pending or accepted request between them exists. */
  open: boolean;
  /**
   * The case it is for: the asked case when it is one of the member's own (undefined when it is not);
   * without one, the member's only case, or null when they have several.
   */
  caseId: string | null | undefined;
}

const requestFactsStatement = preparedSql<{
  own: boolean;
  prisoner: boolean;
  registered: boolean;
  case_types: CaseType[];
  lawyer: (Recipient & { lawyerType: string }) | null;
  open: boolean;
  case_ids: string[] | null;
}>(
  () => sql`select u.notice_withdrawn_at is not null as own,
      ${followsWithdrawnPrisoner(sql`u.id`)} as prisoner,
      fm.user_id is not null as registered,
      array(select distinct c.case_type from cases c where c.family_member_id = fm.user_id) as case_types,
      (select (${recipientJson('lu')}::jsonb || jsonb_build_object('lawyerType', l.lawyer_type))::json
        from lawyers l join users lu on lu.id = l.user_id
        where l.user_id = ${sql.placeholder('lawyerId')}::uuid and l.verified_at is not null) as lawyer,
      exists (select 1 from ${lawyerRequests} where ${openRequestBetween(sql`${sql.placeholder('lawyerId')}::uuid`, sql`u.id`)}) as open,
      array(select c.id::text from cases c where c.family_member_id = u.id
        and (${sql.placeholder('caseId')}::uuid is null or c.id = ${sql.placeholder('caseId')}::uuid) limit 2) as case_ids
    from users u left join family_members fm on fm.user_id = u.id
    where u.id = ${sql.placeholder('memberId')}::uuid`,
);

/**
 * The reads of a lawyer request (the consents, the member's case types, the lawyer and how to tell
 * them, an open request, the case) in one statement: most of what a write costs is its statements
 * (docs/decisions/0066-change-capture-without-dynamic-sql.md). The use case decides in its order.
 */
export async function findRequestFacts(db: Db, memberId: string, lawyerId: string, caseId?: string): Promise<RequestFacts> {
  const { rows } = await requestFactsStatement(db).execute({ memberId, lawyerId, caseId: caseId ?? null });
  const row = rows[0];
  if (!row) throw new Error('the signed-in member has no account row');
  const caseIds = row.case_ids ?? [];
  return {
    ownWithdrawn: row.own,
    prisonerWithdrawn: row.prisoner,
    caseTypes: row.registered ? row.case_types : undefined,
    lawyer: row.lawyer ?? undefined,
    open: row.open,
    caseId: caseId ? caseIds[0] : caseIds.length === 1 ? caseIds[0] : null,
  };
}

/** Case types and prison location, what the lawyer search matches on, in one statement. */
export async function findMemberSearchFacts(
  db: Db,
  userId: string,
): Promise<{ caseTypes: CaseType[]; location: Location | null } | undefined> {
  const rows = await db
    .select({ state: familyMembers.state, district: familyMembers.district, caseType: cases.caseType })
    .from(familyMembers)
    .leftJoin(cases, eq(cases.familyMemberId, familyMembers.userId))
    .where(eq(familyMembers.userId, userId));
  const first = rows[0];
  if (!first) return undefined;
  return {
    caseTypes: [...new Set(rows.flatMap((r) => (r.caseType ? [r.caseType as CaseType] : [])))],
    location: first.state && first.district ? { state: first.state, district: first.district } : null,
  };
}

export async function isRegistered(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: familyMembers.userId }).from(familyMembers).where(eq(familyMembers.userId, userId)).limit(1);
  return !!row;
}

/** The /fmform record with every case, oldest first; undefined when not registered. */
export async function findRegistration(db: Db, userId: string): Promise<FamilyRegistration | undefined> {
  const rows = await db
    .select({ member: familyMembers, user: { name: users.name, email: users.email }, case: cases })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .leftJoin(cases, eq(cases.familyMemberId, familyMembers.userId))
    .where(eq(familyMembers.userId, userId))
    .orderBy(asc(cases.createdAt), asc(cases.id));
  const first = rows[0];
  if (!first) return undefined;
  return {
    name: first.user.name,
    email: first.user.email,
    phone: first.member.phone,
    address: first.member.address,
    state: first.member.state,
    district: first.member.district,
    registeredAt: first.member.registeredAt.toISOString(),
    cases: rows.flatMap((r) => (r.case ? [toCase(r.case)] : [])),
  };
}

/**
 * Creates or updates the /fmform record and its first case. Run inside a transaction: a second
 * submit (double click, second tab) finds the row the first one wrote and updates it instead.
 */
export async function saveRegistration(db: Db, userId: string, input: RegisterFamily): Promise<{ created: boolean }> {
  const phone = normalizePhone(input.phone);
  const location = toStoredLocation(input);
  // The insert waits for a concurrent insert of the same member to finish, then updates its row.
  const [member] = await db
    .insert(familyMembers)
    .values({ userId, phone, address: input.address, ...location })
    .onConflictDoUpdate({ target: familyMembers.userId, set: { phone, address: input.address, ...location } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const [firstCase] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(eq(cases.familyMemberId, userId))
    .orderBy(asc(cases.createdAt), asc(cases.id))
    .limit(1);
  const values = { caseNumber: input.caseNumber, detail: input.detail, caseType: input.caseType };
  if (firstCase) {
    await db.update(cases).set(values).where(eq(cases.id, firstCase.id));
    // Facts changed after the case was added go to its timeline (with who changed them). A form
    // loaded before the lawyer or the jail changed them must not write them back (409 stale_edit).
    if (input.facts) {
      if (input.factsVersion === undefined)
        throw invalid('Reload the page: the version the facts were loaded at is missing.', [
          { path: 'factsVersion', message: 'Reload the page: the version the facts were loaded at is missing.' },
        ]);
      await updateCaseFacts(db, firstCase.id, userId, input.facts, input.factsVersion);
    }
  } else {
    const facts = input.facts ? factColumns(input.facts).columns : {};
    const prisonerId = await lockPrisonerNamed(db, userId, input.facts?.prisonerName);
    const [added] = await db
      .insert(cases)
      .values({ familyMemberId: userId, ...values, ...facts, ...(prisonerId ? { prisonerId } : {}) })
      .returning({ prisonerId: cases.prisonerId });
    await refreshPrisonerCases(db, [added?.prisonerId ?? null]);
  }
  return { created: !firstCase && member?.inserted === true };
}

export async function createCase(
  db: Db,
  userId: string,
  input: { caseNumber: string; detail: string; caseType: CaseType; facts?: CaseFactsParsed | undefined },
) {
  const { facts, ...values } = input;
  // The prisoner first, then the case (lockPrisoners).
  const prisonerId = await lockPrisonerNamed(db, userId, facts?.prisonerName);
  const [row] = await db
    .insert(cases)
    .values({ familyMemberId: userId, ...values, ...(facts ? factColumns(facts).columns : {}), ...(prisonerId ? { prisonerId } : {}) })
    .returning();
  if (!row) throw new Error('case insert returned nothing');
  // The prisoner's other cases count this one, and it counts them (S.479(2)).
  await refreshPrisonerCases(db, [row.prisonerId]);
  const [now] = await db.select().from(cases).where(eq(cases.id, row.id)).limit(1);
  return toCase(now ?? row);
}

/** Where the next page starts: the last row's nearness rank, name and id. */
export interface LawyerCursor {
  rank: number;
  name: string;
  id: string;
}

interface SearchRow {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  address: string;
  lawyer_type: string;
  court_area: string;
  state: string | null;
  district: string | null;
  rank: number;
}

export function encodeLawyerCursor(c: LawyerCursor): string {
  return Buffer.from(JSON.stringify([c.rank, c.name, c.id])).toString('base64url');
}

/** A cursor this server did not write is a 400 on `after`, never a database error. */
export function decodeLawyerCursor(raw: string): LawyerCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 3 &&
      (v[0] === 0 || v[0] === 1 || v[0] === 2) &&
      typeof v[1] === 'string' &&
      typeof v[2] === 'string' &&
      UUID_PATTERN.test(v[2])
    ) {
      return { rank: v[0] as number, name: v[1], id: v[2] };
    }
  } catch {
    // fall through
  }
  throw invalid('Invalid page cursor.', [{ path: 'after', message: 'Invalid page cursor.' }]);
}

/** A search page: the member's case types and location with one page of lawyers. */
export interface LawyerSearchPage {
  caseTypes: CaseType[];
  location: Location | null;
  lawyers: LawyerCard[];
  nextCursor: string | null;
}

// The ranges are read by lawyer_search_rows (drizzle/0012_lawyer_search_page.sql), each cut at a
// page; their rows are merged and cut here, and the email is looked up only for the page's rows.
const lawyerSearchStatement = preparedSql<{ state: string | null; district: string | null; caseTypes: unknown; rows: unknown }>(
  () => sql`with m as (select ${familyMembers.state} as state, ${familyMembers.district} as district
          from ${familyMembers} where ${familyMembers.userId} = ${sql.placeholder('userId')}),
        t as (select ${cases.caseType} as case_type, min(${cases.createdAt}) as first_at from ${cases}
          where ${cases.familyMemberId} = ${sql.placeholder('userId')} group by ${cases.caseType})
      select m.state, m.district,
        (select coalesce(json_agg(t.case_type order by t.first_at, t.case_type), '[]'::json) from t) as "caseTypes",
        (select coalesce(json_agg(json_build_object('id', p."id", 'name', p."name", 'phone', p."phone", 'address', p."address",
            'lawyer_type', p."lawyer_type", 'court_area', p."court_area", 'state', p."state", 'district', p."district", 'rank', p."rank",
            'email', (select ${users.email} from ${users} where ${users.id} = p."id")) order by p."rank", p."name", p."id"), '[]'::json)
          from (select * from lawyer_search_rows(${sql.placeholder('userId')}::uuid, m.state, m.district, array(select t.case_type from t),
              ${sql.placeholder('afterRank')}::int, ${sql.placeholder('afterName')}::text, ${sql.placeholder('afterId')}::uuid, ${sql.placeholder('take')}::int) r
            order by r."rank", r."name", r."id" limit ${sql.placeholder('take')}) p) as "rows"
      from m`,
);

/**
 * One page of the lawyers of the member's case types with no pending or accepted request from this
 * member: same district first, then same state, then the rest, by name and id within each, with the
 * member's case types and prison location the search matches on, in one statement
 * (docs/decisions/0016-lawyer-search-keyset-pages.md, 0023). Each (rank, case type) is a range of its
 * own index read in (name, user_id) order from the cursor and cut at a page, so a page reads about a
 * page of rows per range whatever the number of lawyers; only those few rows are merged and sorted.
 * Undefined when /fmform was never submitted.
 */
export async function searchLawyerPage(db: Db, userId: string, after?: LawyerCursor): Promise<LawyerSearchPage | undefined> {
  const take = LAWYER_SEARCH_PAGE_SIZE + 1;
  const result = await lawyerSearchStatement(db).execute({
    userId,
    afterRank: after ? after.rank : null,
    afterName: after ? after.name : null,
    afterId: after ? after.id : null,
    take,
  });
  const member = result.rows[0];
  if (!member) return undefined;
  const location = member.state && member.district ? { state: member.state, district: member.district } : null;
  const found = parsedJson<SearchRow[]>(member.rows);
  const rows = found.slice(0, LAWYER_SEARCH_PAGE_SIZE);
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
    // lawyer_search_rows reads verified lawyers only.
    verified: true,
  }));
  const last = rows[rows.length - 1];
  const nextCursor =
    found.length > LAWYER_SEARCH_PAGE_SIZE && last ? encodeLawyerCursor({ rank: Number(last.rank), name: last.name, id: last.id }) : null;
  return { caseTypes: parsedJson<CaseType[]>(member.caseTypes), location, lawyers: cards, nextCursor };
}

export async function insertLawyerRequest(db: Db, familyMemberId: string, lawyerId: string, caseId: string | null = null) {
  const [row] = await db
    .insert(lawyerRequests)
    .values({ familyMemberId, lawyerId, status: 'pending', caseId })
    .returning({ id: lawyerRequests.id, status: lawyerRequests.status, createdAt: lawyerRequests.createdAt });
  if (!row) throw new Error('request insert returned nothing');
  return row;
}

/** Bail papers of a member, newest first, without their bytes. */
export async function listMemberDocuments(db: Db, familyMemberId: string): Promise<DocumentMeta[]> {
  const rows = await db
    .select(documentMetaColumns)
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .where(eq(documents.familyMemberId, familyMemberId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toDocumentMeta);
}

/** The assigned NGO with the registration check in one statement; undefined when not registered. */
export async function findMemberNgo(db: Db, userId: string): Promise<FamilyNgo | undefined> {
  const [row] = await db
    .select({ memberId: familyMembers.userId, ngo: ngos, assignedAt: ngoAssignments.assignedAt })
    .from(familyMembers)
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, familyMembers.userId))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .where(eq(familyMembers.userId, userId))
    .limit(1);
  if (!row) return undefined;
  const { ngo, assignedAt } = row;
  return {
    ngo:
      ngo && assignedAt
        ? {
            id: ngo.id,
            name: ngo.name,
            address: ngo.address,
            contactInfo: ngo.contactInfo,
            report: ngo.report,
            assignedAt: assignedAt.toISOString(),
          }
        : null,
  };
}

/** One of the member's lawyer requests with the lawyer's name and type. */
export interface RequestRow {
  id: string;
  lawyerId: string;
  lawyerName: string;
  lawyerType: string;
  status: CaseLawyer['status'];
  createdAt: Date;
  decidedAt: Date | null;
  /** When the member ended the engagement (status 'ended'). */
  endedAt?: Date | null;
  /** The lawyer's phone; the family is given it only once the lawyer accepted. */
  lawyerPhone?: string | null;
}

/** The member's lawyer requests, newest first, with each lawyer's name and type, as a JSON array. */
function requestsJson(familyMemberId: SQLWrapper): SQL<unknown> {
  return sql`(select coalesce(json_agg(json_build_object('id', r.id, 'lawyerId', r.lawyer_id, 'lawyerName', u.name,
      'lawyerType', l.lawyer_type, 'status', r.status, 'createdAt', ${isoText(sql`r.created_at`)},
      'decidedAt', ${isoText(sql`r.decided_at`)}, 'endedAt', ${isoText(sql`r.ended_at`)},
      'lawyerPhone', case when r.status = 'accepted' then l.phone end) order by r.created_at desc, r.id desc), '[]'::json)
    from lawyer_requests r join lawyers l on l.user_id = r.lawyer_id join users u on u.id = r.lawyer_id
    where r.family_member_id = ${familyMemberId})`;
}

/** The case's timeline entries (facts changed, application printed), oldest first, as a JSON array. */
function caseEventsJson(caseId: SQLWrapper): SQL<unknown> {
  return sql`(select coalesce(json_agg(json_build_object('kind', e.kind, 'at', ${isoText(sql`e.at`)}, 'name', u.name, 'role', u.role,
      'fields', e.details->'fields') order by e.at, e.id), '[]'::json)
    from case_events e left join users u on u.id = e.actor_id where e.case_id = ${caseId})`;
}

type EventJsonRow = Omit<CaseEvent, 'by' | 'fields'> & Pick<CaseEvent['by'], 'name' | 'role'> & { fields: string[] | null };
type RequestJsonRow = Omit<RequestRow, 'createdAt' | 'decidedAt' | 'endedAt'> & {
  createdAt: string;
  decidedAt: string | null;
  endedAt: string | null;
};

const caseStatusRows = preparedSelect((db) =>
  db
    .select({
      memberId: familyMembers.userId,
      case: cases,
      bailDecidedAt: bailReviews.decidedAt,
      ngoId: ngos.id,
      ngoName: ngos.name,
      ngoAssignedAt: ngoAssignments.assignedAt,
      // Requests, papers, bail and NGO are those of the relative who registered the case (its owner).
      requests: requestsJson(cases.familyMemberId),
      documents: documentsJson(cases.familyMemberId, false),
      events: caseEventsJson(cases.id),
    })
    .from(familyMembers)
    // The member's own cases and those of the prisoners they follow (another relative's,
    // docs/decisions/0050-relatives-join-by-invitation.md): two index reads, no scan.
    .leftJoin(
      cases,
      sql`(${cases.familyMemberId} = ${familyMembers.userId} or ${cases.prisonerId} = any(array(select f.prisoner_id from ${prisonerFollowers} f where f.family_member_id = ${familyMembers.userId})))`,
    )
    // One review and one assignment at most per member (their primary keys): no extra rows.
    .leftJoin(bailReviews, and(eq(bailReviews.familyMemberId, cases.familyMemberId), eq(bailReviews.status, 'Accepted')))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, cases.familyMemberId))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .where(eq(familyMembers.userId, sql.placeholder('userId')))
    .orderBy(asc(cases.createdAt), asc(cases.id)),
);

/**
 * Every case of the member, and of the prisoners they follow, with where it stands, in one statement
 * whatever the number of cases, requests and papers (the cases with their owner's bail review and NGO,
 * which are one each, and the requests, papers and case events as JSON arrays beside them); undefined
 * when not registered.
 */
export async function listCaseStatuses(db: Db, userId: string): Promise<CaseStatus[] | undefined> {
  const caseRows = await caseStatusRows(db).execute({ userId });
  if (caseRows.length === 0) return undefined;
  const byOwner = new Map<string, typeof caseRows>();
  for (const r of caseRows) {
    if (!r.case) continue;
    const list = byOwner.get(r.case.familyMemberId) ?? [];
    list.push(r);
    byOwner.set(r.case.familyMemberId, list);
  }
  const statuses = new Map<string, CaseStatus>();
  for (const rows of byOwner.values()) {
    for (const s of ownerCaseStatuses(rows, userId)) statuses.set(s.id, s);
  }
  return caseRows.flatMap((r) => {
    const s = r.case ? statuses.get(r.case.id) : undefined;
    return s ? [s] : [];
  });
}

type CaseStatusRow = Awaited<ReturnType<ReturnType<typeof caseStatusRows>['execute']>>[number];

/** One relative's cases with their requests, papers, bail review, NGO and case events. */
function ownerCaseStatuses(caseRows: CaseStatusRow[], viewerId: string): CaseStatus[] {
  const first = caseRows[0];
  if (!first) return [];
  const memberCases = caseRows.flatMap((r) => (r.case ? [toCase(r.case)] : []));
  const requests = parsedJson<RequestJsonRow[]>(first.requests).map((r): RequestRow => ({
    ...r,
    createdAt: new Date(r.createdAt),
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt),
    endedAt: r.endedAt === null ? null : new Date(r.endedAt),
  }));
  const events = new Map<string, CaseEvent[]>();
  for (const r of caseRows) {
    if (!r.case) continue;
    const list = parsedJson<EventJsonRow[]>(r.events);
    if (list.length > 0)
      events.set(
        r.case.id,
        list.map((e) => ({ kind: e.kind, at: e.at, by: { name: e.name, role: e.role }, fields: e.fields ?? [] })),
      );
  }
  const ngo =
    first.ngoId && first.ngoName !== null && first.ngoAssignedAt
      ? { id: first.ngoId, name: first.ngoName, assignedAt: first.ngoAssignedAt }
      : null;
  const bail = new Map(
    caseRows.flatMap((r) => (r.case ? [[r.case.id, caseBailOf(r.case, first.bailDecidedAt ?? null, viewerId)] as const] : [])),
  );
  return buildCaseStatuses(memberCases, requests, toDocumentMetas(first.documents), first.bailDecidedAt ?? null, ngo, events, bail);
}

function bailOfCase(bail: Map<string, FamilyCaseBail>, caseId: string): FamilyCaseBail {
  const b = bail.get(caseId);
  if (!b) throw new Error(`no bail read for case ${caseId}`);
  return b;
}

const KIND_ORDER: Record<TimelineEvent['kind'], number> = {
  case_added: 0,
  lawyer_requested: 1,
  lawyer_accepted: 2,
  lawyer_declined: 2,
  lawyer_withdrawn: 2,
  lawyer_ended: 3,
  bail_paper: 3,
  bail_accepted: 4,
  ngo_assigned: 5,
  facts_changed: 6,
  application_printed: 7,
};

/**
 * Puts the member's facts on each case. A lawyer request belongs to the cases of that lawyer's type
 * (to every case when none has that type any more); papers, bail and NGO concern the prisoner, so
 * every case shows them.
 */
export function buildCaseStatuses(
  memberCases: Case[],
  requests: RequestRow[],
  docs: DocumentMeta[],
  bailAcceptedAt: Date | null,
  ngo: { id: string; name: string; assignedAt: Date } | null,
  caseEvents: Map<string, CaseEvent[]>,
  bail: Map<string, FamilyCaseBail>,
): CaseStatus[] {
  const types = new Set(memberCases.map((c) => c.caseType as string));
  return memberCases.map((c) => {
    const mine = requests.filter((r) => r.lawyerType === c.caseType || !types.has(r.lawyerType));
    const lawyersOfCase: CaseLawyer[] = mine.map((r) => ({
      id: r.lawyerId,
      requestId: r.id,
      name: r.lawyerName,
      lawyerType: r.lawyerType,
      status: r.status,
      requestedAt: r.createdAt.toISOString(),
      phone: r.status === 'accepted' ? (r.lawyerPhone ?? null) : null,
    }));
    const events: TimelineEvent[] = [{ kind: 'case_added', at: c.createdAt }];
    for (const r of mine) {
      const lawyer = { id: r.lawyerId, name: r.lawyerName };
      events.push({ kind: 'lawyer_requested', at: r.createdAt.toISOString(), lawyer, status: r.status });
      if (r.decidedAt && (r.status === 'accepted' || r.status === 'ended'))
        events.push({ kind: 'lawyer_accepted', at: r.decidedAt.toISOString(), lawyer });
      if (r.decidedAt && r.status === 'rejected') events.push({ kind: 'lawyer_declined', at: r.decidedAt.toISOString(), lawyer });
      if (r.decidedAt && r.status === 'withdrawn') events.push({ kind: 'lawyer_withdrawn', at: r.decidedAt.toISOString(), lawyer });
      if (r.endedAt && r.status === 'ended') events.push({ kind: 'lawyer_ended', at: r.endedAt.toISOString(), lawyer });
    }
    for (const d of docs) events.push({ kind: 'bail_paper', at: d.createdAt, document: d });
    if (bailAcceptedAt) events.push({ kind: 'bail_accepted', at: bailAcceptedAt.toISOString() });
    if (ngo) events.push({ kind: 'ngo_assigned', at: ngo.assignedAt.toISOString(), ngo: { id: ngo.id, name: ngo.name } });
    for (const e of caseEvents.get(c.id) ?? []) events.push(e);
    events.sort((a, b) => a.at.localeCompare(b.at) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    return {
      ...c,
      lawyers: lawyersOfCase,
      documents: docs,
      bailAcceptedAt: bailAcceptedAt?.toISOString() ?? null,
      ngo: ngo ? { id: ngo.id, name: ngo.name, assignedAt: ngo.assignedAt.toISOString() } : null,
      timeline: events,
      bail: bailOfCase(bail, c.id),
    };
  });
}
