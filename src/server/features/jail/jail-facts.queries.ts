// What the jail authority's writes (an NGO assignment, a Bail-Accept) read before they write, each in
// one statement: most of what a write costs is its statements
// (docs/decisions/0066-change-capture-without-dynamic-sql.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { auditEvents, ngoAssignments } from '../../db/schema.ts';
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

/** The assignment and, when it was made, its audit entry: one statement. */
const insertAssignment = preparedSql(
  () => sql`with assigned as (
      insert into ${ngoAssignments} ("family_member_id", "ngo_id", "assigned_by")
      values (${sql.placeholder('memberId')}::uuid, ${sql.placeholder('ngoId')}::uuid, ${sql.placeholder('assignedBy')}::uuid)
      on conflict do nothing
      returning "family_member_id"),
    entry as (
      insert into ${auditEvents} ("actor_id", "action", "subject", "details")
      select ${sql.placeholder('assignedBy')}::uuid, 'ngo.assigned', a.family_member_id::text,
        jsonb_build_object('ngoId', ${sql.placeholder('ngoId')}::text)
      from assigned a)
    select "family_member_id" from assigned`,
);

/** Records the assignment with its audit entry; false when the member already has an NGO (the primary key). */
export async function recordAssignment(db: Db, input: { memberId: string; ngoId: string; assignedBy: string }): Promise<boolean> {
  const { rows } = await insertAssignment(db).execute(input);
  return rows.length > 0;
}
