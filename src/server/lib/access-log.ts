// The access log (docs/decisions/0049-access-log.md): one row a request that read or changed a
// prisoner's record, written after the policy allowed it. A list writes one row naming the records
// it showed; one record's read, download, export or change writes one row naming its prisoner, so
// the family's "who looked at my case" is an index range by prisoner. A row whose values the caller has
// goes with the rows of other requests answered at the same time (AccessLogBatch); a row that looks its
// case, hearing, member or document up is one INSERT … SELECT of its own.
import { sql } from 'drizzle-orm';
import type { AccessAction } from '#shared/access-log.ts';
import type { Role } from '#shared/constants.ts';
import type { Db } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';

export interface AccessActor {
  id: string;
  role: Role;
}

/**
 * One access-log row whose values the caller has: a list page (`shown`) or one record (prisoner,
 * member, ref). Rows of requests answered at the same time go to the database together (AccessLogBatch).
 */
interface PlainRow {
  actorId: string;
  actorRole: string;
  action: AccessAction;
  what: string;
  prisonerId: string | null;
  memberId: string | null;
  ref: string | null;
  /** A list's records shown; null for one record. */
  shown: readonly string[] | null;
}

/**
 * A PostgreSQL array literal of text, every element quoted (so a comma or brace inside is text) and
 * null as the bare NULL. The values go as one text parameter per column: an array parameter costs the
 * driver about ten times the insert itself (50 uuids).
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

/** Every waiting row in one statement: one text array per column, unnested into rows. */
const insertRows = preparedSql(
  () => sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, member_id, ref, shown)
    select r.actor_id::uuid, r.actor_role, r.action, r.what, r.prisoner_id::uuid, r.member_id::uuid, r.ref, r.shown::uuid[]
    from unnest(${sql.placeholder('actorIds')}::text[], ${sql.placeholder('actorRoles')}::text[], ${sql.placeholder('actions')}::text[],
      ${sql.placeholder('whats')}::text[], ${sql.placeholder('prisonerIds')}::text[], ${sql.placeholder('memberIds')}::text[],
      ${sql.placeholder('refs')}::text[], ${sql.placeholder('shown')}::text[])
      as r(actor_id, actor_role, action, what, prisoner_id, member_id, ref, shown)`,
);

/** At most this many rows in one statement; more wait for the next. */
export const ACCESS_LOG_BATCH_MAX = 200;

/**
 * Group commit for the access log (docs/decisions/0062-access-log-group-commit.md). Every list read
 * writes a row, and a row on its own is a commit, a flush of the write-ahead log, before the answer
 * may leave. Rows that arrive while a statement is running wait for it and then go together in the
 * next one, so ten answers at once cost one or two commits instead of ten. Each request still waits
 * until its own row is committed, and fails if that statement fails: nothing is read without its row.
 * One alone costs what it did (it goes at once).
 */
class AccessLogBatch {
  private waiting: { row: PlainRow; done: (err?: Error) => void }[] = [];
  private running = false;
  constructor(private readonly db: Db) {}

  add(row: PlainRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, ACCESS_LOG_BATCH_MAX);
        const rows = batch.map((b) => b.row);
        try {
          await insertRows(this.db).execute({
            actorIds: textArrayLiteral(rows.map((r) => r.actorId)),
            actorRoles: textArrayLiteral(rows.map((r) => r.actorRole)),
            actions: textArrayLiteral(rows.map((r) => r.action)),
            whats: textArrayLiteral(rows.map((r) => r.what)),
            prisonerIds: textArrayLiteral(rows.map((r) => r.prisonerId)),
            memberIds: textArrayLiteral(rows.map((r) => r.memberId)),
            refs: textArrayLiteral(rows.map((r) => r.ref)),
            shown: textArrayLiteral(rows.map((r) => (r.shown === null ? null : `{${r.shown.join(',')}}`))),
          });
          for (const b of batch) b.done();
        } catch (err) {
          const error = err instanceof Error ? err : new Error(String(err));
          for (const b of batch) b.done(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const batches = new WeakMap<Db, AccessLogBatch>();

/** Writes one row with the rows of other requests answered at the same time; resolves once it is committed. */
function writeRow(db: Db, row: PlainRow): Promise<void> {
  let batch = batches.get(db);
  if (!batch) {
    batch = new AccessLogBatch(db);
    batches.set(db, batch);
  }
  return batch.add(row);
}

/** A list page: the ids of the records it showed (members, or prisoners for a prisoner list). */
export function logListAccess(db: Db, actor: AccessActor, what: string, shown: readonly string[]): Promise<void> {
  return writeRow(db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'list',
    what,
    prisonerId: null,
    memberId: null,
    ref: null,
    shown,
  });
}

/** One record whose prisoner and member the caller knows. */
export function logRecordAccess(
  db: Db,
  actor: AccessActor,
  entry: { action: AccessAction; what: string; prisonerId: string | null; memberId: string | null; ref?: string | null },
): Promise<void> {
  return writeRow(db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    what: entry.what,
    prisonerId: entry.prisonerId,
    memberId: entry.memberId,
    ref: entry.ref ?? null,
    shown: null,
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
