// The jail authority's reads and changes. Every list runs a fixed number of statements whatever
// the page size (docs/design.md#5-quality-bars-every-change-keeps): one page query, one for the counters (and a search's match count), and
// one batched `inArray` query per child list (cases, lawyers, documents) — never a query per row —
// and each reads only what it returns through an index, whatever the table size.
import { and, asc, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { CASE_TYPES } from '#shared/constants.ts';
import {
  JAIL_ERROR_MESSAGES,
  MEMBER_STAGES,
  MEMBERS_COUNT_CAP,
  type AssignNgoResult,
  type BailAcceptResult,
  type BailUndoResult,
  type JailMember,
  type MemberChart,
  type MemberCounts,
  type MemberFilter,
  type MembersPage,
} from '#shared/jail.ts';
import type { Db } from '../../db/client.ts';
import {
  auditEvents,
  bailReviews,
  cases,
  documents,
  emailOutbox,
  familyMembers,
  jailCounts,
  lawyerRequests,
  ngoAssignments,
  ngos,
  notifications,
  users,
} from '../../db/schema.ts';
import { toDocumentMeta } from '../../lib/documents.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import { findRecipients, notify, sendEmail } from '../../lib/notify.ts';
import { RELEASE_FILTER_COLUMNS } from './jail.release.ts';
import { syncReleaseClock } from '../../lib/case-facts.ts';
import { noBailPaper } from '../../policies/ngo.policy.ts';

const memberId = familyMembers.userId;

/**
 * Each filter is one stored, trigger-maintained column of family_members with a partial index on
 * (name, user_id) and a counter in jail_counts under the same key (drizzle/0002_scale.sql). Adding
 * a filter: the column, the index, a line in family_member_count_keys, and a line here.
 */
const STORED_FILTERS = {
  'no-lawyer': sql`${familyMembers.noLawyer}`,
  'no-ngo': sql`not ${familyMembers.hasNgo}`,
  'bail-waiting': sql`${familyMembers.bailWaiting}`,
  'bail-accepted': sql`${familyMembers.bailAccepted}`,
  ...RELEASE_FILTER_COLUMNS,
} satisfies Record<MemberFilter, SQL>;
type StoredFilter = keyof typeof STORED_FILTERS;
const isStoredFilter = (f: MemberFilter | undefined): f is StoredFilter => !!f && f in STORED_FILTERS;

function filterWhere(filter: MemberFilter | undefined): SQL | undefined {
  return isStoredFilter(filter) ? STORED_FILTERS[filter] : undefined;
}

/** LIKE pattern for "starts with", with the user's % _ and \ taken literally. */
export function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What the name, email, phone or case id starts with, case-insensitively: four btree range scans
 * (text_pattern_ops: byte order, one range per prefix whatever the collation), never a scan of
 * every member. Why prefix and not pg_trgm: docs/decisions/0009-jail-dashboard-at-scale.md.
 */
function searchWhere(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const lo = sql`lower(${q})`;
  // Every string that starts with lo sorts between lo and lo followed by the highest code point.
  const hi = sql`(lower(${q}) || ${'\u{10FFFF}'})`;
  const like = sql`lower(${prefixPattern(q)})`;
  const range = (col: SQL) => sql`${col} ~>=~ ${lo} and ${col} ~<~ ${hi} and ${col} like ${like}`;
  // Each expression must read exactly as its index does for the index to serve it.
  return sql`${memberId} in (
    select "user_id" from "family_members" where ${range(sql`lower("name")`)}
    union select "user_id" from "family_members" where ${range(sql`"email"`)}
    union select "user_id" from "family_members" where ${range(sql`"phone"`)}
    union select "family_member_id" from "cases" where ${range(sql`lower("case_number")`)})`;
}

interface Cursor {
  name: string;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.name, c.id])).toString('base64url');
}

