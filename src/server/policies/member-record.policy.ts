// Which lawyer may see which family member's record: written once, here (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
// A family member sees their own record; the jail authority sees every record (a jail authority of one
// prison: the records of members who follow a prisoner held there); a lawyer sees the
// record of a member whose request they accepted, and only the request details of one who asked
// them and is still waiting. Everyone else is told nothing: the record does not exist for them (404).
// The queries (lists, downloads, uploads) take their SQL conditions from here, and the decision
// table below is what tests/policies.test.ts checks, role by relationship by action.
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type Role } from '#shared/constants.ts';
import type { Db } from '../db/client.ts';
import { lawyerRequests, prisonerFollowers, prisoners } from '../db/schema.ts';

/**
 * The actor's relation to a family member: a lawyer's as lawyer_requests stores it ('accepted' wins over
 * 'pending'); 'in-prison' for a jail authority of one prison when the member follows a prisoner held there;
 * 'follows-prisoner' for a family member who follows the prisoner of the case at hand (another relative's
 * case of the same prisoner, docs/decisions/0050-relatives-join-by-invitation.md).
 */
export type ClientRelation = 'accepted' | 'pending' | 'in-prison' | 'follows-prisoner' | undefined;

/** What a user does to a member's record. */
export type MemberRecordAction =
  /** The record itself: cases, documents, bail papers (and their downloads). */
  | 'read-record'
  /** The details a request carries (name, case), as a lawyer deciding it sees them. */
  | 'read-request'
  /** Adding a bail paper to the record. */
  | 'upload-bail-paper'
  /** Changing a case's facts (charge, custody dates). */
  | 'edit-case'
  /** Recording a case's hearings and bail dates. */
  | 'record-hearing';

/** allow, or the refusal's status: 404 hides that the record exists, 403 says "you may see it, not do this". */
export type Decision = 'allow' | 'forbidden' | 'not_found';

export interface Actor {
  id: string;
  role: Role;
  /** A jail authority's prison (docs/decisions/0047-jail-sees-its-own-prison.md); absent: every prison. */
  prisonId?: string | undefined;
}

/**
 * The rule. `relation` is the actor's relation to the member when the actor is a lawyer (ignored
 * for other roles).
 */
export function decideMemberRecord(actor: Actor, familyMemberId: string, relation: ClientRelation, action: MemberRecordAction): Decision {
  switch (actor.role) {
    case 'Jail-Authority':
      // A jail authority of one prison is not told of a member who follows nobody held there.
      if (actor.prisonId && relation !== 'in-prison') return 'not_found';
      // Bail papers come from the member or their lawyer, not from the jail.
      return action === 'upload-bail-paper' ? 'forbidden' : 'allow';
    case 'Family-Member':
      // Their own record, or a case of a prisoner they follow that another relative registered.
      if (actor.id !== familyMemberId && relation !== 'follows-prisoner') return 'not_found';
      if (actor.id !== familyMemberId && action === 'upload-bail-paper') return 'forbidden';
      // Hearings and bail dates are recorded by the lawyer or the jail; the member reads them.
      return action === 'record-hearing' ? 'forbidden' : 'allow';
    case 'Lawyer':
      if (relation === 'accepted') return 'allow';
      if (relation === 'pending') return PENDING_LAWYER[action];
      return 'not_found';
    case 'DLSA':
    case 'State-Administrator':
      // Their lists name prisoners (features/prisons); a family's record stays with the family, its
      // lawyers and the jail (docs/decisions/0046-prisoner-and-prisons.md).
      return 'not_found';
  }
}

/** A lawyer the member asked, before answering: sees the request, may not act on the record. */
const PENDING_LAWYER: Record<MemberRecordAction, Decision> = {
  'read-record': 'not_found',
  'read-request': 'allow',
  'upload-bail-paper': 'forbidden',
  'edit-case': 'forbidden',
  'record-hearing': 'not_found',
};

/**
 * SQL: the lawyer_requests rows of this lawyer and member that are open (pending or accepted).
 * Either side may be a value or a column, so it serves lookups and correlated subqueries alike.
 */
export function openRequestBetween(lawyerId: string | SQLWrapper, familyMemberId: string | SQLWrapper): SQL {
  return and(
    eq(lawyerRequests.lawyerId, lawyerId as string),
    eq(lawyerRequests.familyMemberId, familyMemberId as string),
    inArray(lawyerRequests.status, [...OPEN_REQUEST_STATUSES]),
  )!;
}

