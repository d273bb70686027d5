// Reads of the access log (docs/decisions/0049-access-log.md), newest first, a page at a time by the
// keyset (at, id): the family's by prisoner through access_log_prisoner_idx, the administrator's by
// account and time through access_log_actor_idx.
import { sql } from 'drizzle-orm';
import { ACCESS_LOG_PAGE, type AccessAction, type AdminAccessRow, type FamilyAccessRow } from '#shared/access-log.ts';
import type { Role } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';

type Rows<T> = { rows: T[] };

/** The row's time to the microsecond, in UTC, as the cursor carries it. */
const AT_TEXT = sql.raw(`to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export interface Cursor {
  at: string;
  id: string;
}

export function parseCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('~');
  return at && id ? { at, id } : undefined;
}

const cursorOf = (row: { at: string; id: string }) => `${row.at}~${row.id}`;
const before = (c: Cursor | undefined) => (c ? sql`and (l.at, l.id) < (${c.at}::timestamptz, ${c.id}::bigint)` : sql``);

/** The prisoner, when this member follows them (else undefined: the caller answers 404). */
export async function findFollowedPrisoner(
  db: Db,
  memberId: string,
  prisonerId: string,
): Promise<{ id: string; name: string } | undefined> {
  const { rows } = (await db.execute(sql`select p.id, p.name from prisoner_followers f join prisoners p on p.id = f.prisoner_id
    where f.prisoner_id = ${prisonerId}::uuid and f.family_member_id = ${memberId}::uuid`)) as Rows<{ id: string; name: string }>;
  return rows[0];
}

/** Officials and lawyers are named to the family; another family member is not. */
const NAMED_ROLES = sql.raw(`('Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator')`);

export function familyAccessPageSql(prisonerId: string, viewerId: string, cursor: Cursor | undefined, limit = ACCESS_LOG_PAGE) {
  return sql`select ${AT_TEXT} as at, l.id::text as id, l.actor_role as "actorRole", l.action, l.what,
      case when l.actor_role in ${NAMED_ROLES} then u.name end as "actorName"
    from access_log l left join users u on u.id = l.actor_id
    where l.prisoner_id = ${prisonerId}::uuid and l.actor_id <> ${viewerId}::uuid ${before(cursor)}
    order by l.at desc, l.id desc limit ${limit + 1}`;
}

/** A page of who read or changed this prisoner's record, the reader's own reads left out. */
export async function listFamilyAccess(
  db: Db,
  prisonerId: string,
  viewerId: string,
  cursor: Cursor | undefined,
  limit = ACCESS_LOG_PAGE,
): Promise<{ rows: FamilyAccessRow[]; next: string | null }> {
  const { rows } = (await db.execute(familyAccessPageSql(prisonerId, viewerId, cursor, limit))) as Rows<
    FamilyAccessRow & { id: string; actorRole: Role; action: AccessAction }
  >;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ at, actorRole, actorName, action, what }) => ({ at, actorRole, actorName, action, what })),
    next: rows.length > limit && last ? cursorOf(last) : null,
  };
}

export function adminAccessPageSql(actorId: string, from: string, to: string, cursor: Cursor | undefined, limit = ACCESS_LOG_PAGE) {
  return sql`select ${AT_TEXT} as at, l.id::text as id, l.actor_role as "actorRole", l.action, l.what, l.ref,
      l.prisoner_id as "prisonerId", p.name as "prisonerName", l.member_id as "memberId", coalesce(l.shown, '{}') as shown
    from access_log l left join prisoners p on p.id = l.prisoner_id
    where l.actor_id = ${actorId}::uuid and l.at >= ${from}::timestamptz and l.at < ${to}::timestamptz ${before(cursor)}
    order by l.at desc, l.id desc limit ${limit + 1}`;
}

/** A page of what this account read or changed between `from` (inclusive) and `to` (exclusive). */
export async function listAccountAccess(
  db: Db,
  actorId: string,
  from: string,
  to: string,
  cursor: Cursor | undefined,
  limit = ACCESS_LOG_PAGE,
): Promise<{ rows: AdminAccessRow[]; next: string | null }> {
  type Row = Omit<AdminAccessRow, 'prisoner' | 'shown'> & {
    id: string;
    prisonerId: string | null;
    prisonerName: string | null;
    shown: string[] | string;
  };
  const { rows } = (await db.execute(adminAccessPageSql(actorId, from, to, cursor, limit))) as Rows<Row>;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => ({
      at: r.at,
      actorRole: r.actorRole,
      action: r.action,
      what: r.what,
      ref: r.ref,
      prisoner: r.prisonerId ? { id: r.prisonerId, name: r.prisonerName } : null,
      memberId: r.memberId,
      shown: uuidArray(r.shown),
    })),
    next: rows.length > limit && last ? cursorOf(last) : null,
  };
}

/** A uuid[] as the driver returns it: an array (pg) or its text form (PGlite may give '{a,b}'). */
function uuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}
