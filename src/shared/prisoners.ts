// The person in custody and the prisons (docs/decisions/0046-prisoner-and-prisons.md): enums, limits and
// the request/response shapes shared by client and server.
import { z } from 'zod';
import { STATE_CODES, isDistrictOf } from './india-locations.ts';

export const PRISON_TYPES = ['central', 'district', 'sub-jail', 'special'] as const;
export type PrisonType = (typeof PRISON_TYPES)[number];
export const PRISONER_GENDERS = ['male', 'female', 'transgender', 'not-given'] as const;
export type PrisonerGender = (typeof PRISONER_GENDERS)[number];
/** in custody · on bail, not yet released · released · transferred (to a prison outside Rihaai). */
export const PRISONER_STATUSES = ['in-custody', 'bailed-not-released', 'released', 'transferred'] as const;
export type PrisonerStatus = (typeof PRISONER_STATUSES)[number];

export const PRISON_LIMITS = {
  nameMax: 160,
  addressMax: 500,
  phoneMax: 40,
  emailMax: 254,
  prisonerNumberMax: 40,
  relationMax: 60,
  otherPrisonMax: 160,
} as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);
const phone = z
  .string()
  .trim()
  .max(PRISON_LIMITS.phoneMax, 'Enter a phone number of at most 40 characters.')
  .regex(/^[+\d][\d ()-]*$|^$/, 'Enter a phone number: digits, spaces, +, - and brackets.');

/** What the administrator types for a prison. */
export const SavePrisonSchema = z
  .object({
    name: text(PRISON_LIMITS.nameMax, 'Enter the prison name (at most 160 characters).').min(2, 'Enter the prison name.'),
    state: z.enum(STATE_CODES, { error: 'Choose a state or union territory.' }),
    district: z.string({ error: 'Choose a district of the chosen state.' }).trim().min(1, 'Choose a district of the chosen state.'),
    type: z.enum(PRISON_TYPES, { error: 'Choose the type of prison.' }),
    address: text(PRISON_LIMITS.addressMax, 'Enter an address of at most 500 characters.').default(''),
    phone: phone.default(''),
    dlsaName: text(PRISON_LIMITS.nameMax, 'Enter the DLSA name (at most 160 characters).').default(''),
    dlsaAddress: text(PRISON_LIMITS.addressMax, 'Enter an address of at most 500 characters.').default(''),
    dlsaPhone: phone.default(''),
    dlsaEmail: z.email({ error: 'Enter the DLSA email address.' }).max(PRISON_LIMITS.emailMax).toLowerCase(),
    /** The version the form was loaded at (edits only): a stale save is refused. */
    version: z.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (!isDistrictOf(v.state, v.district))
      ctx.addIssue({ code: 'custom', path: ['district'], message: 'Choose a district of the chosen state.' });
  });
export type SavePrison = z.infer<typeof SavePrisonSchema>;

export const PrisonRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: z.string().nullable(),
  district: z.string(),
  type: z.enum(PRISON_TYPES),
  address: z.string(),
  phone: z.string(),
  dlsaName: z.string(),
  dlsaAddress: z.string(),
  dlsaPhone: z.string(),
  dlsaEmail: z.string(),
  version: z.number().int(),
});
export type PrisonRecord = z.infer<typeof PrisonRecordSchema>;

/** A prison as a family picks it: no DLSA contact details. */
export const PrisonChoiceSchema = z.object({ id: z.uuid(), name: z.string(), type: z.enum(PRISON_TYPES) });
export const PrisonChoicesSchema = z.object({ prisons: z.array(PrisonChoiceSchema) });
export const PrisonChoicesQuerySchema = z.object({
  state: z.enum(STATE_CODES, { error: 'Choose a state or union territory.' }),
  district: z.string().trim().min(1).max(100),
});

/** The administrator's per-prison counts: numbers only, no personal data. */
export const PrisonCountsRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: z.string().nullable(),
  district: z.string(),
  prisoners: z.number().int(),
  inCustody: z.number().int(),
  bailedNotReleased: z.number().int(),
  jailAccounts: z.number().int(),
  hasCode: z.boolean(),
});
export const PrisonCountsSchema = z.object({ prisons: z.array(PrisonCountsRowSchema), nextCursor: z.string().nullable() });

export const IssuedCodeSchema = z.object({ code: z.string() });
export const DlsaCodeBodySchema = z
  .object({ state: z.enum(STATE_CODES, { error: 'Choose a state or union territory.' }), district: z.string().trim().min(1) })
  .superRefine((v, ctx) => {
    if (!isDistrictOf(v.state, v.district))
      ctx.addIssue({ code: 'custom', path: ['district'], message: 'Choose a district of the chosen state.' });
  });

/** Free-text prisons the families typed that match no record yet, with how many prisoners. */
export const UnmatchedPrisonsSchema = z.object({ unmatched: z.array(z.object({ typed: z.string(), prisoners: z.number().int() })) });
export const MatchPrisonBodySchema = z.object({ typed: z.string().trim().min(1).max(PRISON_LIMITS.otherPrisonMax), prisonId: z.uuid() });

export const JailAccountSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string(), disabled: z.boolean() });
export const JailAccountsSchema = z.object({ accounts: z.array(JailAccountSchema) });

export const PrisonerSearchQuerySchema = z.strictObject({
  /** Name in any script, prisoner number, FIR or case number, relative's name; empty: the first page by name. */
  q: z.string().trim().max(120).optional(),
  /** A DLSA may narrow to one prison of its district. */
  prisonId: z.uuid().optional(),
  /** The next page after this prisoner (browsing without q, by name). */
  after: z.string().max(300).optional(),
});
export type PrisonerSearchQuery = z.infer<typeof PrisonerSearchQuerySchema>;

export const PrisonerHitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameLatin: z.string(),
  relativeName: z.string(),
  prisonerNumber: z.string().nullable(),
  prisonName: z.string().nullable(),
  status: z.enum(PRISONER_STATUSES),
  /** The family member who follows the prisoner (the jail's member record), and their name. */
  familyMemberId: z.uuid().nullable(),
  familyMemberName: z.string().nullable(),
  /** What the prisoner needs now, from their cases and family: for the DLSA's list. */
  needs: z.array(z.enum(['no-lawyer', 'bailed-not-released', 'eligible-now', 'default-bail-due'])),
});
export type PrisonerHit = z.infer<typeof PrisonerHitSchema>;
export const PrisonerSearchSchema = z.object({ prisoners: z.array(PrisonerHitSchema), nextCursor: z.string().nullable() });
