// SQL of the lawyer journey. Each list is one statement: a row per item and case, grouped here
// (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md; never a query per row).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CaseType } from '#shared/constants.ts';
import type { LawyerCase, LawyerClient, PendingRequest, SaveLawyerRegistration } from '#shared/lawyers.ts';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared.ts';
import { bailReviews, cases, familyMembers, lawyerRequests, lawyers, ngoAssignments, ngos, users } from '../../db/schema.ts';
import { documentsJson, toDocumentMetas } from '../family/child-rows.sql.ts';
import { findClientRelation, seesRecordAsLawyer } from '../../policies/member-record.policy.ts';
import { readFacts, readStoredRelease } from '../../lib/case-facts.ts';
import { toStoredLocation } from '#shared/locations.ts';

const registrationColumns = {
  phone: lawyers.phone,
  address: lawyers.address,
  lawyerType: lawyers.lawyerType,
  courtArea: lawyers.courtArea,
  state: lawyers.state,
  district: lawyers.district,
  registeredAt: lawyers.registeredAt,
};

type RegistrationRow = {
  phone: string;
  address: string;
  lawyerType: string;
  courtArea: string;
  state: string | null;
  district: string | null;
  registeredAt: Date;
};

function toRegistration(row: RegistrationRow, user: { name: string; email: string }) {
  return {
    name: user.name,
    email: user.email,
    phone: row.phone,
    address: row.address,
    lawyerType: row.lawyerType as CaseType,
    courtArea: row.courtArea,
    state: row.state,
    district: row.district,
    registeredAt: row.registeredAt.toISOString(),
  };
}

export async function findRegistration(db: Db, user: { id: string; name: string; email: string }) {
  const [row] = await db.select(registrationColumns).from(lawyers).where(eq(lawyers.userId, user.id)).limit(1);
  return row ? toRegistration(row, user) : undefined;
}

export async function isRegistered(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: lawyers.userId }).from(lawyers).where(eq(lawyers.userId, userId)).limit(1);
  return !!row;
}

/** Insert or update in one statement, so submitting twice (or from two tabs) is harmless. */
export async function upsertRegistration(db: Db, user: { id: string; name: string; email: string }, input: SaveLawyerRegistration) {
  const values = {
    phone: input.phone,
    address: input.address,
    lawyerType: input.lawyerType,
    courtArea: input.courtArea,
    ...toStoredLocation(input),
  };
  const [row] = await db
    .insert(lawyers)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: lawyers.userId, set: values })
    .returning(registrationColumns);
  if (!row) throw new Error('lawyer upsert returned nothing');
  return toRegistration(row, user);
}

const familyContactColumns = {
  id: familyMembers.userId,
  name: users.name,
  email: users.email,
  phone: familyMembers.phone,
  address: familyMembers.address,
};

type CaseRow = typeof cases.$inferSelect;

function toLawyerCase(c: CaseRow): LawyerCase {
  return {
    id: c.id,
    caseNumber: c.caseNumber,
    caseType: c.caseType,
    detail: c.detail,
    facts: readFacts(c),
    release: readStoredRelease(c),
  };
}

/** A row of a list read from the lawyer's own record: the request and its member are null when there are none. */
interface RequestCaseRow {
  requestId: string | null;
  createdAt: Date | null;
  id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  case: CaseRow | null;
}

type WithRequest<R> = R & { requestId: string; createdAt: Date; id: string; name: string; email: string; phone: string; address: string };

/**
 * One item per request, in the rows' order, from rows that come one per request and case: `make`
 * builds the item from its first row and each row's case is added to `casesOf(item)`. The lawyer's
 * row alone (no request) gives none.
 */
function byRequest<R extends RequestCaseRow, T>(rows: R[], make: (r: WithRequest<R>) => T, casesOf: (item: T) => LawyerCase[]): T[] {
  const out: T[] = [];
  const items = new Map<string, T>();
  for (const r of rows) {
    const { requestId, createdAt, id, name, email, phone, address } = r;
    if (requestId === null || createdAt === null || id === null || name === null || email === null || phone === null || address === null)
      continue;
    let item = items.get(requestId);
    if (!item) {
      item = make({ ...r, requestId, createdAt, id, name, email, phone, address });
      items.set(requestId, item);
      out.push(item);
    }
    if (r.case) casesOf(item).push(toLawyerCase(r.case));
  }
  return out;
}

