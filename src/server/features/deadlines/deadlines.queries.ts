// Hearings, bail dates and the jail's deadline flags. Queries take db/tx first;
// every list is one bounded, indexed statement.
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { User } from '#shared/accounts.ts';
import { bailTimeline, type RecordableBailStep } from '#shared/bail-timeline.ts';
import {
  DEADLINE_LIMITS,
  addDays,
  indianDay,
  type CaseDeadlines,
  type DeadlineFlags,
  type Hearing,
  type NextHearing,
} from '#shared/deadlines.ts';
import type { Db } from '../../db/client.ts';
import { bailReviews, cases, hearings, lawyerRequests, prisoners, users } from '../../db/schema.ts';
import type { CaseFacts } from './deadlines.policy.ts';
import { followsPrisonerIn, seesRecordAsLawyer } from '../../policies/member-record.policy.ts';

export interface CaseRow extends CaseFacts {
  id: string;
  caseNumber: string;
  caseType: string;
  memberName: string;
  prison: string | null;
  bailGrantedOn: string | null;
  releasedOn: string | null;
  /** The bail order's details and the bonds (src/shared/bail-timeline.ts). */
  bailCourt: string | null;
  bailBondAmount: number | null;
  bailSureties: number | null;
  bailSuretyAmount: number | null;
  bailConditions: string | null;
  bailFurnishedOn: string | null;
  /** The Indian day of the jail's Bail-Accept for this family member, or null. */
  bailVerifiedOn: string | null;
}

/** The case with what the policy needs about this user, in one statement. */
export async function findCase(db: Db, caseId: string, user: Pick<User, 'id' | 'role' | 'prisonId'>): Promise<CaseRow | undefined> {
  const [row] = await db
    .select({
      id: cases.id,
      familyMemberId: cases.familyMemberId,
      caseNumber: cases.caseNumber,
      caseType: cases.caseType,
      memberName: users.name,
      prison: cases.prison,
      bailGrantedOn: cases.bailGrantedOn,
      releasedOn: cases.releasedOn,
      bailCourt: cases.bailCourt,
      bailBondAmount: cases.bailBondAmount,
      bailSureties: cases.bailSureties,
      bailSuretyAmount: cases.bailSuretyAmount,
      bailConditions: cases.bailConditions,
      bailFurnishedOn: cases.bailFurnishedOn,
      bailAcceptedAt: bailReviews.decidedAt,
      acceptedLawyer: sql<boolean>`exists (select 1 from ${lawyerRequests} where ${seesRecordAsLawyer(user.id, cases.familyMemberId)})`,
      inPrison:
        user.role === 'Jail-Authority' && user.prisonId ? followsPrisonerIn(user.prisonId, cases.familyMemberId) : sql<boolean>`false`,
    })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.familyMemberId))
    .leftJoin(bailReviews, and(eq(bailReviews.familyMemberId, cases.familyMemberId), eq(bailReviews.status, 'Accepted')))
    .where(eq(cases.id, caseId))
    .limit(1);
  if (!row) return undefined;
  const { bailAcceptedAt, ...rest } = row;
  return {
    ...rest,
    bailVerifiedOn: bailAcceptedAt ? indianDay(bailAcceptedAt) : null,
    acceptedLawyer: Boolean(row.acceptedLawyer),
    inPrison: Boolean(row.inPrison),
  };
}

const lawyerUser = alias(users, 'lawyer_user');

const hearingColumns = {
  id: hearings.id,
  caseId: hearings.caseId,
  hearingOn: hearings.hearingOn,
  court: hearings.court,
  purpose: hearings.purpose,
  outcome: hearings.outcome,
  updatedAt: hearings.updatedAt,
  version: hearings.version,
};

/** What a notice of a hearing shows (the next hearing, the day-before reminder): from hearings joined with cases. */
export const hearingNoticeColumns = {
  caseId: hearings.caseId,
  caseNumber: cases.caseNumber,
  hearingOn: hearings.hearingOn,
  court: hearings.court,
  purpose: hearings.purpose,
};

const toHearing = (h: { updatedAt: Date } & Omit<Hearing, 'updatedAt'>): Hearing => ({ ...h, updatedAt: h.updatedAt.toISOString() });

export async function listHearings(db: Db, caseId: string): Promise<Hearing[]> {
  const rows = await db
    .select(hearingColumns)
    .from(hearings)
    .where(eq(hearings.caseId, caseId))
    .orderBy(desc(hearings.hearingOn), desc(hearings.createdAt))
    .limit(200);
  return rows.map(toHearing);
}

export function caseDeadlines(row: CaseRow, list: Hearing[], canEdit: boolean, canRecordBail: RecordableBailStep[]): CaseDeadlines {
  const timeline = bailTimeline(row);
  return {
    case: {
      id: row.id,
      caseNumber: row.caseNumber,
      caseType: row.caseType,
      memberId: row.familyMemberId,
      memberName: row.memberName,
      prison: row.prison,
      bailGrantedOn: row.bailGrantedOn,
      releasedOn: row.releasedOn,
    },
    hearings: list,
    bail: {
      ...timeline,
      order: {
        court: row.bailCourt,
        bondAmount: row.bailBondAmount,
        sureties: row.bailSureties,
        suretyAmount: row.bailSuretyAmount,
        conditions: row.bailConditions,
      },
    },
    // Only the step that is next, and only for the side whose step it is.
    can: { edit: canEdit, recordBail: canRecordBail.filter((s) => s === timeline.next?.step) },
  };
}

