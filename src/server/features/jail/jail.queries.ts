// The jail authority's reads and changes. Every list runs a fixed number of statements whatever
// the page size (DESIGN §5): one page query, its count, the summary aggregates, and one batched
// `inArray` query per child list (cases, lawyers, documents) — never a query per row.
import { and, asc, count, countDistinct, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CASE_TYPES } from '#shared/constants.ts';
import {
  JAIL_ERROR_MESSAGES,
  MEMBER_STAGES,
  type AssignNgoResult,
  type BailAcceptResult,
  type JailMember,
  type MemberChart,
  type MemberCounts,
  type MemberFilter,
  type MemberStage,
  type MembersPage,
} from '#shared/jail.ts';
import type { Db } from '../../db/client.ts';
import { bailReviews, cases, documents, familyMembers, lawyerRequests, ngoAssignments, ngos, users } from '../../db/schema.ts';
import { documentMetaColumns, toDocumentMeta } from '../../lib/documents.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { enqueueEmail } from '../../lib/outbox.ts';
import { audit } from '../../lib/audit.ts';

const memberId = familyMembers.userId;

const acceptedLawyerExists = sql`exists (select 1 from ${lawyerRequests} where ${lawyerRequests.familyMemberId} = ${memberId} and ${lawyerRequests.status} = 'accepted')`;
const pendingLawyerExists = sql`exists (select 1 from ${lawyerRequests} where ${lawyerRequests.familyMemberId} = ${memberId} and ${lawyerRequests.status} = 'pending')`;
const bailPaperExists = sql`exists (select 1 from ${documents} where ${documents.familyMemberId} = ${memberId} and ${documents.kind} = 'bail_paper')`;

const stageLiteral = (s: MemberStage) => sql.raw(`'${s}'`);
/** The furthest step reached; needs bail_reviews joined. Same order as MEMBER_STAGES, last first. */
const stageSql = sql<MemberStage>`case
  when ${bailReviews.familyMemberId} is not null then ${stageLiteral('bail-accepted')}
  when ${bailPaperExists} then ${stageLiteral('bail-paper-waiting')}
  when ${acceptedLawyerExists} then ${stageLiteral('lawyer-assigned')}
  when ${pendingLawyerExists} then ${stageLiteral('lawyer-requested')}
  else ${stageLiteral('registered')} end`;

