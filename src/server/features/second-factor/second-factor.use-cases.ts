// Enrolment, its confirmation and the second step of sign-in, each a few statements whose
// conditional updates make a code count once (docs/decisions/0043-second-factor-for-officials.md).
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, secondFactors, sessionSecondFactors } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { isTotpCode } from '#shared/second-factor.ts';
import {
  enrolmentOf,
  matchingStep,
  newRecoveryCodes,
  newSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
} from './second-factor.secrets.ts';

export const notEnrolled = () => conflict('second_factor_not_enrolled', 'No second factor is set up for this account.');
const alreadyEnrolled = () => conflict('second_factor_enrolled', 'A second factor is already set up for this account.');

export async function findSecondFactor(db: Db, userId: string) {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
  return row;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A session passed the second factor. */
export async function markSessionPassed(db: Db, sessionId: string): Promise<void> {
  await db.insert(sessionSecondFactors).values({ sessionId }).onConflictDoNothing();
}

/**
 * A new secret waiting for its first code (an earlier one still waiting is replaced); refused once
 * a second factor is set up: a stolen password alone must not replace it.
 */
export async function startEnrolment(db: Db, key: string, user: { id: string; email: string }) {
  const secret = newSecret();
  const secretSealed = sealSecret(key, user.id, secret);
  const rows = await db
    .insert(secondFactors)
    .values({ userId: user.id, secretSealed })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretSealed, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(secondFactors.enabledAt),
    })
    .returning({ userId: secondFactors.userId });
  if (rows.length === 0) throw alreadyEnrolled();
  return enrolmentOf(secret, user.email);
}

export type CodeResult = { ok: true; recoveryCodes?: string[] } | { ok: false; reason: 'invalid' | 'used' };

/**
 * The first code of the secret waiting: the second factor is on, this session has passed it, and
 * fresh recovery codes are returned (only their hashes are kept).
 */
export async function confirmEnrolment(db: Db, key: string, userId: string, sessionId: string, code: string): Promise<CodeResult> {
  const row = await findSecondFactor(db, userId);
  if (!row) throw notEnrolled();
  if (row.enabledAt) throw alreadyEnrolled();
  const step = isTotpCode(code) ? matchingStep(openSecret(key, userId, row.secretSealed), code) : undefined;
  if (step === undefined) return { ok: false, reason: 'invalid' };
  const codes = newRecoveryCodes();
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(secondFactors)
      .set({ enabledAt: sql`now()`, lastStep: step })
      .where(and(eq(secondFactors.userId, userId), isNull(secondFactors.enabledAt), eq(secondFactors.secretSealed, row.secretSealed)))
      .returning({ userId: secondFactors.userId });
    // Another tab confirmed (or restarted) the enrolment meanwhile.
    if (enabled.length === 0) throw alreadyEnrolled();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.hashes.map((codeHash) => ({ userId, codeHash })));
    await markSessionPassed(tx, sessionId);
    await audit(tx, userId, 'second_factor.enrolled', userId);
    return { ok: true, recoveryCodes: codes.shown };
  });
}

/**
 * The second step of sign-in: a one-time password newer than the last one accepted, or an unused
 * recovery code. Either is spent by one conditional update, so two requests cannot both use it.
 */
export async function verifyCode(db: Db, key: string, userId: string, sessionId: string, code: string): Promise<CodeResult> {
  const row = await findSecondFactor(db, userId);
  if (!row?.enabledAt) throw notEnrolled();
  return db.transaction(async (tx) => {
    if (isTotpCode(code)) {
      const step = matchingStep(openSecret(key, userId, row.secretSealed), code);
      if (step === undefined) return { ok: false, reason: 'invalid' } as const;
      const spent = await tx
        .update(secondFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(secondFactors.userId, userId),
            isNotNull(secondFactors.enabledAt),
            or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
          ),
        )
        .returning({ userId: secondFactors.userId });
      if (spent.length === 0) return { ok: false, reason: 'used' } as const;
    } else {
      const codeHash = recoveryCodeHash(code);
      const spent = await tx
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      if (spent.length === 0) {
        const [used] = await tx
          .select({ id: recoveryCodes.id })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
          .limit(1);
        return { ok: false, reason: used ? 'used' : 'invalid' } as const;
      }
      await audit(tx, userId, 'second_factor.recovery_code_used', userId);
    }
    await markSessionPassed(tx, sessionId);
    return { ok: true } as const;
  });
}
