// A family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md,
// docs/law.md#data-protection): everything Rihaai holds about them and the prisoners they follow, with
// whom it was shared; correcting the prisoner's details; a nominee; asking for erasure.
import { z } from 'zod';
import { ROLES } from './constants.ts';
import { AccessActionSchema } from './access-log.ts';
import { PhoneSchema } from './family.ts';
import { PRISONER_GENDERS, PRISONER_STATUSES, PRISON_LIMITS } from './prisoners.ts';
import { VersionSchema } from './edit-versions.ts';

/** At most this many access-log and audit rows go in one export (the newest); the rest stay on /case-access. */
export const EXPORT_LOG_ROWS = 1000;

export const NOMINEE_LIMITS = { nameMax: 160, relationMax: 60, emailMax: 254 } as const;
export const NOMINEE_MESSAGES = {
  name: 'Enter the nominee’s name.',
  relation: 'Say how the nominee is related to you.',
  reach: 'Give the nominee’s email address or phone number, or both.',
  email: 'Enter a valid email address.',
} as const;

const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The person who may use the member's rights if the member dies or cannot (DPDP Act section 14). */
export const NomineeInputSchema = z
  .strictObject({
    name: z.string({ error: NOMINEE_MESSAGES.name }).trim().min(1, NOMINEE_MESSAGES.name).max(NOMINEE_LIMITS.nameMax),
    relation: z.string({ error: NOMINEE_MESSAGES.relation }).trim().min(1, NOMINEE_MESSAGES.relation).max(NOMINEE_LIMITS.relationMax),
    email: optionalText(z.email({ error: NOMINEE_MESSAGES.email }).trim().toLowerCase().max(NOMINEE_LIMITS.emailMax)),
    phone: optionalText(PhoneSchema),
  })
  .refine((v) => v.email !== undefined || v.phone !== undefined, { path: ['email'], message: NOMINEE_MESSAGES.reach });
export type NomineeInput = z.input<typeof NomineeInputSchema>;

export const NomineeSchema = z.object({
  name: z.string(),
  relation: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: z.string(),
});
export type Nominee = z.infer<typeof NomineeSchema>;
export const NomineeAnswerSchema = z.object({ nominee: NomineeSchema.nullable() });

/** A family member corrects the details of a prisoner they follow. */
export const UpdatePrisonerSchema = z.strictObject({
  name: z.string({ error: 'Enter the prisoner’s name.' }).trim().min(1, 'Enter the prisoner’s name.').max(PRISON_LIMITS.nameMax),
  relativeName: z.string().trim().max(PRISON_LIMITS.nameMax),
  gender: z.enum(PRISONER_GENDERS),
  birthYear: z.number().int().min(1900).max(2100).nullable(),
  prisonerNumber: z.string().trim().max(PRISON_LIMITS.prisonerNumberMax).nullable(),
  /**
   * The name in English letters, which the jail's search reads (docs/decisions/0046-prisoner-and-prisons.md):
   * made from the name by a library and corrected here when it reads wrong (an Urdu name has no vowels).
   * Left out or empty: made again from the name.
   */
  nameLatin: z
    .string()
    .trim()
    .max(PRISON_LIMITS.nameMax)
    .regex(/^[A-Za-z .'-]*$/, 'Write the name in English letters only.')
    .optional(),
  /** The version the form was loaded at (409 stale_edit once another relative saved since). */
  version: VersionSchema,
});
export type UpdatePrisoner = z.infer<typeof UpdatePrisonerSchema>;

export const PrisonerDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameLatin: z.string(),
  relativeName: z.string(),
  gender: z.enum(PRISONER_GENDERS),
  birthYear: z.number().int().nullable(),
  prisonerNumber: z.string().nullable(),
  version: z.number().int(),
});
export type PrisonerDetails = z.infer<typeof PrisonerDetailsSchema>;

/** Why erasure is refused now: a reason names the prisoner it is about. */
export const ERASURE_REFUSALS = ['pending_proceeding'] as const;
export const ErasureRefusalSchema = z.object({
  reason: z.enum(ERASURE_REFUSALS),
  prisonerId: z.uuid(),
  prisonerName: z.string(),
  /** What stands: in custody, bail not yet furnished, out on bail with the case going on, a hearing ahead. */
  because: z.enum(['in-custody', 'bailed-not-released', 'transferred', 'on-bail', 'hearing-ahead']),
});
export type ErasureRefusal = z.infer<typeof ErasureRefusalSchema>;
export const ErasureCheckSchema = z.object({ allowed: z.boolean(), refusals: z.array(ErasureRefusalSchema) });
export type ErasureCheck = z.infer<typeof ErasureCheckSchema>;

export const ERASE_CONFIRM = 'erase my account';
export const EraseAccountSchema = z.strictObject({
  /** The member's password, typed again. */
  password: z.string().min(1).max(200),
  confirm: z.literal(ERASE_CONFIRM),
});
export type EraseAccount = z.infer<typeof EraseAccountSchema>;

const Person = z.object({ name: z.string(), role: z.enum(ROLES).nullable() });

