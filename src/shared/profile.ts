// Edit profile and change password (docs/spec.md#2-screens-and-routes). Email is read-only; the user is always the
// session's user. Phone, address, lawyer type and court area follow the registration forms' rules.
import { z } from 'zod';
import { NameSchema } from './accounts.ts';
import { CASE_TYPES, LIMITS } from './constants.ts';
import { RoleSchema } from './enums.ts';
import { PhoneSchema } from './family.ts';
import { BarCouncilStateSchema, BarEnrolmentNumberSchema } from './lawyer-verification.ts';

const AddressSchema = z.string().trim().min(1, 'Address is required.').max(LIMITS.addressMax);
const CourtAreaSchema = z.string().trim().min(1, 'Court area is required.').max(LIMITS.courtAreaMax);

/** What the account may edit: 'family' and 'lawyer' have a registration record; the others only a name. */
export const PROFILE_KINDS = ['family', 'lawyer', 'name-only'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const ProfileDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  kind: z.enum(PROFILE_KINDS),
  /** false for a family member or lawyer who has not filled in the registration form yet. */
  registered: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  lawyerType: z.enum(CASE_TYPES).nullable(),
  courtArea: z.string().nullable(),
  /** A lawyer's Bar Council enrolment (null until given); changing it waits for verification again. */
  barEnrolmentNumber: z.string().nullable(),
  barCouncilState: z.string().nullable(),
});
export type ProfileDetails = z.infer<typeof ProfileDetailsSchema>;

/** Fields beyond the name are required exactly when the account has them (checked by the server). */
export const UpdateProfileSchema = z.strictObject({
  name: NameSchema,
  phone: PhoneSchema.optional(),
  address: AddressSchema.optional(),
  lawyerType: z.enum(CASE_TYPES, { error: 'Choose a lawyer type.' }).optional(),
  courtArea: CourtAreaSchema.optional(),
  barEnrolmentNumber: BarEnrolmentNumberSchema.optional(),
  barCouncilState: BarCouncilStateSchema.optional(),
});
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

/** The profile edit of each kind of account, with the fields it must send. */
export const PROFILE_UPDATE_SCHEMAS = {
  'name-only': UpdateProfileSchema.pick({ name: true }),
  family: UpdateProfileSchema.pick({ name: true }).extend({ phone: PhoneSchema, address: AddressSchema }),
  lawyer: UpdateProfileSchema.required(),
} satisfies Record<ProfileKind, z.ZodType<UpdateProfile>>;

export const ChangePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required.').max(LIMITS.passwordMax),
  newPassword: z
    .string()
    .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters.`)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;
