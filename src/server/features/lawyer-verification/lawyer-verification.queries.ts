// SQL of lawyer verification (docs/decisions/0048-lawyers-verified-before-families-see-them.md): the
// lawyers awaiting it a page at a time, oldest first, each page an ordered read of a partial index
// (lawyers_awaiting_verification_idx, or _place_idx for one district); the verifier's district; and
// the conditional answers (one wins; a changed enrolment is checked again).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AWAITING_LAWYERS_PAGE_SIZE, type AwaitingLawyerList } from '#shared/lawyer-verification.ts';
import type { Db } from '../../db/client.ts';
import { lawyers, prisons, users } from '../../db/schema.ts';
import { encodeTimeCursor, exactTimeText, type TimeCursor } from '../../lib/time-cursor.ts';

/** Whose lawyers a verifier checks: every lawyer, or those whose court is in one district. */
export type VerifierScope = { kind: 'all' } | { kind: 'none' } | { kind: 'district'; state: string | null; district: string };

const awaiting = and(isNull(lawyers.verifiedAt), isNull(lawyers.verificationRejectedAt), isNotNull(lawyers.barEnrolmentNumber));

function inScope(scope: VerifierScope) {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  // A prison from before prisons had a state matches no lawyer: a district's name is not unique across states.
  return scope.state === null ? sql`false` : and(eq(lawyers.state, scope.state), eq(lawyers.district, scope.district));
}

/** The prison's place of a jail authority's account; undefined when the account has no prison. */
export async function findPrisonPlace(db: Db, prisonId: string) {
  const [row] = await db
    .select({ state: prisons.state, district: prisons.district })
    .from(prisons)
    .where(eq(prisons.id, prisonId))
    .limit(1);
  return row;
}

/** One page of the lawyers awaiting verification in the scope, oldest first; `after` is a page's last row. */
export async function listAwaitingLawyers(db: Db, scope: VerifierScope, after?: TimeCursor): Promise<AwaitingLawyerList> {
  const from = after ? sql`(${lawyers.registeredAt}, ${lawyers.userId}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
  const rows = await db
    .select({
      id: lawyers.userId,
      name: users.name,
      email: users.email,
      phone: lawyers.phone,
      lawyerType: lawyers.lawyerType,
      courtArea: lawyers.courtArea,
      state: lawyers.state,
      district: lawyers.district,
      barEnrolmentNumber: sql<string>`${lawyers.barEnrolmentNumber}`,
      barCouncilState: sql<string>`coalesce(${lawyers.barCouncilState}, '')`,
      registeredAt: exactTimeText(lawyers.registeredAt),
    })
    .from(lawyers)
    .innerJoin(users, eq(users.id, lawyers.userId))
    .where(and(awaiting, inScope(scope), from))
    .orderBy(lawyers.registeredAt, lawyers.userId)
    .limit(AWAITING_LAWYERS_PAGE_SIZE + 1);
  const page = rows.slice(0, AWAITING_LAWYERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    lawyers: page,
    nextCursor: rows.length > AWAITING_LAWYERS_PAGE_SIZE && last ? encodeTimeCursor({ at: last.registeredAt, id: last.id }) : null,
  };
}

/** The lawyer as the verifier's rule reads them; undefined when there is no such lawyer. */
export async function findLawyerPlace(db: Db, lawyerId: string) {
  const [row] = await db
    .select({
      id: lawyers.userId,
      state: lawyers.state,
      district: lawyers.district,
      barEnrolmentNumber: lawyers.barEnrolmentNumber,
      barCouncilState: lawyers.barCouncilState,
    })
    .from(lawyers)
    .where(eq(lawyers.userId, lawyerId))
    .limit(1);
  return row;
}

/** Whether the verifier's scope holds the lawyer. */
export function scopeHolds(scope: VerifierScope, lawyer: { state: string | null; district: string | null }): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return scope.state !== null && lawyer.state === scope.state && lawyer.district === scope.district;
}

/** Verifies the enrolment the verifier saw, if it still awaits verification; undefined otherwise. */
export async function markVerified(db: Db, lawyerId: string, enrolment: string, verifierId: string) {
  const [row] = await db
    .update(lawyers)
    .set({ verifiedAt: sql`now()`, verifiedBy: verifierId })
    .where(and(eq(lawyers.userId, lawyerId), awaiting, eq(lawyers.barEnrolmentNumber, enrolment)))
    .returning({ at: lawyers.verifiedAt });
  return row?.at ?? undefined;
}

/** Refuses the enrolment the verifier saw, with the reason, if it still awaits verification; undefined otherwise. */
export async function markRejected(db: Db, lawyerId: string, enrolment: string, reason: string) {
  const [row] = await db
    .update(lawyers)
    .set({ verificationRejectedAt: sql`now()`, verificationRejectionReason: reason })
    .where(and(eq(lawyers.userId, lawyerId), awaiting, eq(lawyers.barEnrolmentNumber, enrolment)))
    .returning({ at: lawyers.verificationRejectedAt });
  return row?.at ?? undefined;
}
