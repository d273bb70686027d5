// SQL of the lawyer journey. Lists run a constant number of statements: one for the rows, then one
// `inArray` batch per related table (docs/style.md#rules-of-thumb: never a query per row).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CaseType } from '#shared/constants.ts';
import type { LawyerCase, LawyerClient, PendingRequest, SaveLawyerRegistration } from '#shared/lawyers.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import type { Db } from '../../db/client.ts';
import { bailReviews, cases, documents, familyMembers, lawyerRequests, lawyers, ngoAssignments, ngos, users } from '../../db/schema.ts';
import { documentMetaColumns, toDocumentMeta } from '../../lib/documents.ts';
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

async function casesByMember(db: Db, memberIds: string[]): Promise<Map<string, LawyerCase[]>> {
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

/** Pending requests to this lawyer with the asking family member and all their cases: 2 statements. */
export async function listPendingRequests(db: Db, lawyerId: string): Promise<PendingRequest[]> {
  const rows = await db
    .select({ requestId: lawyerRequests.id, createdAt: lawyerRequests.createdAt, ...familyContactColumns })
    .from(lawyerRequests)
    .innerJoin(familyMembers, eq(familyMembers.userId, lawyerRequests.familyMemberId))
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(and(eq(lawyerRequests.lawyerId, lawyerId), eq(lawyerRequests.status, 'pending')))
    .orderBy(asc(lawyerRequests.createdAt), asc(lawyerRequests.id));
  const memberCases = await casesByMember(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ requestId, createdAt, ...member }) => ({
    id: requestId,
    createdAt: createdAt.toISOString(),
    familyMember: { ...member, cases: memberCases.get(member.id) ?? [] },
  }));
}

/** The lawyer's accepted clients with their cases and bail papers (newest first): 3 statements. */
export async function listClients(db: Db, lawyerId: string): Promise<LawyerClient[]> {
  const rows = await db
    .select({
      acceptedAt: lawyerRequests.decidedAt,
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
    .orderBy(desc(lawyerRequests.decidedAt), asc(users.name));
  const ids = rows.map((r) => r.id);
  const memberCases = await casesByMember(db, ids);
  const docsByMember = new Map<string, DocumentMeta[]>();
  if (ids.length > 0) {
    const docs = await db
      .select(documentMetaColumns)
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(inArray(documents.familyMemberId, ids), eq(documents.kind, 'bail_paper')))
      .orderBy(desc(documents.createdAt), desc(documents.id));
    for (const d of docs) {
      const list = docsByMember.get(d.familyMemberId) ?? [];
      list.push(toDocumentMeta(d));
      docsByMember.set(d.familyMemberId, list);
    }
  }
  return rows.map(({ acceptedAt, createdAt, bailAcceptedAt, ngoName, ngoContactInfo, ...member }) => ({
    ...member,
    acceptedAt: (acceptedAt ?? createdAt).toISOString(),
    bailAcceptedAt: bailAcceptedAt?.toISOString() ?? null,
    ngo: ngoName === null ? null : { name: ngoName, contactInfo: ngoContactInfo ?? '' },
    cases: memberCases.get(member.id) ?? [],
    documents: docsByMember.get(member.id) ?? [],
  }));
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
