// One case with its facts for the family owner, an accepted lawyer or the jail.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CaseDetail } from '#shared/cases.ts';
import type { Db } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import {
  bailReviews,
  cases,
  familyMembers,
  lawyerRequests,
  prisonerFollowers,
  prisonerTransfers,
  prisoners,
  prisons,
  users,
} from '../../db/schema.ts';
import { followsPrisoner, relationSql, seesRecordAsLawyer, type Actor, type ClientRelation } from '../../policies/member-record.policy.ts';
import { listCaseEvents, readFacts, readStoredRelease } from '../../lib/case-facts.ts';
import { closedCaseDeletedFrom } from '../../lib/retention.ts';
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
  closedCasesDays: number,
): Promise<CaseDetail> {
  const { row } = found;
  const events = await listCaseEvents(db, [row.id]);
  const { prison, transfers } = await prisonAndTransfers(db, row.prisonerId);
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
    prison,
    transfers,
    disposal:
      row.disposedOn && row.disposal
        ? { disposedOn: row.disposedOn, disposal: row.disposal, deletedFrom: closedCaseDeletedFrom(row.disposedOn, closedCasesDays) }
        : null,
    can,
  };
}

const fromPrison = alias(prisons, 'from_prison');
const toPrison = alias(prisons, 'to_prison');

/** The prisoner's prison and their moves between prisons, oldest first (prisoner_transfers_prisoner_idx). */
async function prisonAndTransfers(db: Db, prisonerId: string | null) {
  if (!prisonerId) return { prison: null, transfers: [] };
  const [held] = await db
    .select({ id: prisons.id, name: prisons.name })
    .from(prisoners)
    .innerJoin(prisons, eq(prisons.id, prisoners.prisonId))
    .where(eq(prisoners.id, prisonerId));
  const moves = await db
    .select({ from: fromPrison.name, to: toPrison.name, at: prisonerTransfers.at })
    .from(prisonerTransfers)
    .leftJoin(fromPrison, eq(fromPrison.id, prisonerTransfers.fromPrisonId))
    .leftJoin(toPrison, eq(toPrison.id, prisonerTransfers.toPrisonId))
    .where(eq(prisonerTransfers.prisonerId, prisonerId))
    .orderBy(asc(prisonerTransfers.at), asc(prisonerTransfers.id))
    .limit(100);
  return { prison: held ?? null, transfers: moves.map((m) => ({ from: m.from, to: m.to, at: m.at.toISOString() })) };
}

/** The prisoner's row locked for a move, with their prison; undefined when gone. */
export async function lockPrisonerForMove(db: Db, prisonerId: string) {
  const [p] = await db
    .select({ id: prisoners.id, name: prisoners.name, prisonId: prisoners.prisonId, prisonOther: prisoners.prisonOther })
    .from(prisoners)
    .where(eq(prisoners.id, prisonerId))
    .for('update');
  return p;
}

export async function findPrisonName(db: Db, prisonId: string | null): Promise<string | undefined> {
  if (!prisonId) return undefined;
  const [p] = await db.select({ name: prisons.name }).from(prisons).where(eq(prisons.id, prisonId));
  return p?.name;
}

/** Moves the prisoner and keeps the move; the triggers move their relatives' records to the new jail's lists. */
export async function movePrisoner(db: Db, move: { prisonerId: string; from: string | null; to: string; actorId: string }) {
  await db.update(prisoners).set({ prisonId: move.to, prisonOther: null }).where(eq(prisoners.id, move.prisonerId));
  await db
    .insert(prisonerTransfers)
    .values({ prisonerId: move.prisonerId, fromPrisonId: move.from, toPrisonId: move.to, actorId: move.actorId });
}

/** Who hears of a move: the prisoner's followers and the jail authorities of the prison they go to. */
export async function transferAudience(db: Db, prisonerId: string, toPrisonId: string): Promise<string[]> {
  const followers = await db
    .select({ id: prisonerFollowers.familyMemberId })
    .from(prisonerFollowers)
    .where(eq(prisonerFollowers.prisonerId, prisonerId));
  const jail = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'Jail-Authority'), eq(users.prisonId, toPrisonId)));
  return [...followers, ...jail].map((r) => r.id);
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