function decodeCursor(raw: string, field: 'after' | 'before'): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && UUID.test(v[1])) {
      return { name: v[0], id: v[1] };
    }
  } catch {
    // fall through
  }
  throw invalid('Invalid page cursor.', [{ path: field, message: 'Invalid page cursor.' }]);
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One statement: every counter (summed over its shards) and, with a search, the capped match count. */
async function countsAndTotal(db: Db, where: SQL | undefined, search: boolean) {
  const counters = sql`select ${jailCounts.key} as k, sum(${jailCounts.n})::bigint as n from ${jailCounts} group by ${jailCounts.key}`;
  const query = search
    ? sql`${counters} union all select '#matches', count(*)::bigint from (select 1 from ${familyMembers} where ${where} limit ${MEMBERS_COUNT_CAP + 1}) m`
    : counters;
  // Both drivers answer `{ rows }`; the shared Db type leaves it unknown.
  const { rows } = (await db.execute(query)) as { rows: { k: string; n: string | number }[] };
  return new Map(rows.map((r) => [r.k, Number(r.n)]));
}

function toCounts(c: Map<string, number>): MemberCounts {
  return {
    all: c.get('all') ?? 0,
    noLawyer: c.get('no-lawyer') ?? 0,
    noNgo: c.get('no-ngo') ?? 0,
    bailWaiting: c.get('bail-waiting') ?? 0,
    bailAccepted: c.get('bail-accepted') ?? 0,
  };
}

function toChart(c: Map<string, number>): MemberChart {
  const known = new Set<string>(CASE_TYPES);
  const others = [...c.entries()]
    .filter(([k]) => k.startsWith('type:') && !known.has(k.slice(5)))
    .map(([k, n]) => ({ caseType: k.slice(5), members: n }))
    .filter((r) => r.members > 0)
    .sort((a, b) => a.caseType.localeCompare(b.caseType));
  return {
    byCaseType: [
      ...CASE_TYPES.map((caseType) => ({ caseType, members: c.get(`type:${caseType}`) ?? 0 })),
      // A type outside the nine (older data) still shows rather than vanishing from the totals.
      ...others,
    ],
    byStage: MEMBER_STAGES.map((stage) => ({ stage, members: c.get(`stage:${stage}`) ?? 0 })),
  };
}

type MembersQueryIn = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  filter?: MemberFilter | undefined;
  after?: string | undefined;
  before?: string | undefined;
  last?: boolean | undefined;
};

/**
 * The jail authority's list: a fixed number of statements (page; counters and match count; one
 * batched query per child list), each reading only its page from an index, whatever the table size.
 * Pages 1-20 by number (OFFSET on the index), any page by keyset cursor, and the last page by
 * reading the index backwards.
 */
