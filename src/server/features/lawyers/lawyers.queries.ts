// SQL of the lawyer journey. Each list is one statement (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md;
// never a query per row): a row per pending request, built as JSON text by the statement, and a row per
// client, their stored card; both sent as they come (docs/decisions/0031-lawyer-clients-as-json-text.md).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CaseType } from '#shared/constants.ts';
import { LAWYER_LIST_PAGE_SIZE, type LawyerClientList, type PendingRequestList, type SaveLawyerRegistration } from '#shared/lawyers.ts';
import type { Db } from '../../db/client.ts';
import { preparedSelect, preparedSql } from '../../db/prepared.ts';
import { cases, clientCards, familyMembers, lawyerRequests, lawyers, prisoners, users } from '../../db/schema.ts';
import { isoText, parsedJson } from '../family/child-rows.sql.ts';
import type { JsonPage, JsonText } from '../../lib/json-text.ts';
import { recipientJson, type Recipient } from '../../lib/notify.ts';
import { acceptedRequestsOf, findClientRelation } from '../../policies/member-record.policy.ts';
import { encodeTimeCursor, exactTimeText, type TimeCursor } from '../../lib/time-cursor.ts';
import { toStoredLocation } from '#shared/locations.ts';
import { enrolmentSet, verificationColumns, verificationState, type VerificationRow } from '../../lib/bar-enrolment.ts';

const registrationColumns = {
  ...verificationColumns,
  phone: lawyers.phone,
  address: lawyers.address,
  lawyerType: lawyers.lawyerType,
  courtArea: lawyers.courtArea,
  state: lawyers.state,
  district: lawyers.district,
  registeredAt: lawyers.registeredAt,
};

type RegistrationRow = VerificationRow & {
  barCouncilState: string | null;
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
    barEnrolmentNumber: row.barEnrolmentNumber,
    barCouncilState: row.barCouncilState,
    verification: verificationState(row),
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
  const enrolment = { barEnrolmentNumber: input.barEnrolmentNumber, barCouncilState: input.barCouncilState };
  const [row] = await db
    .insert(lawyers)
    .values({ userId: user.id, ...values, ...enrolment })
    // A changed enrolment waits for verification again (decision 0048).
    .onConflictDoUpdate({ target: lawyers.userId, set: { ...values, ...enrolmentSet(enrolment) } })
    .returning(registrationColumns);
  if (!row) throw new Error('lawyer upsert returned nothing');
  return toRegistration(row, user);
}

// The first page's cursor: before every request (oldest first) / after every client (newest first).
const BEFORE_ALL: TimeCursor = { at: '-infinity', id: '00000000-0000-0000-0000-000000000000' };
const AFTER_ALL: TimeCursor = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
const take = LAWYER_LIST_PAGE_SIZE + 1;

/**
 * Cuts a page from rows that came one per item (at most a page plus one, after the lawyer's own row,
 * whose item is null when the list is empty) and joins their JSON texts: the next page's cursor when the
 * rows held one item more. No row at all (not registered) gives undefined.
 */
function pageOfTexts(
  rows: { requestId: string | null; at: string | null; item: string | null; memberId: string | null }[],
): { items: string; nextCursor: string | null; shown: string[] } | undefined {
  if (rows.length === 0) return undefined;
  const items = rows.flatMap((r) =>
    r.requestId !== null && r.item !== null ? [{ requestId: r.requestId, at: r.at, item: r.item, memberId: r.memberId ?? '' }] : [],
  );
  const page = items.slice(0, LAWYER_LIST_PAGE_SIZE);
  const last = page[page.length - 1];
  const nextCursor = items.length > LAWYER_LIST_PAGE_SIZE && last ? encodeTimeCursor({ at: last.at ?? '', id: last.requestId }) : null;
  return { items: page.map((r) => r.item).join(','), nextCursor, shown: page.map((r) => r.memberId) };
}

