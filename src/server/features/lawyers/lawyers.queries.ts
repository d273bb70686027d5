// SQL of the lawyer journey. Lists run a constant number of statements: one for the rows, then one
// `inArray` batch per related table (docs/style.md#rules-of-thumb: never a query per row).
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CaseType } from '#shared/constants.ts';
import type { LawyerCase, LawyerClient, PendingRequest, SaveLawyerRegistration } from '#shared/lawyers.ts';
import type { Db } from '../../db/client.ts';
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

/**
 * Pending requests to this lawyer with the asking family member and all their cases, in one statement
 * (a row per request and case, from the lawyer's own record: no row means not registered);
 * undefined when the lawyer has no /lawyerform record.
 */
export async function listPendingRequests(db: Db, lawyerId: string): Promise<PendingRequest[] | undefined> {
  const rows = await db
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
    .where(eq(lawyers.userId, lawyerId))
    .orderBy(asc(lawyerRequests.createdAt), asc(lawyerRequests.id), asc(cases.createdAt), asc(cases.caseNumber));
  if (rows.length === 0) return undefined;
  const out: PendingRequest[] = [];
  const byRequest = new Map<string, PendingRequest>();
  for (const r of rows) {
    if (r.requestId === null || r.createdAt === null || r.id === null || r.name === null || r.email === null) continue;
    if (r.phone === null || r.address === null) continue;
    let request = byRequest.get(r.requestId);
    if (!request) {
      request = {
        id: r.requestId,
        createdAt: r.createdAt.toISOString(),
        familyMember: { id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, cases: [] },
      };
      byRequest.set(r.requestId, request);
      out.push(request);
    }
    if (r.case) request.familyMember.cases.push(toLawyerCase(r.case));
  }
  return out;
}

/**
 * The lawyer's accepted clients with their cases and bail papers (newest first), in one statement (a
 * row per client and case, the papers as a JSON array beside them, from the lawyer's own record);
 * undefined when the lawyer has no /lawyerform record.
 */
export async function listClients(db: Db, lawyerId: string): Promise<LawyerClient[] | undefined> {
  const rows = await db
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
    .where(eq(lawyers.userId, lawyerId))
    .orderBy(desc(lawyerRequests.decidedAt), asc(users.name), asc(lawyerRequests.id), asc(cases.createdAt), asc(cases.caseNumber));
  if (rows.length === 0) return undefined;
  const out: LawyerClient[] = [];
  const byRequest = new Map<string, LawyerClient>();
  for (const r of rows) {
    if (r.requestId === null || r.createdAt === null || r.id === null || r.name === null || r.email === null) continue;
    if (r.phone === null || r.address === null) continue;
    let client = byRequest.get(r.requestId);
    if (!client) {
      client = {
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
      };
      byRequest.set(r.requestId, client);
      out.push(client);
    }
    if (r.case) client.cases.push(toLawyerCase(r.case));
  }
  return out;
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