/** LIKE pattern for "contains", with the user's % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchWhere(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  return or(
    ilike(users.name, p),
    ilike(users.email, p),
    ilike(familyMembers.phone, p),
    sql`exists (select 1 from ${cases} where ${cases.familyMemberId} = ${memberId} and ${cases.caseNumber} ilike ${p})`,
  );
}

function filterWhere(filter: MemberFilter | undefined): SQL | undefined {
  switch (filter) {
    case 'no-lawyer':
      return sql`not ${acceptedLawyerExists}`;
    case 'no-ngo':
      return sql`${ngoAssignments.familyMemberId} is null`;
    case 'bail-waiting':
      return sql`${bailReviews.familyMemberId} is null and ${bailPaperExists}`;
    case 'bail-accepted':
      return sql`${bailReviews.familyMemberId} is not null`;
    default:
      return undefined;
  }
}

async function memberCounts(db: Db): Promise<MemberCounts> {
  const [row] = await db
    .select({
      all: count(),
      noLawyer: sql<number>`count(*) filter (where not ${acceptedLawyerExists})`.mapWith(Number),
      noNgo: sql<number>`count(*) filter (where ${ngoAssignments.familyMemberId} is null)`.mapWith(Number),
      bailWaiting: sql<number>`count(*) filter (where ${bailReviews.familyMemberId} is null and ${bailPaperExists})`.mapWith(Number),
      bailAccepted: count(bailReviews.familyMemberId),
    })
    .from(familyMembers)
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, memberId))
    .leftJoin(bailReviews, eq(bailReviews.familyMemberId, memberId));
  return row ?? { all: 0, noLawyer: 0, noNgo: 0, bailWaiting: 0, bailAccepted: 0 };
}

async function memberChart(db: Db): Promise<MemberChart> {
  const [byType, byStage] = await Promise.all([
    db
      .select({ caseType: cases.caseType, members: countDistinct(cases.familyMemberId) })
      .from(cases)
      .groupBy(cases.caseType),
    db
      .select({ stage: stageSql, members: count() })
      .from(familyMembers)
      .leftJoin(bailReviews, eq(bailReviews.familyMemberId, memberId))
      .groupBy(sql`1`),
  ]);
  const typeCount = new Map(byType.map((r) => [r.caseType, r.members]));
  const known = new Set<string>(CASE_TYPES);
  const stageCount = new Map(byStage.map((r) => [r.stage, r.members]));
  return {
    byCaseType: [
      ...CASE_TYPES.map((caseType) => ({ caseType, members: typeCount.get(caseType) ?? 0 })),
      // A type outside the nine (older data) still shows rather than vanishing from the totals.
      ...byType.filter((r) => !known.has(r.caseType)).map((r) => ({ caseType: r.caseType, members: r.members })),
    ],
    byStage: MEMBER_STAGES.map((stage) => ({ stage, members: stageCount.get(stage) ?? 0 })),
  };
}

export async function listMembers(
  db: Db,
  query: { page: number; pageSize: number; q?: string | undefined; filter?: MemberFilter | undefined },
): Promise<MembersPage> {
  const where = and(searchWhere(query.q || undefined), filterWhere(query.filter));
  const pageRows = db
    .select({
      id: memberId,
      name: users.name,
      email: users.email,
      phone: familyMembers.phone,
      address: familyMembers.address,
      ngoId: ngos.id,
      ngoName: ngos.name,
      ngoAddress: ngos.address,
      ngoContactInfo: ngos.contactInfo,
      ngoReport: ngos.report,
      bailDecidedAt: bailReviews.decidedAt,
      stage: stageSql,
    })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, memberId))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, memberId))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .leftJoin(bailReviews, eq(bailReviews.familyMemberId, memberId))
    .where(where)
    .orderBy(asc(users.name), asc(memberId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const totalRows = db
    .select({ n: count() })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, memberId))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, memberId))
    .leftJoin(bailReviews, eq(bailReviews.familyMemberId, memberId))
    .where(where);
  const [rows, [total], counts, chart] = await Promise.all([pageRows, totalRows, memberCounts(db), memberChart(db)]);

  const ids = rows.map((r) => r.id);
  const [caseRows, lawyerRows, documentRows] = ids.length
    ? await Promise.all([
        db
          .select({ id: cases.id, familyMemberId: cases.familyMemberId, caseNumber: cases.caseNumber, caseType: cases.caseType })
          .from(cases)
          .where(inArray(cases.familyMemberId, ids))
          .orderBy(asc(cases.createdAt), asc(cases.caseNumber)),
        // Left join: a request whose lawyer account is gone still counts, with no name ('Unknown Lawyer').
        db
          .select({ familyMemberId: lawyerRequests.familyMemberId, id: lawyerRequests.lawyerId, name: users.name })
          .from(lawyerRequests)
          .leftJoin(users, eq(users.id, lawyerRequests.lawyerId))
          .where(and(inArray(lawyerRequests.familyMemberId, ids), eq(lawyerRequests.status, 'accepted')))
          .orderBy(asc(lawyerRequests.decidedAt), asc(lawyerRequests.createdAt), asc(lawyerRequests.id)),
        db
          .select(documentMetaColumns)
          .from(documents)
          .leftJoin(users, eq(users.id, documents.uploadedBy))
          .where(and(inArray(documents.familyMemberId, ids), eq(documents.kind, 'bail_paper')))
          .orderBy(desc(documents.createdAt), desc(documents.id)),
      ])
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
      cases: (casesOf.get(r.id) ?? []).map(({ id, caseNumber, caseType }) => ({ id, caseNumber, caseType })),
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
  return { items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0, counts, chart };
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
    .select({ id: memberId, name: users.name, email: users.email })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, memberId))
    .where(eq(memberId, id))
    .limit(1);
  return row;
}

/**
 * SPEC §4 NGO assignment, as one transaction (DESIGN §3): take a seat with a conditional update,
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
 * SPEC §4 Bail-Accept: the bail review becomes Accepted and, in the same transaction, emails to the
 * first accepted lawyer and to the family member are queued. Accepting again changes nothing.
 */
export async function acceptBail(db: Db, input: { familyMemberId: string; decidedBy: string }): Promise<BailAcceptResult> {
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
    if (!paper) throw conflict('no_bail_paper', JAIL_ERROR_MESSAGES.noBailPaper);
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
    // "The first lawyer" (SPEC §4, DESIGN §2): the earliest accepted request whose account still exists.
    const [lawyer] = await tx
      .select({ name: users.name, email: users.email })
      .from(lawyerRequests)
      .innerJoin(users, eq(users.id, lawyerRequests.lawyerId))
      .where(and(eq(lawyerRequests.familyMemberId, member.id), eq(lawyerRequests.status, 'accepted')))
      .orderBy(asc(lawyerRequests.decidedAt), asc(lawyerRequests.createdAt), asc(lawyerRequests.id))
      .limit(1);
    if (lawyer) {
      await enqueueEmail(tx, {
        to: lawyer.email,
        subject: `Bail paper accepted for ${member.name}`,
        text:
          `Dear ${lawyer.name},\n\n` +
          `The bail paper for family member ${member.name} (family member id ${member.id}) was accepted by the jail authority.\n\n` +
          `Rihaai`,
      });
    }
    await enqueueEmail(tx, {
      to: member.email,
      subject: 'Bail-Paper accepted',
      text:
        `Dear ${member.name},\n\n` +
        `Your bail paper was accepted by the jail authority.` +
        (lawyer ? ` Your lawyer, ${lawyer.name}, has been told.` : '') +
        `\n\nRihaai`,
    });
    await audit(tx, input.decidedBy, 'bail.accepted', member.id, { emailedLawyer: !!lawyer });
    return { familyMemberId: member.id, status: 'Accepted', decidedAt: review.decidedAt.toISOString(), alreadyAccepted: false };
  });
}
