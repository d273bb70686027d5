// What the jail authority's writes (an NGO assignment, a Bail-Accept) read before they write, each in
// one statement: most of what a write costs is its statements
// (docs/decisions/0066-change-capture-without-dynamic-sql.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { auditEvents, ngoAssignments, ngos } from '../../db/schema.ts';
import { hasFreeSeat } from '../../policies/ngo.policy.ts';
import { recipientJson, type Recipient } from '../../lib/notify.ts';
import { followsWithdrawnPrisoner } from '../family/consent.use-cases.ts';

export interface BailAcceptFacts {
  member: { id: string; name: string; recipient: Recipient };
  /** The member has a bail paper on record. */
  hasPaper: boolean;
  /** When the bail review was accepted, when it already was. */
  acceptedAt: Date | undefined;
  /**
   * "The first lawyer" (docs/spec.md#4-states-and-transitions, docs/design.md#2-data-model-relational-normalised):
   * the earliest accepted request whose account still exists.
   */
  lawyer: (Recipient & { id: string; name: string }) | undefined;
}

const statement = preparedSql<{
  id: string;
  name: string;
  recipient: Recipient;
  has_paper: boolean;
  accepted_at: Date | string | null;
  lawyer: Recipient | null;
}>(
  () => sql`select fm.user_id as id, fm.name,
      (select ${recipientJson('mu')} from users mu where mu.id = fm.user_id) as recipient,
      exists (select 1 from documents d where d.family_member_id = fm.user_id and d.kind = 'bail_paper') as has_paper,
      (select b.decided_at from bail_reviews b where b.family_member_id = fm.user_id limit 1) as accepted_at,
      (select ${recipientJson('lu')} from lawyer_requests r join users lu on lu.id = r.lawyer_id
        where r.family_member_id = fm.user_id and r.status = 'accepted'
        order by r.decided_at, r.created_at, r.id limit 1) as lawyer
    from family_members fm where fm.user_id = ${sql.placeholder('memberId')}::uuid`,
);

/** Undefined when there is no such family member. */
export async function findBailAcceptFacts(db: Db, memberId: string): Promise<BailAcceptFacts | undefined> {
  const { rows } = await statement(db).execute({ memberId });
  const row = rows[0];
  if (!row) return undefined;
  return {
    member: { id: row.id, name: row.name, recipient: row.recipient },
    hasPaper: row.has_paper,
    acceptedAt: row.accepted_at === null ? undefined : new Date(row.accepted_at),
    lawyer: row.lawyer ?? undefined,
  };
}

export interface AssignFacts {
  memberId: string;
  /** The member's own consent to the notice is withdrawn (as refuseNewSharing reads it). */
  ownWithdrawn: boolean;
  /** A prisoner the member follows withdrew their consent (as refuseNewSharing reads it). */
  prisonerWithdrawn: boolean;
  /** The member already has an NGO. */
  held: boolean;
}

const assignStatement = preparedSql<{ id: string; own: boolean; prisoner: boolean; held: boolean }>(
  () => sql`select fm.user_id as id,
      (select u.notice_withdrawn_at is not null from users u where u.id = fm.user_id) as own,
      ${followsWithdrawnPrisoner(sql`fm.user_id`)} as prisoner,
      exists (select 1 from ngo_assignments a where a.family_member_id = fm.user_id) as held
    from family_members fm where fm.user_id = ${sql.placeholder('memberId')}::uuid`,
);

/** Undefined when there is no such family member. */
export async function findAssignFacts(db: Db, memberId: string): Promise<AssignFacts | undefined> {
  const { rows } = await assignStatement(db).execute({ memberId });
  const row = rows[0];
  return row && { memberId: row.id, ownWithdrawn: row.own, prisonerWithdrawn: row.prisoner, held: row.held };
}

/** The NGO as the assignment's answer shows it, with its free seats after the one taken. */
export interface AssignedNgo {
  id: string;
  name: string;
  address: string;
  contactInfo: string;
  report: string;
  seatsFree: number;
}

/**
 * The seat, the assignment and its audit entry: one statement, committed on its own
 * (docs/decisions/0072-ngo-seat-in-one-statement.md). The NGO's row is locked from the seat's update to
 * the commit, inside the database: no round trip to the server while other assignments to the NGO wait.
 * No free seat (or no such NGO): no row, and nothing written. The member already assigned by a
 * concurrent request: the primary key's unique violation, and the statement undone whole.
 */
const seatAndAssignment = preparedSql<AssignedNgo>(
  () => sql`with seat as (
      update ${ngos} set "seats_free" = "seats_free" - 1
      where "id" = ${sql.placeholder('ngoId')}::uuid and ${hasFreeSeat()}
      returning "id", "name", "address", "contact_info", "report", "seats_free"),
    assigned as (
      insert into ${ngoAssignments} ("family_member_id", "ngo_id", "assigned_by")
      select ${sql.placeholder('memberId')}::uuid, s.id, ${sql.placeholder('assignedBy')}::uuid from seat s
      returning "family_member_id", "ngo_id"),
    entry as (
      insert into ${auditEvents} ("actor_id", "action", "subject", "details")
      select ${sql.placeholder('assignedBy')}::uuid, 'ngo.assigned', a.family_member_id::text, jsonb_build_object('ngoId', a.ngo_id::text)
      from assigned a)
    select s.id, s.name, s.address, s.contact_info as "contactInfo", s.report, s.seats_free as "seatsFree" from seat s`,
);

/**
 * Takes a seat of the NGO and records the member's assignment with its audit entry, in one statement
 * that commits on its own (not for a caller inside a transaction). Undefined when the NGO has no free
 * seat or does not exist; throws the primary key's unique violation when the member already has an NGO.
 */
export async function takeSeatAndAssign(
  db: Db,
  input: { memberId: string; ngoId: string; assignedBy: string },
): Promise<AssignedNgo | undefined> {
  const { rows } = await seatAndAssignment(db).execute(input);
  return rows[0];
}
