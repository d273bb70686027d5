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
 * The first row waits one turn of the event loop (setImmediate, no timer) so that the answers whose
 * statements came back in the same turn go with it: 5 % more of the busy lawyer's pages a second.
 */
class AccessLogBatch {
  private waiting: { row: PlainRow | LookupRow; done: (err?: Error) => void }[] = [];
  private running = false;
  constructor(private readonly db: Db) {}

  add(row: PlainRow | LookupRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      // One turn of the event loop first: the answers whose statements came back in the same turn
      // join this statement instead of each starting one (docs/decisions/0076-access-log-reads-the-ids-it-is-given.md).
      await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, ACCESS_LOG_BATCH_MAX);
        // At most two statements: the rows whose values the callers have, and the rows looked up.
        const plain = batch.filter((b): b is { row: PlainRow; done: (err?: Error) => void } => !('lookup' in b.row));
        const looked = batch.filter((b): b is { row: LookupRow; done: (err?: Error) => void } => 'lookup' in b.row);
        await this.settle(plain, (rows) => insertPlainRows(this.db, rows));
        await this.settle(looked, (rows) => insertLookedUpRows(this.db, rows));
      }
    } finally {
      this.running = false;
    }
  }

  private async settle<R>(batch: { row: R; done: (err?: Error) => void }[], insert: (rows: R[]) => Promise<unknown>): Promise<void> {
    if (batch.length === 0) return;
    try {
      await insert(batch.map((b) => b.row));
      for (const b of batch) b.done();
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      for (const b of batch) b.done(error);
    }
  }
}

function insertPlainRows(db: Db, rows: PlainRow[]) {
  return insertRows(db).execute({
    actorIds: textArrayLiteral(rows.map((r) => r.actorId)),
    actorRoles: textArrayLiteral(rows.map((r) => r.actorRole)),
    actions: textArrayLiteral(rows.map((r) => r.action)),
    whats: textArrayLiteral(rows.map((r) => r.what)),
    prisonerIds: textArrayLiteral(rows.map((r) => r.prisonerId)),
    memberIds: textArrayLiteral(rows.map((r) => r.memberId)),
    refs: textArrayLiteral(rows.map((r) => r.ref)),
    shown: textArrayLiteral(rows.map((r) => (r.shown === null ? null : `{${r.shown.join(',')}}`))),
  });
}

function insertLookedUpRows(db: Db, rows: LookupRow[]) {
  return insertLookups(db).execute({
    lookups: textArrayLiteral(rows.map((r) => r.lookup)),
    actorIds: textArrayLiteral(rows.map((r) => r.actorId)),
    actorRoles: textArrayLiteral(rows.map((r) => r.actorRole)),
    actions: textArrayLiteral(rows.map((r) => r.action)),
    whats: textArrayLiteral(rows.map((r) => r.what)),
    ids: textArrayLiteral(rows.map((r) => r.id)),
    refs: textArrayLiteral(rows.map((r) => r.ref)),
  });
}

/**
 * A row whose prisoner and member the database looks up, by the id of one case, hearing, member or
 * document (a member's as logMemberAccess reads it).
 */
interface LookupRow {
  lookup: 'case' | 'hearing' | 'member' | 'document';
  actorId: string;
  actorRole: string;
  action: AccessAction;
  what: string;
  /** The case's, hearing's, member's or document's id (a uuid). */
  id: string;
  /** The member's row's ref (the others' ref is the case or document id). */
  ref: string | null;
}

/**
 * Every waiting looked-up row in one statement, each kind as its own function reads it: a case's
 * prisoner and member; a hearing's case's; a row for each prisoner a member follows (one with no
 * prisoner when none); a document's member's, the same way.
 */
const insertLookups = preparedSql(
  () => sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, member_id, ref)
    select r.actor_id::uuid, r.actor_role, r.action, r.what, x.prisoner_id, x.member_id, x.ref
    from unnest(${sql.placeholder('lookups')}::text[], ${sql.placeholder('actorIds')}::text[], ${sql.placeholder('actorRoles')}::text[],
      ${sql.placeholder('actions')}::text[], ${sql.placeholder('whats')}::text[], ${sql.placeholder('ids')}::text[],
      ${sql.placeholder('refs')}::text[]) as r(lookup, actor_id, actor_role, action, what, id, ref)
    cross join lateral (
      select c.prisoner_id, c.family_member_id as member_id, c.id::text as ref
        from cases c where r.lookup = 'case' and c.id = r.id::uuid
      union all
      select c.prisoner_id, c.family_member_id, c.id::text
        from hearings h join cases c on c.id = h.case_id where r.lookup = 'hearing' and h.id = r.id::uuid
      union all
      select f.prisoner_id, r.id::uuid, r.ref
        from (select 1) one left join prisoner_followers f on f.family_member_id = r.id::uuid where r.lookup = 'member'
      union all
      select f.prisoner_id, d.family_member_id, d.id::text
        from documents d left join prisoner_followers f on f.family_member_id = d.family_member_id
        where r.lookup = 'document' and d.id = r.id::uuid) x`,
);

const batches = new WeakMap<Db, AccessLogBatch>();

/** Writes one row with the rows of other requests answered at the same time; resolves once it is committed. */
function writeRow(db: Db, row: PlainRow | LookupRow): Promise<void> {
  let batch = batches.get(db);
  if (!batch) {
    batch = new AccessLogBatch(db);
    batches.set(db, batch);
  }
  return batch.add(row);
}

/**
 * One record by the id of its case, hearing, member or document, written with the rows of other
 * requests answered at the same time (as a list's): the route's answer waits for its commit. Not
 * for a caller inside a transaction: that one uses logMemberAccess, in its transaction.
 */
export function logLookedUpAccess(
  db: Db,
  actor: AccessActor,
  entry: { lookup: LookupRow['lookup']; action: AccessAction; what: string; id: string; ref?: string | null },
): Promise<void> {
  return writeRow(db, {
    lookup: entry.lookup,
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    what: entry.what,
    id: entry.id,
    ref: entry.ref ?? null,
  });
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
