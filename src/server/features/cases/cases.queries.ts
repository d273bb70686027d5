// One case with its facts for the family owner, an accepted lawyer or the jail.
import { and, eq, sql } from 'drizzle-orm';
import type { CaseDetail } from '#shared/cases.ts';
import type { Db } from '../../db/client.ts';
import { bailReviews, cases, familyMembers, lawyerRequests, prisoners, users } from '../../db/schema.ts';
import { followsPrisoner, relationSql, seesRecordAsLawyer, type Actor, type ClientRelation } from '../../policies/member-record.policy.ts';
import { listCaseEvents, readFacts, readStoredRelease } from '../../lib/case-facts.ts';
import type { CaseAccessFacts } from './cases.policy.ts';

/** The case, its family member's name and the asking user's relation to them (member-record.policy.ts), in one statement. */
export async function findCaseForAccess(db: Db, caseId: string, actor: Actor | null) {
  // A relative who follows the case's prisoner reads it like the one who registered it (decision 0050).
  const relation = !actor
    ? sql<null>`null`
    : actor.role === 'Family-Member'
      ? sql<ClientRelation | null>`(case when ${followsPrisoner(actor.id, cases.prisonerId)} then 'follows-prisoner' end)`
      : relationSql(actor, cases.familyMemberId);
  const [row] = await db
    .select({ case: cases, memberName: users.name, courtState: familyMembers.state, relation })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.familyMemberId))
    .leftJoin(familyMembers, eq(familyMembers.userId, cases.familyMemberId))
    .where(eq(cases.id, caseId))
    .limit(1);
  if (!row) return undefined;
  const access: CaseAccessFacts = {
    familyMemberId: row.case.familyMemberId,
    lawyerRelation: row.relation ?? undefined,
  };
  return { row: row.case, memberName: row.memberName, courtState: row.courtState ?? null, access };
}

export async function getCaseDetail(
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof findCaseForAccess>>>,
  can: CaseDetail['can'],
): Promise<CaseDetail> {
  const { row } = found;
  const events = await listCaseEvents(db, [row.id]);
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    caseType: row.caseType,
    detail: row.detail,
    familyMember: { id: row.familyMemberId, name: found.memberName },
    courtState: found.courtState,
    facts: readFacts(row),
    factsVersion: row.factsVersion,
    release: readStoredRelease(row),
    events: events.get(row.id) ?? [],
    can,
  };
}

/**
 * Who is told of charges framed on a case: the family member, their lawyers (seesRecordAsLawyer) and the
 * jail authorities of the prisoner's prison; with the case number and the prisoner's name.
 */
export async function chargesFramedAudience(
  db: Db,
  caseId: string,
): Promise<{ caseNumber: string; prisonerName: string; ids: string[] } | undefined> {
  const [c] = await db
    .select({ caseNumber: cases.caseNumber, familyMemberId: cases.familyMemberId, prisonId: prisoners.prisonId, name: prisoners.name })
    .from(cases)
    .leftJoin(prisoners, eq(prisoners.id, cases.prisonerId))
    .where(eq(cases.id, caseId))
    .limit(1);
  if (!c) return undefined;
  const lawyersOf = await db
    .select({ id: lawyerRequests.lawyerId })
    .from(lawyerRequests)
    .where(seesRecordAsLawyer(lawyerRequests.lawyerId, c.familyMemberId));
  const jail = c.prisonId
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'Jail-Authority'), eq(users.prisonId, c.prisonId)))
    : [];
  return {
    caseNumber: c.caseNumber,
    prisonerName: c.name ?? '',
    ids: [c.familyMemberId, ...lawyersOf.map((r) => r.id), ...jail.map((r) => r.id)],
  };
}

/** Whether the jail has accepted the member's bail paper (Bail-Accept): bail granted, whatever the case records. */
export async function bailAccepted(db: Db, familyMemberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bailReviews.familyMemberId })
    .from(bailReviews)
    .where(eq(bailReviews.familyMemberId, familyMemberId))
    .limit(1);
  return !!row;
}
