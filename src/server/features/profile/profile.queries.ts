import { eq } from 'drizzle-orm';
import { CASE_TYPES, type CaseType } from '#shared/constants.ts';
import { normalizePhone } from '#shared/family.ts';
import type { ProfileDetails, UpdateProfile } from '#shared/profile.ts';
import type { User } from '#shared/accounts.ts';
import type { Db } from '../../db/client.ts';
import { familyMembers, lawyers, passwordResets, users } from '../../db/schema.ts';
import { enrolmentSet } from '../../lib/bar-enrolment.ts';

const asCaseType = (v: string): CaseType | null => ((CASE_TYPES as readonly string[]).includes(v) ? (v as CaseType) : null);

/** The session user's editable details: one query, whatever the role. */
export async function getProfileDetails(db: Db, user: Pick<User, 'id'>): Promise<ProfileDetails> {
  const [row] = await db
    .select({
      user: { id: users.id, name: users.name, email: users.email, role: users.role },
      // Left-joined groups: null when the user has no such registration.
      family: { phone: familyMembers.phone, address: familyMembers.address },
      lawyer: {
        phone: lawyers.phone,
        address: lawyers.address,
        lawyerType: lawyers.lawyerType,
        courtArea: lawyers.courtArea,
        barEnrolmentNumber: lawyers.barEnrolmentNumber,
        barCouncilState: lawyers.barCouncilState,
      },
    })
    .from(users)
    .leftJoin(familyMembers, eq(familyMembers.userId, users.id))
    .leftJoin(lawyers, eq(lawyers.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row) throw new Error('session user vanished');
  const { user: base, family, lawyer } = row;
  if (base.role === 'Family-Member' && family) {
    return {
      ...base,
      kind: 'family',
      registered: true,
      phone: family.phone,
      address: family.address,
      lawyerType: null,
      courtArea: null,
      barEnrolmentNumber: null,
      barCouncilState: null,
    };
  }
  if (base.role === 'Lawyer' && lawyer) {
    return { ...base, kind: 'lawyer', registered: true, ...lawyer, lawyerType: asCaseType(lawyer.lawyerType) };
  }
  return {
    ...base,
    kind: 'name-only',
    // A jail authority has nothing to register; the other two have not filled in their form yet.
    registered: base.role === 'Jail-Authority',
    phone: null,
    address: null,
    lawyerType: null,
    courtArea: null,
    barEnrolmentNumber: null,
    barCouncilState: null,
  };
}

/** The new name and, for a registered family member or lawyer, their registration details. */
export async function updateProfileDetails(db: Db, userId: string, kind: ProfileDetails['kind'], input: UpdateProfile): Promise<void> {
  await db.update(users).set({ name: input.name }).where(eq(users.id, userId));
  if (kind === 'family') {
    await db
      .update(familyMembers)
      .set({ phone: normalizePhone(input.phone!), address: input.address! })
      .where(eq(familyMembers.userId, userId));
  } else if (kind === 'lawyer') {
    await db
      .update(lawyers)
      .set({
        phone: normalizePhone(input.phone!),
        address: input.address!,
        lawyerType: input.lawyerType!,
        courtArea: input.courtArea!,
        // A changed enrolment waits for verification again (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
        ...(input.barEnrolmentNumber !== undefined && input.barCouncilState !== undefined
          ? enrolmentSet({ barEnrolmentNumber: input.barEnrolmentNumber, barCouncilState: input.barCouncilState })
          : {}),
      })
      .where(eq(lawyers.userId, userId));
  }
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash;
}

/** The new password; any reset link still in a mailbox stops working. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