const ExportCaseSchema = z.object({
  id: z.uuid(),
  prisonerId: z.uuid(),
  caseNumber: z.string(),
  detail: z.string(),
  caseType: z.string(),
  createdAt: z.string(),
  /** Every fact of the case as stored (FIR, court, offences, custody, bail order and the fund's steps). */
  facts: z.record(z.string(), z.unknown()),
  hearings: z.array(
    z.object({
      hearingOn: z.string(),
      court: z.string(),
      purpose: z.string(),
      outcome: z.string().nullable(),
      recordedBy: Person.nullable(),
    }),
  ),
  events: z.array(z.object({ kind: z.string(), at: z.string(), by: Person.nullable() })),
});

export const MyDataSchema = z.object({
  exportedAt: z.string(),
  /** Plain words on what the export holds and how to correct or erase it (English; the screen translates). */
  about: z.object({ files: z.string(), correct: z.string(), accessLog: z.string() }),
  account: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    language: z.string().nullable(),
    emailReminders: z.boolean(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    secondFactor: z.boolean(),
  }),
  registration: z
    .object({
      phone: z.string(),
      address: z.string(),
      state: z.string().nullable(),
      district: z.string().nullable(),
      registeredAt: z.string(),
    })
    .nullable(),
  nominee: NomineeSchema.nullable(),
  prisoners: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      nameLatin: z.string(),
      relativeName: z.string(),
      gender: z.enum(PRISONER_GENDERS),
      birthYear: z.number().int().nullable(),
      prisonerNumber: z.string().nullable(),
      custodySince: z.string().nullable(),
      status: z.enum(PRISONER_STATUSES),
      otherCasesElsewhere: z.number().int(),
      yourRelation: z.string(),
      version: z.number().int(),
      /** The jail that holds them (its authority sees the record) and that district's legal services authority. */
      prison: z
        .object({
          name: z.string(),
          district: z.string(),
          state: z.string().nullable(),
          dlsaName: z.string(),
          dlsaEmail: z.string(),
        })
        .nullable(),
      prisonTyped: z.string().nullable(),
      followers: z.array(z.object({ name: z.string(), relation: z.string(), you: z.boolean(), joinedAt: z.string() })),
    }),
  ),
  cases: z.array(ExportCaseSchema),
  documents: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      createdAt: z.string(),
      uploadedBy: Person.nullable(),
      /** The file itself: GET this address while signed in. */
      downloadUrl: z.string(),
    }),
  ),
  sharedWith: z.object({
    lawyers: z.array(
      z.object({
        name: z.string(),
        phone: z.string(),
        courtArea: z.string(),
        status: z.string(),
        requestedAt: z.string(),
        decidedAt: z.string().nullable(),
        endedAt: z.string().nullable(),
        /** What the lawyer sees: the member's name, phone, address and cases while the request is open or accepted. */
        seesYourRecord: z.boolean(),
      }),
    ),
    ngo: z.object({ name: z.string(), contactInfo: z.string(), assignedAt: z.string() }).nullable(),
    bailAccepted: z.object({ at: z.string(), by: Person.nullable() }).nullable(),
  }),
  /** Who read or changed the record (the newest EXPORT_LOG_ROWS), the member's own reads included. */
  accessLog: z.array(
    z.object({
      at: z.string(),
      actorRole: z.enum(ROLES),
      /** Officials and lawyers by name, the member as "you", another relative by role only. */
      actorName: z.string().nullable(),
      you: z.boolean(),
      action: AccessActionSchema,
      what: z.string(),
      prisonerId: z.string().nullable(),
    }),
  ),
  /** Changes made to the member's record (the newest EXPORT_LOG_ROWS): what, when, by whom. */
  changes: z.array(z.object({ action: z.string(), at: z.string(), by: Person.nullable() })),
  notifications: z.array(z.object({ kind: z.string(), createdAt: z.string(), readAt: z.string().nullable() })),
  contactMessages: z.array(z.object({ message: z.string(), createdAt: z.string() })),
  /** Applications for free legal aid the member filed with a district's legal services authority (src/shared/legal-aid.ts). */
  legalAid: z.array(
    z.object({
      prisonerId: z.uuid(),
      district: z.string(),
      note: z.string(),
      status: z.enum(['pending', 'accepted', 'refused']),
      filedAt: z.string(),
      dueOn: z.string(),
      decidedAt: z.string().nullable(),
      refusalReason: z.string().nullable(),
      lawyerName: z.string().nullable(),
    }),
  ),
});
export type MyData = z.infer<typeof MyDataSchema>;

export const EXPORT_ABOUT = {
  files:
    'Documents are listed with their details. Each file can be downloaded from its address (downloadUrl) while you are signed in, or from the Upload File screen.',
  correct:
    'Correct your name, phone and address on Edit Profile (/edit-profile); a case and its facts on the Family Form (/fmform) and the case page (/case-facts/…); a prisoner’s name and father’s name on My data (/my-data).',
  accessLog:
    'Every read and change of the record by anyone is kept for at least a year; the family’s own reads are listed here too. The full list for each prisoner is on Who looked at this case (/case-access).',
} as const;
