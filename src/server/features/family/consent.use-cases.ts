// Notice and consent (docs/decisions/0053-notice-and-consent.md): the prisoner's consent or legal
// basis as a following relative records, withdraws and gives it again; the member's own consent to the
// notice; and what a withdrawal stops. Each change is audited in its own transaction.
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { NOTICE_VERSION, type OwnConsent, type PrisonerConsent, type PrisonerConsentBasis } from '#shared/privacy.ts';
import type { Db } from '../../db/client.ts';
import { prisonerFollowers, prisoners, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../types.ts';

type Deps = Pick<AppDeps, 'db'>;
type Member = Pick<User, 'id'>;

export const PRISONER_CONSENT_REQUIRED =
  "Record the prisoner's consent, or that you act to enforce their legal right, before registering them.";
export const PRISONER_CONSENT_WITHDRAWN =
  'The consent of a prisoner you follow is withdrawn: their case is not shared with a new lawyer or NGO until it is given again.';
export const NOTICE_CONSENT_WITHDRAWN =
  'You withdrew your consent to the privacy notice: give it again on your profile to register, add a case or ask for help.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Records the consent on the prisoners this transaction made for the member (the database makes a
 * prisoner when a case names a new one, cases_prisoner_default, in the same transaction, so their
 * created_at is the transaction's now()). A new prisoner without a basis refuses the whole request.
 */
export async function recordNewPrisonersConsent(tx: Db, memberId: string, basis: PrisonerConsentBasis | undefined): Promise<void> {
  const fresh = await tx
    .select({ id: prisoners.id })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .where(and(eq(prisonerFollowers.familyMemberId, memberId), isNull(prisoners.consentBasis), sql`${prisoners.createdAt} = now()`));
  if (fresh.length === 0) return;
  if (!basis) {
    throw invalid(
      PRISONER_CONSENT_REQUIRED,
      [{ path: 'prisonerConsent', message: PRISONER_CONSENT_REQUIRED }],
      'prisoner_consent_required',
    );
  }
  for (const { id } of fresh) {
    await tx
      .update(prisoners)
      .set({ consentBasis: basis, consentAt: sql`now()`, consentBy: memberId })
      .where(eq(prisoners.id, id));
    await audit(tx, memberId, 'prisoner.consent_recorded', id, { basis });
  }
}

/** 403 notice_consent_withdrawn while the member's own consent is withdrawn. */
export async function refuseWithoutOwnConsent(db: Db, memberId: string): Promise<void> {
  const [row] = await db.select({ withdrawnAt: users.noticeWithdrawnAt }).from(users).where(eq(users.id, memberId)).limit(1);
  if (row?.withdrawnAt) throw new AppError(403, 'notice_consent_withdrawn', NOTICE_CONSENT_WITHDRAWN);
}

/**
 * Sharing with someone new (a lawyer request, an NGO assignment) waits while the member's own consent
 * or the consent of a prisoner they follow is withdrawn: 403 notice_consent_withdrawn or 409
 * prisoner_consent_withdrawn. One statement, through the member's followers index.
 */
export async function refuseNewSharing(db: Db, memberId: string): Promise<void> {
  const [row] = await db
    .select({
      own: sql<boolean>`${users.noticeWithdrawnAt} is not null`,
      prisoner: followsWithdrawnPrisoner(sql`${memberId}`),
    })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
  const refusal = sharingRefusal({ ownWithdrawn: !!row?.own, prisonerWithdrawn: !!row?.prisoner });
  if (refusal) throw refusal;
}

/**
 * Whether the member (an id, or a column of the statement) follows a prisoner whose consent is
 * withdrawn: refuseNewSharing's second fact, for the statements that read it with others.
 */
export function followsWithdrawnPrisoner(member: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${prisonerFollowers} f join ${prisoners} p on p.id = f.prisoner_id
    where f.family_member_id = ${member} and p.consent_withdrawn_at is not null)`;
}

/** refuseNewSharing's answer from facts read elsewhere (a use case that reads them with others, in one statement). */
export function sharingRefusal(facts: { ownWithdrawn: boolean; prisonerWithdrawn: boolean }): AppError | undefined {
  if (facts.ownWithdrawn) return new AppError(403, 'notice_consent_withdrawn', NOTICE_CONSENT_WITHDRAWN);
  if (facts.prisonerWithdrawn) return new AppError(409, 'prisoner_consent_withdrawn', PRISONER_CONSENT_WITHDRAWN);
  return undefined;
}

const recorder = alias(users, 'consent_recorder');
const withdrawer = alias(users, 'consent_withdrawer');

/** The consent of every prisoner the member follows, oldest followed first. */
export async function listConsents({ db }: Deps, member: Member): Promise<{ prisoners: PrisonerConsent[] }> {
  const rows = await db
    .select({
      prisonerId: prisoners.id,
      prisonerName: prisoners.name,
      basis: prisoners.consentBasis,
      recordedAt: prisoners.consentAt,
      recordedBy: recorder.name,
      withdrawnAt: prisoners.consentWithdrawnAt,
      withdrawnBy: withdrawer.name,
    })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .leftJoin(recorder, eq(recorder.id, prisoners.consentBy))
    .leftJoin(withdrawer, eq(withdrawer.id, prisoners.consentWithdrawnBy))
    .where(eq(prisonerFollowers.familyMemberId, member.id))
    .orderBy(asc(prisonerFollowers.joinedAt), asc(prisonerFollowers.prisonerId));
  return {
    prisoners: rows.map((r) => ({
      ...r,
      recordedAt: iso(r.recordedAt),
      recordedBy: r.recordedBy ?? null,
      withdrawnAt: iso(r.withdrawnAt),
      withdrawnBy: r.withdrawnBy ?? null,
    })),
  };
}

async function assertFollower(db: Db, memberId: string, prisonerId: string) {
  const [row] = await db
    .select({ id: prisonerFollowers.prisonerId })
    .from(prisonerFollowers)
    .where(and(eq(prisonerFollowers.prisonerId, prisonerId), eq(prisonerFollowers.familyMemberId, memberId)))
    .limit(1);
  // Someone else's prisoner answers as a missing one.
  if (!row) throw notFound('prisoner');
}

/** One tap: the prisoner's consent is withdrawn (again is harmless: the first time stays). */
export async function withdrawPrisonerConsent({ db }: Deps, member: Member, prisonerId: string) {
  await db.transaction(async (tx) => {
    await assertFollower(tx, member.id, prisonerId);
    const changed = await tx
      .update(prisoners)
      .set({ consentWithdrawnAt: sql`now()`, consentWithdrawnBy: member.id })
      .where(and(eq(prisoners.id, prisonerId), isNull(prisoners.consentWithdrawnAt)))
      .returning({ id: prisoners.id });
    if (changed.length) await audit(tx, member.id, 'prisoner.consent_withdrawn', prisonerId);
  });
  return listConsents({ db }, member);
}

/** The consent given (again), with how; the withdrawal is cleared. */
export async function givePrisonerConsent({ db }: Deps, member: Member, prisonerId: string, basis: PrisonerConsentBasis) {
  await db.transaction(async (tx) => {
    await assertFollower(tx, member.id, prisonerId);
    await tx
      .update(prisoners)
      .set({ consentBasis: basis, consentAt: sql`now()`, consentBy: member.id, consentWithdrawnAt: null, consentWithdrawnBy: null })
      .where(eq(prisoners.id, prisonerId));
    await audit(tx, member.id, 'prisoner.consent_recorded', prisonerId, { basis });
  });
  return listConsents({ db }, member);
}

async function ownConsent(db: Db, userId: string): Promise<OwnConsent> {
  const [row] = await db
    .select({ noticeVersion: users.noticeVersion, acceptedAt: users.noticeAcceptedAt, withdrawnAt: users.noticeWithdrawnAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('account');
  return {
    noticeVersion: row.noticeVersion,
    acceptedAt: iso(row.acceptedAt),
    withdrawnAt: iso(row.withdrawnAt),
    currentVersion: NOTICE_VERSION,
  };
}

export const getOwnConsent = ({ db }: Deps, user: Member) => ownConsent(db, user.id);

/** One tap on the profile: the member's own consent is withdrawn. */
export async function withdrawOwnConsent({ db }: Deps, user: Member) {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ noticeWithdrawnAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.noticeWithdrawnAt)))
      .returning({ id: users.id });
    if (changed.length) await audit(tx, user.id, 'account.consent_withdrawn', user.id);
  });
  return ownConsent(db, user.id);
}

/** The notice accepted again (its current version), the withdrawal cleared. */
export async function giveOwnConsent({ db }: Deps, user: Member) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ noticeVersion: NOTICE_VERSION, noticeAcceptedAt: sql`now()`, noticeWithdrawnAt: null })
      .where(eq(users.id, user.id));
    await audit(tx, user.id, 'account.consent_given', user.id, { noticeVersion: NOTICE_VERSION });
  });
  return ownConsent(db, user.id);
}