export async function listMembers(db: Db, query: MembersQueryIn): Promise<MembersPage> {
  const q = query.q || undefined;
  const after = query.after ? decodeCursor(query.after, 'after') : undefined;
  const before = query.before ? decodeCursor(query.before, 'before') : undefined;
  const where = and(searchWhere(q), filterWhere(query.filter));
  // A search has no counter: its total is the capped count of matches.
  const counted = !!q;
  // The release filters' flags are for the clock's day: move it first if the day has turned.
  await syncReleaseClock(db);
  const size = query.pageSize;

  const pageRows = (opts: { cursor?: SQL; backwards: boolean; limit: number; offset: number }) => {
    const dir = opts.backwards ? desc : asc;
    return db
      .select({
        id: memberId,
        name: familyMembers.name,
        email: familyMembers.email,
        phone: familyMembers.phone,
        address: familyMembers.address,
        ngoId: ngos.id,
        ngoName: ngos.name,
        ngoAddress: ngos.address,
        ngoContactInfo: ngos.contactInfo,
        ngoReport: ngos.report,
        bailDecidedAt: bailReviews.decidedAt,
        stage: familyMembers.stage,
      })
      .from(familyMembers)
      .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, memberId))
      .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
      .leftJoin(bailReviews, eq(bailReviews.familyMemberId, memberId))
      .where(and(where, opts.cursor))
      .orderBy(dir(familyMembers.name), dir(memberId))
      .limit(opts.limit)
      .offset(opts.offset);
  };
  const keyset = (c: Cursor, op: '>' | '<') => sql`(${familyMembers.name}, ${memberId}) ${sql.raw(op)} (${c.name}, ${c.id}::uuid)`;

  let rows: Awaited<ReturnType<typeof pageRows>>;
  let counters: Map<string, number>;
  let page = query.page;
  let hasNext: boolean;
  let hasPrev: boolean;
  if (query.last) {
    // The last page holds what is left after the full pages, so "previous" from it lines up with page numbers.
    counters = await countsAndTotal(db, where, counted);
    const total = totalOf(counters, query.filter, counted);
    page = Math.max(1, Math.ceil(total / size));
    const rest = total - (page - 1) * size;
    rows = (await pageRows({ backwards: true, limit: Math.max(rest, 1), offset: 0 })).reverse();
    hasNext = false;
    hasPrev = page > 1;
  } else {
    const [found, c] = await Promise.all([
      before
        ? pageRows({ cursor: keyset(before, '<'), backwards: true, limit: size + 1, offset: 0 })
        : pageRows({
            cursor: after ? keyset(after, '>') : undefined,
            backwards: false,
            limit: size + 1,
            offset: after ? 0 : (page - 1) * size,
          }),
      countsAndTotal(db, where, counted),
    ]);
    counters = c;
    const more = found.length > size;
    rows = found.slice(0, size);
    if (before) {
      rows.reverse();
      hasPrev = more;
      hasNext = true;
    } else {
      hasNext = more;
      hasPrev = !!after || page > 1;
    }
  }
  const total = totalOf(counters, query.filter, counted);

  const ids = rows.map((r) => r.id);
  const [caseRows, lawyerRows, documentRows] = ids.length
    ? await Promise.all([childCases(db, ids), childLawyers(db, ids), childDocuments(db, ids)])
    : [[], [], []];

  const casesOf = groupBy(caseRows, (c) => c.familyMemberId);
  const lawyersOf = groupBy(lawyerRows, (l) => l.familyMemberId);
  const documentsOf = groupBy(documentRows, (d) => d.familyMemberId);
  const items: JailMember[] = rows.map((r) => {
    const docs = documentsOf.get(r.id) ?? [];
    const firstLawyerPaper = docs.filter((d) => d.uploaderRole === 'Lawyer').at(-1);
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      address: r.address,
      cases: (casesOf.get(r.id) ?? []).map(({ id, caseNumber, caseType, release, chargesheetFiledOn }) => ({
        id,
        caseNumber,
        caseType,
        release,
        chargesheetFiledOn,
      })),
      lawyers: (lawyersOf.get(r.id) ?? []).map(({ id, name }) => ({ id, name })),
      ngo:
        r.ngoId && r.ngoName !== null
          ? { id: r.ngoId, name: r.ngoName, address: r.ngoAddress ?? '', contactInfo: r.ngoContactInfo ?? '', report: r.ngoReport ?? '' }
          : null,
      documents: docs.map(toDocumentMeta),
      firstLawyerPaperId: firstLawyerPaper?.id ?? null,
      bailReview: r.bailDecidedAt ? { status: 'Accepted', decidedAt: r.bailDecidedAt.toISOString() } : null,
      stage: r.stage,
    };
  });
  const firstRow = rows[0];
  const lastRow = rows.at(-1);
  return {
    items,
    page,
    pageSize: size,
    total,
    totalCapped: counted && total > MEMBERS_COUNT_CAP,
    nextCursor: hasNext && lastRow ? encodeCursor(lastRow) : null,
    prevCursor: hasPrev && firstRow ? encodeCursor(firstRow) : null,
    counts: toCounts(counters),
    chart: toChart(counters),
  };
}

/*
 * The page's child lists, one statement each. Each walks the page's ids and looks each one up by
 * index (LATERAL with OFFSET 0 keeps the planner from turning it into a scan of the whole table,
 * which it would prefer while a table is small): the cost follows the page, not the table.
 */
type Row = Record<string, string | number | null | undefined>;

function pageIds(ids: string[]): SQL {
  return sql`unnest(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]) as p(id)`;
}

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

