// A family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md,
// docs/law.md#data-protection): the export, the prisoner's details corrected, a nominee, erasure. The
// member always comes from the session, so nobody reaches anyone else's data: a prisoner they do not
// follow is 404.
import type { User } from '#shared/accounts.ts';
import {
  EXPORT_ABOUT,
  type ErasureCheck,
  type EraseAccount,
  type MyData,
  type NomineeInputSchema,
  type UpdatePrisoner,
} from '#shared/my-data.ts';
import { normalizePhone } from '#shared/family.ts';
import { STALE_EDIT_MESSAGE } from '#shared/edit-versions.ts';
import type { z } from 'zod';
import type { AppDeps } from '../../types.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict, invalid, notFound, staleEdit } from '../../lib/errors.ts';
import { logMemberAccess } from '../../lib/access-log.ts';
import { verifyPassword } from '../../lib/password.ts';
import { findPasswordHash } from '../profile/profile.queries.ts';
import { familyMembers } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { latinName } from '#shared/names.ts';
import {
  copyPrisonerNameToCases,
  deleteNominee,
  eraseMember,
  erasureRefusals,
  findErasable,
  findNominee,
  findPrisonerDetails,
  readMyData,
  saveNominee,
  updatePrisonerDetails,
} from './my-data.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'papers'>;

/** Today in India, where the courts sit: a hearing from today on is still ahead. */
const todayInIndia = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** Everything Rihaai holds about the member and the prisoners they follow (the route logs the export). */
export async function exportMyData({ db }: Deps, user: User): Promise<MyData> {
  return { exportedAt: new Date().toISOString(), about: { ...EXPORT_ABOUT }, ...(await readMyData(db, user.id)) };
}

export async function getNominee({ db }: Deps, user: User) {
  return { nominee: await findNominee(db, user.id) };
}

async function assertFamilyRecord(db: Deps['db'], userId: string) {
  const [row] = await db.select({ id: familyMembers.userId }).from(familyMembers).where(eq(familyMembers.userId, userId)).limit(1);
  if (!row) throw conflict('not_registered', 'Complete the family registration form first.');
}

export async function setNominee({ db }: Deps, user: User, input: z.output<typeof NomineeInputSchema>) {
  await assertFamilyRecord(db, user.id);
  await db.transaction(async (tx) => {
    await saveNominee(tx, user.id, {
      name: input.name,
      relation: input.relation,
      email: input.email ?? null,
      phone: input.phone ? normalizePhone(input.phone) : null,
    });
    await audit(tx, user.id, 'nominee.saved', user.id);
  });
  return { nominee: await findNominee(db, user.id) };
}

export async function removeNominee({ db }: Deps, user: User) {
  await db.transaction(async (tx) => {
    if (await deleteNominee(tx, user.id)) await audit(tx, user.id, 'nominee.removed', user.id);
  });
  return { nominee: null };
}

/** A follower corrects the prisoner's name (and its English letters), father's or husband's name, gender, birth year and prison number. */
export async function correctPrisoner({ db }: Deps, user: User, prisonerId: string, input: UpdatePrisoner) {
  return db.transaction(async (tx) => {
    const current = await findPrisonerDetails(tx, user.id, prisonerId, true);
    if (!current) throw notFound('prisoner');
    if (current.version !== input.version) throw staleEdit(STALE_EDIT_MESSAGE, current);
    const { version, nameLatin: typedLatin, ...rest } = input;
    // The English-letter form: as typed when it was changed; else made again from a changed name; else kept.
    const nameLatin =
      typedLatin !== undefined && typedLatin !== current.nameLatin
        ? typedLatin || latinName(rest.name)
        : rest.name !== current.name
          ? latinName(rest.name)
          : current.nameLatin;
    const fields = { ...rest, nameLatin };
    await updatePrisonerDetails(tx, prisonerId, { ...fields, prisonerNumber: fields.prisonerNumber || null }, version);
    if (fields.name !== current.name) await copyPrisonerNameToCases(tx, prisonerId, fields.name, user.id);
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => (current[k] ?? null) !== (fields[k] ?? null));
    await audit(tx, user.id, 'prisoner.details_corrected', prisonerId, { fields: changed });
    return (await findPrisonerDetails(tx, user.id, prisonerId))!;
  });
}

export async function checkErasure({ db }: Deps, user: User): Promise<ErasureCheck> {
  const refusals = await erasureRefusals(db, user.id, todayInIndia());
  return { allowed: refusals.length === 0, refusals };
}

/**
 * Erases the member's account and personal data, or refuses (409) with the reasons while a
 * proceeding the record serves is pending. The pseudonymous tombstone: one access-log row per
 * prisoner they followed ('member.erased', by the member's id, which names nobody once the account is
 * gone), and an audit row with the action and time only. Stored files go after the commit.
 */
export async function eraseAccount({ db, papers }: Deps, user: User, input: EraseAccount): Promise<void> {
  if (!(await verifyPassword(await findPasswordHash(db, user.id), input.password))) {
    throw invalid('Password is not correct.', [{ path: 'password', message: 'Password is not correct.' }], 'wrong_password');
  }
  const fileIds = await db.transaction(async (tx) => {
    const refusals = await erasureRefusals(tx, user.id, todayInIndia());
    if (refusals.length > 0) {
      const details = refusals.map((r) => ({ path: `prisoner:${r.prisonerId}`, message: `${r.reason}: ${r.because}` }));
      throw new AppError(409, 'conflict', 'Your data cannot be erased while a case it serves is pending.', details);
    }
    const who = await findErasable(tx, user.id);
    if (!who) throw notFound('account');
    await logMemberAccess(tx, { id: user.id, role: user.role }, 'change', 'member.erased', user.id);
    await eraseMember(tx, user.id, who);
    await audit(tx, null, 'account.erased', user.id);
    return who.fileIds;
  });
  await papers.erase(fileIds);
}