/**
 * SQL: the lawyer_requests rows by which this lawyer sees members' records: their accepted requests
 * (the list of clients). The status is written as a literal, not a parameter, so that a prepared
 * statement's generic plan may use the partial index on it (drizzle/0014_lawyer_list_pages.sql).
 */
export function acceptedRequestsOf(lawyerId: string | SQLWrapper): SQL {
  return and(eq(lawyerRequests.lawyerId, lawyerId as string), sql`${lawyerRequests.status} = 'accepted'`)!;
}

/** SQL: this lawyer accepted this member's request, so the lawyer sees the member's record. */
export function seesRecordAsLawyer(lawyerId: string | SQLWrapper, familyMemberId: string | SQLWrapper): SQL {
  return and(acceptedRequestsOf(lawyerId), eq(lawyerRequests.familyMemberId, familyMemberId as string))!;
}

/**
 * SQL: the lawyer's relation to the member ('accepted', 'pending' or null) as one scalar subquery, for
 * lookups that load a case together with what the rule needs.
 */
export function clientRelationSql(lawyerId: string | SQLWrapper, familyMemberId: SQLWrapper): SQL<ClientRelation | null> {
  return sql<ClientRelation | null>`(select case when bool_or(${lawyerRequests.status} = 'accepted') then 'accepted' when count(*) > 0 then 'pending' end
    from ${lawyerRequests} where ${openRequestBetween(lawyerId, familyMemberId)})`;
}

/** SQL: this family member follows the prisoner (a case's prisoner_id), as one boolean. */
export function followsPrisoner(familyMemberId: string | SQLWrapper, prisonerId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${prisonerFollowers} f where f.prisoner_id = ${prisonerId} and f.family_member_id = ${familyMemberId})`;
}

/** SQL: the member follows a prisoner held in this prison. */
export function followsPrisonerIn(prisonId: string | SQLWrapper, familyMemberId: string | SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${prisonerFollowers} f join ${prisoners} p on p.id = f.prisoner_id
    where f.family_member_id = ${familyMemberId} and p.prison_id = ${prisonId})`;
}

/**
 * SQL: the actor's relation to the member (ClientRelation, or null) as one scalar expression — a lawyer's
 * requests, a jail authority of one prison's prisoners — or null for whom the rule needs none.
 */
export function relationSql(
  actor: { role: Role; id: string | SQLWrapper; prisonId?: string | SQLWrapper | undefined },
  familyMemberId: SQLWrapper,
): SQL<ClientRelation | null> {
  if (actor.role === 'Lawyer') return clientRelationSql(actor.id, familyMemberId);
  if (actor.role === 'Jail-Authority' && actor.prisonId)
    return sql<ClientRelation | null>`(case when ${followsPrisonerIn(actor.prisonId, familyMemberId)} then 'in-prison' end)`;
  return sql<null>`null`;
}

/** The lawyer's relation to a member, in one statement. */
export async function findClientRelation(db: Db, lawyerId: string, familyMemberId: string): Promise<ClientRelation> {
  const rows = await db.select({ status: lawyerRequests.status }).from(lawyerRequests).where(openRequestBetween(lawyerId, familyMemberId));
  if (rows.some((r) => r.status === 'accepted')) return 'accepted';
  return rows.length > 0 ? 'pending' : undefined;
}

/** The relation the rule needs: a lawyer's, or a jail authority of one prison's (no query for the other roles). */
export async function relationOf(db: Db, actor: Actor, familyMemberId: string): Promise<ClientRelation> {
  if (actor.role === 'Lawyer') return findClientRelation(db, actor.id, familyMemberId);
  if (actor.role === 'Jail-Authority' && actor.prisonId) {
    const [row] = await db
      .select({ inside: followsPrisonerIn(actor.prisonId, familyMemberId) })
      .from(sql`(select 1) one`)
      .limit(1);
    return row?.inside ? 'in-prison' : undefined;
  }
  return undefined;
}

/** Loads what the rule needs and decides. */
export async function memberRecordDecision(db: Db, actor: Actor, familyMemberId: string, action: MemberRecordAction): Promise<Decision> {
  return decideMemberRecord(actor, familyMemberId, await relationOf(db, actor, familyMemberId), action);
}