// A page of this lawyer's pending requests: a range of lawyer_requests_pending_page_idx
// (drizzle/0014_lawyer_list_pages.sql) from the cursor, cut at a page plus one.
const pendingPage = (db: Db) =>
  db
    .select({
      id: lawyerRequests.id,
      createdAt: lawyerRequests.createdAt,
      familyMemberId: lawyerRequests.familyMemberId,
      caseId: lawyerRequests.caseId,
      at: exactTimeText(lawyerRequests.createdAt).as('at'),
    })
    .from(lawyerRequests)
    .where(
      and(
        eq(lawyerRequests.lawyerId, sql.placeholder('lawyerId')),
        // A literal, so the generic plan may use the partial index (a parameter could be any status).
        sql`${lawyerRequests.status} = 'pending'`,
        sql`(${lawyerRequests.createdAt}, ${lawyerRequests.id}) > (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      ),
    )
    .orderBy(asc(lawyerRequests.createdAt), asc(lawyerRequests.id))
    .limit(take)
    .as('page');

/**
 * A case as a pending request shows it, in CaseSummarySchema's order: its number, type and the family's
 * own details (the spec's case id, type and detail), and the prisoner it is against, so the request says
 * whom it is for (docs/decisions/0050-relatives-join-by-invitation.md). The release facts (prison, CNR,
 * offences, custody dates) are the member's record, which a lawyer sees once they accepted
 * (policies/member-record.policy.ts).
 */
const caseSummariesJson = (familyMemberId: SQL) =>
  sql`('[' || coalesce((select string_agg('{"id":"' || c.id || '","caseNumber":' || to_json(c.case_number) || ',"caseType":'
      || to_json(c.case_type) || ',"detail":' || to_json(c.detail) || ',"prisonerName":' || to_json(p.name) || '}',
      ',' order by c.created_at, c.case_number)
    from ${cases} c join ${prisoners} p on p.id = c.prisoner_id where c.family_member_id = ${familyMemberId}), '') || ']')`;

const pendingRequestRows = preparedSelect((db) => {
  const page = pendingPage(db);
  return db
    .select({
      lawyerId: lawyers.userId,
      requestId: page.id,
      at: page.at,
      memberId: familyMembers.userId,
      // The request as JSON text in PendingRequestSchema's order, with the asking member's contact and
      // every case of theirs; null on the lawyer's own row when the list is empty. Joined text, each
      // string through to_json (its escaping), not json_build_object: that looks up every argument's
      // type again on every row, and took a fifth of the statement's time (26 rows).
      item: sql<string | null>`case when ${familyMembers.userId} is not null then '{"id":"' || ${page.id}
        || '","createdAt":"' || ${isoText(page.createdAt)} || '","forCaseId":' || coalesce('"' || ${page.caseId} || '"', 'null')
        || ',"familyMember":{"id":"' || ${familyMembers.userId} || '","name":' || to_json(${users.name})
        || ',"email":' || to_json(${users.email}) || ',"phone":' || to_json(${familyMembers.phone})
        || ',"address":' || to_json(${familyMembers.address}) || ',"cases":' || ${caseSummariesJson(sql`${familyMembers.userId}`)} || '}}' end`,
    })
    .from(lawyers)
    .leftJoin(page, sql`true`)
    .leftJoin(familyMembers, eq(familyMembers.userId, page.familyMemberId))
    .leftJoin(users, eq(users.id, familyMembers.userId))
    .where(eq(lawyers.userId, sql.placeholder('lawyerId')))
    .orderBy(asc(page.createdAt), asc(page.id));
});

/**
 * A page of pending requests to this lawyer, oldest first, with the asking family member and all their
 * cases, in one statement (a row per request, built as JSON text by the database, from the lawyer's own
 * record: no row means not registered), as the response's JSON text; undefined when the lawyer has no
 * /lawyerform record. `after` is a page's nextCursor.
 */
export async function listPendingRequests(db: Db, lawyerId: string, after?: TimeCursor): Promise<JsonPage<PendingRequestList> | undefined> {
  const cursor = after ?? BEFORE_ALL;
  const page = pageOfTexts(await pendingRequestRows(db).execute({ lawyerId, afterAt: cursor.at, afterId: cursor.id }));
  return (
    page && {
      text: `{"requests":[${page.items}],"nextCursor":${JSON.stringify(page.nextCursor)}}` as JsonText<PendingRequestList>,
      shown: page.shown,
    }
  );
}

// When a client was accepted: the decision's time (set by every accept; the request's own for a row
// from before decisions were timed). The page index is on this expression.
const acceptedAt = sql<Date>`coalesce(${lawyerRequests.decidedAt}, ${lawyerRequests.createdAt})`;

// A page of this lawyer's accepted requests: lawyer_requests_accepted_page_idx read backwards from the cursor.
const clientPage = (db: Db) =>
  db
    .select({
      id: lawyerRequests.id,
      familyMemberId: lawyerRequests.familyMemberId,
      acceptedAt: sql<Date>`${acceptedAt}`.mapWith(lawyerRequests.createdAt).as('accepted_at'),
      legalAid: sql<boolean>`${lawyerRequests.legalAidApplicationId} is not null`.as('legal_aid'),
      at: exactTimeText(acceptedAt).as('at'),
    })
    .from(lawyerRequests)
    .where(
      and(
        acceptedRequestsOf(sql.placeholder('lawyerId')),
        sql`(${acceptedAt}, ${lawyerRequests.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      ),
    )
    .orderBy(desc(acceptedAt), desc(lawyerRequests.id))
    .limit(take)
    .as('page');

const clientRows = preparedSelect((db) => {
  const page = clientPage(db);
  return db
    .select({
      lawyerId: lawyers.userId,
      requestId: page.id,
      at: page.at,
      memberId: page.familyMemberId,
      // The client as JSON text in LawyerClientSchema's order: when this lawyer accepted them and whether
      // the DLSA assigned them (legal aid), then the member's stored client card (drizzle/0017_client_cards.sql),
      // which holds the rest as one object.
      client: sql<
        string | null
      >`'{"acceptedAt":"' || ${isoText(page.acceptedAt)} || '","legalAid":' || (case when ${page.legalAid} then 'true' else 'false' end) || ',' || substr(${clientCards.card}, 2)`,
    })
    .from(lawyers)
    .leftJoin(page, sql`true`)
    .leftJoin(clientCards, eq(clientCards.familyMemberId, page.familyMemberId))
    .where(eq(lawyers.userId, sql.placeholder('lawyerId')))
    .orderBy(desc(page.acceptedAt), desc(page.id));
});

/**
 * A page of the lawyer's accepted clients (the most recently accepted first) with their cases and bail
 * papers, in one statement (a row per client, its stored card, from the lawyer's own record), as the
 * response's JSON text; undefined when the lawyer has no /lawyerform record.
 */
export async function listClients(db: Db, lawyerId: string, after?: TimeCursor): Promise<JsonPage<LawyerClientList> | undefined> {
  const cursor = after ?? AFTER_ALL;
  const rows = await clientRows(db).execute({ lawyerId, afterAt: cursor.at, afterId: cursor.id });
  const page = pageOfTexts(rows.map((r) => ({ requestId: r.requestId, at: r.at, item: r.client, memberId: r.memberId })));
  return (
    page && {
      text: `{"clients":[${page.items}],"nextCursor":${JSON.stringify(page.nextCursor)}}` as JsonText<LawyerClientList>,
      shown: page.shown,
    }
  );
}

/**
 * Decides a pending request of this lawyer. The status condition makes it safe against a second
 * tab, a double click and two concurrent accepts: exactly one update matches the row. The member to
 * tell comes back with it, in the same statement (docs/decisions/0066-change-capture-without-dynamic-sql.md);
 * undefined when nothing changed.
 */
export async function decideRequest(db: Db, input: { requestId: string; lawyerId: string; status: 'accepted' | 'rejected' }) {
  const { rows } = await decideStatement(db).execute({ ...input, decidedAt: new Date().toISOString() });
  const row = rows[0];
  if (!row) return undefined;
  const lawyer = parsedJson<DecidingLawyer>(row.lawyer);
  return {
    id: row.id,
    familyMemberId: row.family_member_id,
    decidedAt: new Date(row.decided_at),
    member: parsedJson<Recipient | null>(row.member) ?? undefined,
    lawyer,
  };
}

/** What the family's notice of a decision says of the lawyer (their /lawyerform record). */
interface DecidingLawyer {
  lawyerType: CaseType;
  courtArea: string;
  phone: string;
}

/**
 * Only a lawyer with a /lawyerform record decides (the update matches nothing otherwise); the record's
 * fields the notice gives come back with the row.
 */
const decideStatement = preparedSql<{
  id: string;
  family_member_id: string;
  decided_at: string | Date;
  member: Recipient | null;
  lawyer: DecidingLawyer;
}>(
  () => sql`with decided as (
      update ${lawyerRequests} set "status" = ${sql.placeholder('status')}, "decided_at" = ${sql.placeholder('decidedAt')}::timestamptz
      where "id" = ${sql.placeholder('requestId')}::uuid and "lawyer_id" = ${sql.placeholder('lawyerId')}::uuid and "status" = 'pending'
        and exists (select 1 from ${lawyers} l where l.user_id = ${sql.placeholder('lawyerId')}::uuid)
      returning "id", "family_member_id", "decided_at")
    select d.id, d.family_member_id, d.decided_at, (select ${recipientJson('u')} from users u where u.id = d.family_member_id) as member,
      (select json_build_object('lawyerType', l.lawyer_type, 'courtArea', l.court_area, 'phone', l.phone)
        from ${lawyers} l where l.user_id = ${sql.placeholder('lawyerId')}::uuid) as lawyer
    from decided d`,
);

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