async function childCases(db: Db, ids: string[]) {
  const rows = await rowsOf(
    db,
    sql`select c.id, c.family_member_id, c.case_number, c.case_type, c.s479_status, c.s479_fraction, c.s479_eligible_on,
        c.maximum_ends_on, c.default_bail_days, c.default_bail_eligible_on, c.chargesheet_filed_on, c.released_on from ${pageIds(ids)}
      cross join lateral (select * from ${cases} where ${cases.familyMemberId} = p.id offset 0) c
      order by c.created_at, c.case_number`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    familyMemberId: String(r.family_member_id),
    caseNumber: String(r.case_number),
    caseType: String(r.case_type),
    chargesheetFiledOn: dateOrNull(r.chargesheet_filed_on),
    release: {
      s479Status: r.s479_status as (typeof cases.$inferSelect)['s479Status'],
      s479Fraction: r.s479_fraction as (typeof cases.$inferSelect)['s479Fraction'],
      s479EligibleOn: dateOrNull(r.s479_eligible_on),
      maximumEndsOn: dateOrNull(r.maximum_ends_on),
      defaultBailDays: r.default_bail_days === null || r.default_bail_days === undefined ? null : Number(r.default_bail_days),
      defaultBailEligibleOn: dateOrNull(r.default_bail_eligible_on),
      releasedOn: dateOrNull(r.released_on),
    },
  }));
}

/** A `date` column read through raw SQL: PostgreSQL's driver gives a string, PGlite a Date. */
function dateOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return typeof v === 'string' ? v.slice(0, 10) : null;
}

/** Lawyers of accepted requests, the first accepted first; a request whose lawyer account is gone has no name ('Unknown Lawyer'). */
async function childLawyers(db: Db, ids: string[]) {
  const rows = await rowsOf(
    db,
    sql`select r.family_member_id, r.lawyer_id, (select u.name from ${users} u where u.id = r.lawyer_id) as name from ${pageIds(ids)}
      cross join lateral (select * from ${lawyerRequests} where ${lawyerRequests.familyMemberId} = p.id and ${lawyerRequests.status} = 'accepted' offset 0) r
      order by r.decided_at, r.created_at, r.id`,
  );
  return rows.map((r) => ({
    familyMemberId: String(r.family_member_id),
    id: String(r.lawyer_id),
    name: r.name === null ? null : String(r.name),
  }));
}

/** Bail papers, newest first, with who uploaded them. */
async function childDocuments(db: Db, ids: string[]) {
  const rows = await rowsOf(
    db,
    sql`select d.id, d.family_member_id, d.filename, d.content_type, d.size::float8 as size,
        (extract(epoch from d.created_at) * 1000)::float8 as created_ms, d.uploaded_by, u.name, u.role
      from ${pageIds(ids)}
      cross join lateral (select * from ${documents} where ${documents.familyMemberId} = p.id and ${documents.kind} = 'bail_paper' offset 0) d
      left join lateral (select ${users.name}, ${users.role} from ${users} where ${users.id} = d.uploaded_by offset 0) u on true
      order by d.created_at desc, d.id desc`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    familyMemberId: String(r.family_member_id),
    filename: String(r.filename),
    contentType: String(r.content_type),
    size: Number(r.size),
    createdAt: new Date(Number(r.created_ms)),
    uploaderId: r.uploaded_by === null ? null : String(r.uploaded_by),
    uploaderName: r.name === null || r.name === undefined ? null : String(r.name),
    uploaderRole: (r.role ?? null) as 'Family-Member' | 'Lawyer' | 'Jail-Authority' | null,
  }));
}

