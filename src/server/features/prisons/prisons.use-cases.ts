// What changes prisons, their registration codes and jail accounts: each change with its audit entry,
// in one transaction (docs/decisions/0046-prisoner-and-prisons.md).
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import type { SavePrison } from '#shared/prisoners.ts';
import type { Db } from '../../db/client.ts';
import { prisoners, sessions, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, isUniqueViolation, notFound, staleEdit } from '../../lib/errors.ts';
import { findPrison, insertCode, insertPrison, revokeDistrictCode, revokePrisonCode, updatePrison } from './prisons.queries.ts';

const prisonExists = () => conflict('prison_exists', 'A prison with this name already exists.');

/**
 * A registration code: 4 groups of 5 letters and digits without look-alikes (0/O, 1/I/L), about
 * 100 bits; read out over a phone and typed once.
 */
export function newRegistrationCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

export async function createPrison(db: Db, user: User, input: SavePrison) {
  try {
    return await db.transaction(async (tx) => {
      const p = await insertPrison(tx, input);
      await audit(tx, user.id, 'prison.created', p.id);
      return p;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'prisons_name_unique')) throw prisonExists();
    throw err;
  }
}

/** 404 for no such prison, 409 stale_edit when another save came first, 409 prison_exists for a taken name. */
export async function editPrison(db: Db, user: User, prisonId: string, input: SavePrison) {
  try {
    return await db.transaction(async (tx) => {
      const p = await updatePrison(tx, prisonId, input);
      if (!p) {
        const current = await findPrison(tx, prisonId);
        if (!current) throw notFound('prison');
        throw staleEdit('Someone else saved this prison after you opened it. Check the details and save again.', current);
      }
      await audit(tx, user.id, 'prison.updated', p.id);
      return p;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'prisons_name_unique')) throw prisonExists();
    throw err;
  }
}

/** A new code for the prison's jail clerks; the previous one stops working. Shown once. */
export async function issuePrisonCode(db: Db, user: User, prisonId: string): Promise<{ code: string }> {
  return db.transaction(async (tx) => {
    if (!(await findPrison(tx, prisonId))) throw notFound('prison');
    await revokePrisonCode(tx, prisonId);
    const code = newRegistrationCode();
    await insertCode(tx, code, { kind: 'jail', prisonId, issuedBy: user.id });
    await audit(tx, user.id, 'prison.code_issued', prisonId);
    return { code };
  });
}

export async function revokeCodeOfPrison(db: Db, user: User, prisonId: string) {
  await db.transaction(async (tx) => {
    if (!(await findPrison(tx, prisonId))) throw notFound('prison');
    const revoked = await revokePrisonCode(tx, prisonId);
    if (revoked.length > 0) await audit(tx, user.id, 'prison.code_revoked', prisonId);
  });
}

/** A new code for the district's DLSA accounts; the previous one stops working. Shown once. */
export async function issueDistrictCode(db: Db, user: User, state: string, district: string): Promise<{ code: string }> {
  return db.transaction(async (tx) => {
    await revokeDistrictCode(tx, state, district);
    const code = newRegistrationCode();
    await insertCode(tx, code, { kind: 'dlsa', state, district, issuedBy: user.id });
    await audit(tx, user.id, 'dlsa.code_issued', null, { state, district });
    return { code };
  });
}

/** Disables (or enables again) an official's account; a disabled one's sessions end at once. */
export async function setAccountDisabled(db: Db, user: User, accountId: string, disabled: boolean) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
      .where(and(eq(users.id, accountId), sql`${users.role} in ('Jail-Authority', 'DLSA')`))
      .returning({ id: users.id });
    if (!row) throw notFound('account');
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, accountId));
    await audit(tx, user.id, disabled ? 'account.disabled' : 'account.enabled', accountId);
  });
}

/** Matches the prisoners whose prison was typed (any case, trimmed) to a prison record. */
export async function matchTypedPrison(db: Db, user: User, typed: string, prisonId: string) {
  return db.transaction(async (tx) => {
    if (!(await findPrison(tx, prisonId))) throw notFound('prison');
    const moved = await tx
      .update(prisoners)
      .set({ prisonId, prisonOther: null })
      .where(and(sql`${prisoners.prisonId} is null`, sql`lower(${prisoners.prisonOther}) = lower(${typed.trim()})`))
      .returning({ id: prisoners.id });
    await audit(tx, user.id, 'prison.typed_matched', prisonId, { typed: typed.trim(), prisoners: moved.length });
    return { matched: moved.length };
  });
}
