// The access log (docs/decisions/0049-access-log.md): one row a request that read or changed a
// prisoner's record, written after the policy allowed it. A list writes one row naming the records
// it showed; one record's read, download, export or change writes one row naming its prisoner, so
// the family's "who looked at my case" is an index range by prisoner. Each is one INSERT (with a
// primary-key lookup of the case or document when the caller has only its id).
import { sql } from 'drizzle-orm';
import type { AccessAction } from '#shared/access-log.ts';
import type { Role } from '#shared/constants.ts';
import type { Db } from '../db/client.ts';
import { accessLog } from '../db/schema.ts';

export interface AccessActor {
  id: string;
  role: Role;
}

/** A list page: the ids of the records it showed (members, or prisoners for a prisoner list). */
export async function logListAccess(db: Db, actor: AccessActor, what: string, shown: readonly string[]): Promise<void> {
  // The ids go as one array literal (one parameter): an array parameter of 50 uuids costs the driver
  // about ten times the insert itself.
  await db.execute(sql`insert into access_log (actor_id, actor_role, action, what, shown)
    values (${actor.id}::uuid, ${actor.role}, 'list', ${what}, ${`{${shown.join(',')}}`}::uuid[])`);
}

/** One record whose prisoner and member the caller knows. */
export async function logRecordAccess(
  db: Db,
  actor: AccessActor,
  entry: { action: AccessAction; what: string; prisonerId: string | null; memberId: string | null; ref?: string | null },
): Promise<void> {
  await db.insert(accessLog).values({
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    what: entry.what,
    prisonerId: entry.prisonerId,
    memberId: entry.memberId,
    ref: entry.ref ?? null,
  });
}

/** One case, by id: its prisoner and member are read in the same statement (a primary-key lookup). */
export async function logCaseAccess(db: Db, actor: AccessActor, action: AccessAction, what: string, caseId: string): Promise<void> {
  await db.execute(sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, member_id, ref)
    select ${actor.id}::uuid, ${actor.role}, ${action}, ${what}, c.prisoner_id, c.family_member_id, c.id::text
    from cases c where c.id = ${caseId}::uuid`);
}

/** One hearing, by id: its case's prisoner and member, in the same statement. */
export async function logHearingAccess(db: Db, actor: AccessActor, action: AccessAction, what: string, hearingId: string): Promise<void> {
  await db.execute(sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, member_id, ref)
    select ${actor.id}::uuid, ${actor.role}, ${action}, ${what}, c.prisoner_id, c.family_member_id, c.id::text
    from hearings h join cases c on c.id = h.case_id where h.id = ${hearingId}::uuid`);
}

/**
 * A member's whole record (a bail paper, the bail acceptance, the NGO: they belong to the member, not
 * to one case): a row for each prisoner the member follows, so each prisoner's family sees it; one row
 * with no prisoner when the member follows none.
 */
export async function logMemberAccess(
  db: Db,
  actor: AccessActor,
  action: AccessAction,
  what: string,
  memberId: string,
  ref: string | null = null,
): Promise<void> {
  await db.execute(sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, member_id, ref)
    select ${actor.id}::uuid, ${actor.role}, ${action}, ${what}, f.prisoner_id, ${memberId}::uuid, ${ref}
    from (select 1) one left join prisoner_followers f on f.family_member_id = ${memberId}::uuid`);
}

/** One document, by id: as logMemberAccess for the document's member. */
export async function logDocumentAccess(db: Db, actor: AccessActor, action: AccessAction, documentId: string): Promise<void> {
  await db.execute(sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, member_id, ref)
    select ${actor.id}::uuid, ${actor.role}, ${action}, 'document', f.prisoner_id, d.family_member_id, d.id::text
    from documents d left join prisoner_followers f on f.family_member_id = d.family_member_id
    where d.id = ${documentId}::uuid`);
}