/** Without a search the filter's counter is the total; with one, the capped count of matches. */
function totalOf(c: Map<string, number>, filter: MemberFilter | undefined, search: boolean): number {
  if (search) return Math.min(c.get('#matches') ?? 0, MEMBERS_COUNT_CAP + 1);
  return c.get(filter ?? 'all') ?? 0;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

async function findMember(db: Db, id: string) {
  const [row] = await db
    .select({ id: memberId, name: familyMembers.name, email: familyMembers.email })
    .from(familyMembers)
    .where(eq(memberId, id))
    .limit(1);
  return row;
}

/**
 * docs/spec.md#4-states-and-transitions NGO assignment, as one transaction (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): take a seat with a conditional update,
 * then record the assignment, whose primary key allows one NGO per family member. Any refusal
 * rolls the whole transaction back, so a refused assignment never costs a seat.
 */
export async function assignNgo(db: Db, input: { familyMemberId: string; ngoId: string; assignedBy: string }): Promise<AssignNgoResult> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, input.familyMemberId);
    if (!member) throw notFound('family member');
    const [held] = await tx
      .select({ ngoId: ngoAssignments.ngoId })
      .from(ngoAssignments)
      .where(eq(ngoAssignments.familyMemberId, member.id))
      .limit(1);
    if (held) throw conflict('ngo_already_assigned', JAIL_ERROR_MESSAGES.alreadyAssigned);
    const [ngo] = await tx
      .update(ngos)
      .set({ seatsFree: sql`${ngos.seatsFree} - 1` })
      .where(and(eq(ngos.id, input.ngoId), gt(ngos.seatsFree, 0)))
      .returning({
        id: ngos.id,
        name: ngos.name,
        address: ngos.address,
        contactInfo: ngos.contactInfo,
        report: ngos.report,
        seatsFree: ngos.seatsFree,
      });
    if (!ngo) {
      const [exists] = await tx.select({ id: ngos.id }).from(ngos).where(eq(ngos.id, input.ngoId)).limit(1);
      if (!exists) throw notFound('NGO');
      throw conflict('no_seats', JAIL_ERROR_MESSAGES.noSeats);
    }
    // A concurrent assignment of the same member waits here on the primary key, then finds it taken.
    const [assigned] = await tx
      .insert(ngoAssignments)
      .values({ familyMemberId: member.id, ngoId: ngo.id, assignedBy: input.assignedBy })
      .onConflictDoNothing()
      .returning({ familyMemberId: ngoAssignments.familyMemberId });
    if (!assigned) throw conflict('ngo_already_assigned', JAIL_ERROR_MESSAGES.alreadyAssigned);
    await audit(tx, input.assignedBy, 'ngo.assigned', member.id, { ngoId: ngo.id });
    const { seatsFree, ...summary } = ngo;
    return { familyMemberId: member.id, ngo: summary, seatsFree };
  });
}

/**
 * docs/spec.md#4-states-and-transitions Bail-Accept: the bail review becomes Accepted and, in the same transaction, emails to the
 * first accepted lawyer and to the family member are queued. Accepting again changes nothing.
 */
export async function acceptBail(
  db: Db,
  input: { familyMemberId: string; decidedBy: string; publicUrl: string; emailHoldMs?: number },
): Promise<BailAcceptResult> {
  // The emails wait out the undo window (BAIL_UNDO_SECONDS), so an undo in time cancels them.
  const notBefore = new Date(Date.now() + (input.emailHoldMs ?? 0));
  return db.transaction(async (tx) => {
    const member = await findMember(tx, input.familyMemberId);
    if (!member) throw notFound('family member');
    const [paper] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.familyMemberId, member.id), eq(documents.kind, 'bail_paper')))
      .limit(1);
    const [before] = await tx.select().from(bailReviews).where(eq(bailReviews.familyMemberId, member.id)).limit(1);
    if (before) return { familyMemberId: member.id, status: 'Accepted', decidedAt: before.decidedAt.toISOString(), alreadyAccepted: true };
    if (!paper) throw noBailPaper();
    // Two authorities pressing at once: one insert wins, the other finds the row and sends nothing.
    const [review] = await tx
      .insert(bailReviews)
      .values({ familyMemberId: member.id, status: 'Accepted', decidedBy: input.decidedBy })
      .onConflictDoNothing()
      .returning();
    if (!review) {
      const [after] = await tx.select().from(bailReviews).where(eq(bailReviews.familyMemberId, member.id)).limit(1);
      return {
        familyMemberId: member.id,
        status: 'Accepted',
        decidedAt: (after?.decidedAt ?? new Date()).toISOString(),
        alreadyAccepted: true,
      };
    }
    // "The first lawyer" (docs/spec.md#4-states-and-transitions, docs/design.md#2-data-model-relational-normalised): the earliest accepted request whose account still exists.
    const [lawyer] = await tx
      .select({ id: users.id, name: users.name })
      .from(lawyerRequests)
      .innerJoin(users, eq(users.id, lawyerRequests.lawyerId))
      .where(and(eq(lawyerRequests.familyMemberId, member.id), eq(lawyerRequests.status, 'accepted')))
      .orderBy(asc(lawyerRequests.decidedAt), asc(lawyerRequests.createdAt), asc(lawyerRequests.id))
      .limit(1);
    // Each told in their own language, in the app and by email.
    const recipients = await findRecipients(tx, lawyer ? [member.id, lawyer.id] : [member.id]);
    const lawyerRecipient = recipients.find((r) => r.id === lawyer?.id);
    const memberRecipient = recipients.find((r) => r.id === member.id);
    const emailIds: string[] = [];
    if (lawyerRecipient) {
      const id = await notify(tx, lawyerRecipient, {
        kind: 'bail_accepted_lawyer',
        params: { member: member.name, memberId: member.id },
        link: '/lawyer-cases',
        publicUrl: input.publicUrl,
        notBefore,
      });
      if (id) emailIds.push(id);
    }
    if (memberRecipient) {
      const id = await notify(tx, memberRecipient, {
        kind: lawyer ? 'bail_accepted_family_told' : 'bail_accepted_family',
        params: lawyer ? { lawyer: lawyer.name } : {},
        link: '/family-case',
        publicUrl: input.publicUrl,
        notBefore,
      });
      if (id) emailIds.push(id);
    }
    await audit(tx, input.decidedBy, 'bail.accepted', member.id, { emailedLawyer: !!lawyer, emailIds });
    return { familyMemberId: member.id, status: 'Accepted', decidedAt: review.decidedAt.toISOString(), alreadyAccepted: false };
  });
}