const pendingRequestRows = preparedSelect((db) =>
  db
    .select({
      lawyerId: lawyers.userId,
      requestId: lawyerRequests.id,
      createdAt: lawyerRequests.createdAt,
      ...familyContactColumns,
      case: cases,
    })
    .from(lawyers)
    .leftJoin(lawyerRequests, and(eq(lawyerRequests.lawyerId, lawyers.userId), eq(lawyerRequests.status, 'pending')))
    .leftJoin(familyMembers, eq(familyMembers.userId, lawyerRequests.familyMemberId))
    .leftJoin(users, eq(users.id, familyMembers.userId))
    .leftJoin(cases, eq(cases.familyMemberId, familyMembers.userId))
    .where(eq(lawyers.userId, sql.placeholder('lawyerId')))
    .orderBy(asc(lawyerRequests.createdAt), asc(lawyerRequests.id), asc(cases.createdAt), asc(cases.caseNumber)),
);

/**
 * Pending requests to this lawyer with the asking family member and all their cases, in one statement
 * (a row per request and case, from the lawyer's own record: no row means not registered);
 * undefined when the lawyer has no /lawyerform record.
 */
export async function listPendingRequests(db: Db, lawyerId: string): Promise<PendingRequest[] | undefined> {
  const rows = await pendingRequestRows(db).execute({ lawyerId });
  if (rows.length === 0) return undefined;
  return byRequest(
    rows,
    (r) => ({
      id: r.requestId,
      createdAt: r.createdAt.toISOString(),
      familyMember: { id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, cases: [] },
    }),
    (request) => request.familyMember.cases,
  );
}

const clientRows = preparedSelect((db) =>
  db
    .select({
      lawyerId: lawyers.userId,
      requestId: lawyerRequests.id,
      acceptedAt: lawyerRequests.decidedAt,
      createdAt: lawyerRequests.createdAt,
      bailAcceptedAt: bailReviews.decidedAt,
      ngoName: ngos.name,
      ngoContactInfo: ngos.contactInfo,
      ...familyContactColumns,
      case: cases,
      documents: documentsJson(familyMembers.userId, true),
    })
    .from(lawyers)
    .leftJoin(lawyerRequests, seesRecordAsLawyer(lawyers.userId, lawyerRequests.familyMemberId))
    .leftJoin(familyMembers, eq(familyMembers.userId, lawyerRequests.familyMemberId))
    .leftJoin(users, eq(users.id, familyMembers.userId))
    .leftJoin(bailReviews, eq(bailReviews.familyMemberId, familyMembers.userId))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, familyMembers.userId))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .leftJoin(cases, eq(cases.familyMemberId, familyMembers.userId))
    .where(eq(lawyers.userId, sql.placeholder('lawyerId')))
    .orderBy(desc(lawyerRequests.decidedAt), asc(users.name), asc(lawyerRequests.id), asc(cases.createdAt), asc(cases.caseNumber)),
);

/**
 * The lawyer's accepted clients with their cases and bail papers (newest first), in one statement (a
 * row per client and case, the papers as a JSON array beside them, from the lawyer's own record);
 * undefined when the lawyer has no /lawyerform record.
 */
export async function listClients(db: Db, lawyerId: string): Promise<LawyerClient[] | undefined> {
  const rows = await clientRows(db).execute({ lawyerId });
  if (rows.length === 0) return undefined;
  return byRequest(
    rows,
    (r): LawyerClient => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      address: r.address,
      acceptedAt: (r.acceptedAt ?? r.createdAt).toISOString(),
      bailAcceptedAt: r.bailAcceptedAt?.toISOString() ?? null,
      ngo: r.ngoName === null ? null : { name: r.ngoName, contactInfo: r.ngoContactInfo ?? '' },
      cases: [],
      documents: toDocumentMetas(r.documents),
    }),
    (client) => client.cases,
  );
}

/**
 * Decides a pending request of this lawyer. The status condition makes it safe against a second
 * tab, a double click and two concurrent accepts: exactly one update matches the row.
 */
export async function decideRequest(db: Db, input: { requestId: string; lawyerId: string; status: 'accepted' | 'rejected' }) {
  const [row] = await db
    .update(lawyerRequests)
    .set({ status: input.status, decidedAt: new Date() })
    .where(and(eq(lawyerRequests.id, input.requestId), eq(lawyerRequests.lawyerId, input.lawyerId), eq(lawyerRequests.status, 'pending')))
    .returning({ id: lawyerRequests.id, familyMemberId: lawyerRequests.familyMemberId, decidedAt: lawyerRequests.decidedAt });
  return row;
}

export async function findRequest(db: Db, requestId: string) {
  const [row] = await db
    .select({ lawyerId: lawyerRequests.lawyerId, status: lawyerRequests.status })
    .from(lawyerRequests)
    .where(eq(lawyerRequests.id, requestId))
    .limit(1);
  return row;
}

export async function findUserContact(db: Db, userId: string) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The lawyer's relation to a member: the one query is in policies/member-record.policy.ts. */
export { findClientRelation };