export async function insertHearing(
  db: Db,
  input: { caseId: string; hearingOn: string; court: string; purpose: string; recordedBy: string },
): Promise<Hearing> {
  const [row] = await db.insert(hearings).values(input).returning(hearingColumns);
  if (!row) throw new Error('hearing insert returned nothing');
  return toHearing(row);
}

export async function findHearingCaseId(db: Db, hearingId: string): Promise<string | undefined> {
  const [row] = await db.select({ caseId: hearings.caseId }).from(hearings).where(eq(hearings.id, hearingId)).limit(1);
  return row?.caseId;
}

export async function findHearing(db: Db, hearingId: string): Promise<Hearing | undefined> {
  const [row] = await db.select(hearingColumns).from(hearings).where(eq(hearings.id, hearingId)).limit(1);
  return row ? toHearing(row) : undefined;
}

/**
 * Saves a hearing edited from the version `input.version`, bumping it in the same statement; undefined
 * when that is no longer the saved version (someone else saved since: nothing is written).
 */
export async function updateHearing(
  db: Db,
  hearingId: string,
  input: { hearingOn: string; court: string; purpose: string; outcome: string | null; version: number },
): Promise<Hearing | undefined> {
  const { version, ...fields } = input;
  const [row] = await db
    .update(hearings)
    .set({ ...fields, version: sql`${hearings.version} + 1`, updatedAt: new Date() })
    .where(and(eq(hearings.id, hearingId), eq(hearings.version, version)))
    .returning(hearingColumns);
  return row ? toHearing(row) : undefined;
}

export async function saveBailDates(
  db: Db,
  caseId: string,
  input: { bailGrantedOn: string | null; releasedOn: string | null; prison?: string | null | undefined },
): Promise<void> {
  const { prison, ...dates } = input;
  await db
    .update(cases)
    .set(prison === undefined ? dates : { ...dates, prison: prison || null })
    .where(eq(cases.id, caseId));
}

/** Everyone who follows the case: the family member and the lawyers of accepted requests. */
export async function caseAudienceIds(db: Db, familyMemberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: lawyerRequests.lawyerId })
    .from(lawyerRequests)
    .where(seesRecordAsLawyer(lawyerRequests.lawyerId, familyMemberId));
  return [familyMemberId, ...rows.map((r) => r.id)];
}

/** The family member's next hearing without an outcome, today or later (Indian date). */
export async function findNextHearing(db: Db, familyMemberId: string, today: string): Promise<NextHearing> {
  const [row] = await db
    .select(hearingNoticeColumns)
    .from(hearings)
    .innerJoin(cases, eq(cases.id, hearings.caseId))
    .where(and(eq(cases.familyMemberId, familyMemberId), gte(hearings.hearingOn, today), isNull(hearings.outcome)))
    .orderBy(asc(hearings.hearingOn), asc(hearings.createdAt))
    .limit(1);
  return { hearing: row ?? null };
}

/**
 * The jail dashboard's flags (additive to the member list): people bailed at least 7 days ago and
 * not released, and lawyer requests unanswered for 7 days. Each list is one statement on a partial
 * index (cases_bailed_not_released_idx, lawyer_requests_pending_created_idx), capped.
 */
export async function listDeadlineFlags(db: Db, now: Date, today: string, prisonId?: string): Promise<DeadlineFlags> {
  const size = DEADLINE_LIMITS.flagsPageSize;
  const bailCutoff = addDays(today, -DEADLINE_LIMITS.releaseDays);
  const requestCutoff = new Date(now.getTime() - DEADLINE_LIMITS.requestOverdueDays * 86_400_000);
  const bailed = await db
    .select({
      memberId: cases.familyMemberId,
      memberName: users.name,
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      prison: cases.prison,
      bailGrantedOn: sql<string>`${cases.bailGrantedOn}::text`,
    })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.familyMemberId))
    .where(
      and(
        sql`${cases.bailGrantedOn} is not null`,
        isNull(cases.releasedOn),
        lte(cases.bailGrantedOn, bailCutoff),
        // A jail authority of one prison: the prisoners held there.
        prisonId ? sql`${cases.prisonerId} in (select p.id from ${prisoners} p where p.prison_id = ${prisonId})` : undefined,
      ),
    )
    .orderBy(asc(cases.bailGrantedOn), asc(cases.id))
    .limit(size + 1);
  const overdue = await db
    .select({
      requestId: lawyerRequests.id,
      memberId: lawyerRequests.familyMemberId,
      memberName: users.name,
      lawyerName: lawyerUser.name,
      createdAt: lawyerRequests.createdAt,
    })
    .from(lawyerRequests)
    .innerJoin(users, eq(users.id, lawyerRequests.familyMemberId))
    .leftJoin(lawyerUser, eq(lawyerUser.id, lawyerRequests.lawyerId))
    .where(
      and(
        eq(lawyerRequests.status, 'pending'),
        lte(lawyerRequests.createdAt, requestCutoff),
        prisonId ? followsPrisonerIn(prisonId, lawyerRequests.familyMemberId) : undefined,
      ),
    )
    .orderBy(asc(lawyerRequests.createdAt), asc(lawyerRequests.id))
    .limit(size + 1);
  return {
    bailedNotReleased: bailed.slice(0, size),
    overdueRequests: overdue.slice(0, size).map((r) => ({ ...r, lawyerName: r.lawyerName ?? '', createdAt: r.createdAt.toISOString() })),
    more: bailed.length > size || overdue.length > size,
  };
}