/**
 * Undo a Bail-Accept made by mistake, within BAIL_UNDO_SECONDS of it (server-enforced): the review
 * goes, its held emails that have not gone out are cancelled, and any that already went get a
 * correction. Undoing what is not accepted (a second tap) changes nothing and says so.
 */
export async function undoBailAccept(
  db: Db,
  input: { familyMemberId: string; undoneBy: string; windowMs: number },
): Promise<BailUndoResult> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, input.familyMemberId);
    if (!member) throw notFound('family member');
    const [review] = await tx.select().from(bailReviews).where(eq(bailReviews.familyMemberId, member.id)).for('update').limit(1);
    if (!review) return { familyMemberId: member.id, alreadyUndone: true, corrections: 0 };
    if (Date.now() - review.decidedAt.getTime() > input.windowMs) throw conflict('bail_undo_expired', JAIL_ERROR_MESSAGES.undoExpired);
    await tx.delete(bailReviews).where(eq(bailReviews.familyMemberId, member.id));
    // The acceptance's emails, as recorded with it.
    const [accepted] = await tx
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, member.id), eq(auditEvents.action, 'bail.accepted')))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    const emailIds = ((accepted?.details?.emailIds as string[] | undefined) ?? []).filter((id) => typeof id === 'string');
    let corrections = 0;
    if (emailIds.length) {
      // Not yet claimed by the outbox worker: cancel. Anything else went (or is going) out: correct it.
      const cancelled = await tx
        .delete(emailOutbox)
        .where(and(inArray(emailOutbox.id, emailIds), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0)))
        .returning({ id: emailOutbox.id });
      const gone = new Set(cancelled.map((c) => c.id));
      const delivered = await tx
        .select({ to: emailOutbox.to })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.id,
            emailIds.filter((id) => !gone.has(id)),
          ),
        );
      // Each correction in its recipient's saved language: one lookup for all of them by address
      // (users.email is unique and lower case); English for an address with no account.
      const addresses = [...new Set(delivered.map((d) => d.to.toLowerCase()))];
      const people = addresses.length
        ? await tx
            .select({ email: users.email, name: users.name, language: users.language })
            .from(users)
            .where(inArray(users.email, addresses))
        : [];
      const byEmail = new Map(people.map((p) => [p.email, p]));
      for (const { to } of delivered) {
        const person = byEmail.get(to.toLowerCase());
        await sendEmail(
          tx,
          { email: to, name: person?.name ?? to, language: person?.language },
          { kind: 'bail_accept_undone', params: { member: member.name } },
        );
        corrections++;
      }
    }
    // The in-app notices of the acceptance are withdrawn with it.
    await tx
      .delete(notifications)
      .where(
        and(
          inArray(notifications.kind, ['bail_accepted_lawyer', 'bail_accepted_family', 'bail_accepted_family_told']),
          gte(notifications.createdAt, review.decidedAt),
          sql`(${notifications.params}->>'memberId' = ${member.id} or ${notifications.userId} = ${member.id})`,
        ),
      );
    await audit(tx, input.undoneBy, 'bail.undone', member.id, { corrections });
    return { familyMemberId: member.id, alreadyUndone: false, corrections };
  });
}
