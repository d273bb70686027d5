// Family member journey: registration, cases, lawyer search and requests, NGO, bail papers (docs/spec.md#2-screens-and-routes, §4, §5).
import { z } from 'zod';
import { CASE_TYPES, LIMITS, REQUEST_STATUSES } from './constants.ts';
import { CaseTypeSchema } from './enums.ts';
import { DocumentMetaSchema } from './documents.ts';
import { CaseEventSchema, CaseFactsInputSchema, CaseFactsSchema, StoredReleaseSchema } from './cases.ts';
import { VersionSchema } from './edit-versions.ts';
import { PrisonerConsentBasisSchema } from './privacy.ts';
import { FamilyCaseBailSchema } from './bail-money-route.ts';
import { checkLocation, locationFields, LocationSchema, NearnessSchema } from './locations.ts';

/** Shown on a bad phone number (the client shows its translation of the same rule). */
export const PHONE_RULE = 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (optional +91 or 0 before it).';

// 10 digits starting 6-9, optionally after +91 / 91 / 0; spaces and dashes are ignored.
const PHONE_PATTERN = /^(?:\+?91|0)?[6-9]\d{9}$/;

/** A plausible Indian mobile number. Shared with the lawyer registration form. */
export const PhoneSchema = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .max(20, PHONE_RULE)
  .refine((v) => PHONE_PATTERN.test(v.replace(/[\s-]/g, '')), PHONE_RULE);

/** Canonical form for storage and display: +91 followed by the 10 digits. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+91${digits.slice(-10)}`;
}

/**
 * A search typed as (part of) a phone number, in any format (+91, 0, spaces, dashes, brackets): the
 * prefix of the stored canonical form (+91 and the digits) and of the bare local digits (older rows).
 * null when the text is not a phone number's start (letters, or fewer than 3 digits).
 */
export function phoneSearchForms(q: string): { canonical: string; local: string } | null {
  const typed = q.trim();
  if (!/^\+?[\d\s\-().]+$/.test(typed)) return null;
  let digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) {
    if (!digits.startsWith('91')) return null;
    digits = digits.slice(2);
  } else if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length < 3) return null;
  return { canonical: `+91${digits}`, local: digits };
}

export const AddressSchema = z
  .string({ error: 'Address is required.' })
  .trim()
  .min(1, 'Address is required.')
  .max(LIMITS.addressMax, `Address must be at most ${LIMITS.addressMax} characters.`);
export const CaseNumberSchema = z
  .string({ error: 'Case ID is required.' })
  .trim()
  .min(1, 'Case ID is required.')
  .max(LIMITS.caseNumberMax, `Case ID must be at most ${LIMITS.caseNumberMax} characters.`);
export const CaseDetailSchema = z
  .string({ error: 'Case details are required.' })
  .trim()
  .min(1, 'Case details are required.')
  .max(LIMITS.caseDetailMax, `Case details must be at most ${LIMITS.caseDetailMax} characters.`);

export const CaseTypeInputSchema = z.enum(CASE_TYPES, { error: 'Choose a case type.' });

/** One case as typed on /fmform or "Add another case". */
export const CreateCaseSchema = z.strictObject({
  caseNumber: CaseNumberSchema,
  detail: CaseDetailSchema,
  caseType: CaseTypeInputSchema,
  /** The release tracker's facts; every one may be left out. */
  facts: CaseFactsInputSchema.optional(),
  /** Needed when the case names a prisoner the member does not follow yet (docs/decisions/0053-notice-and-consent.md). */
  prisonerConsent: PrisonerConsentBasisSchema.optional(),
});
export type CreateCase = z.infer<typeof CreateCaseSchema>;
/** What the browser sends (facts before defaults are applied). */
export type CreateCaseInput = z.input<typeof CreateCaseSchema>;

/** The /fmform submission: the family member record and their first case; the location is the prison's. */
export const RegisterFamilySchema = z
  .strictObject({
    phone: PhoneSchema,
    address: AddressSchema,
    caseNumber: CaseNumberSchema,
    detail: CaseDetailSchema,
    caseType: CaseTypeInputSchema,
    facts: CaseFactsInputSchema.optional(),
    /** With facts for a case already on record: the facts' version the form was loaded at (Case.factsVersion). */
    factsVersion: VersionSchema.optional(),
    /** The listed prison the person is held in (GET /api/prison-choices); else facts.prison as typed. */
    prisonId: z.uuid().optional(),
    /** The prisoner's consent or the legal basis; needed on the submit that registers the prisoner (400 prisoner_consent_required). */
    prisonerConsent: PrisonerConsentBasisSchema.optional(),
    ...locationFields,
  })
  .superRefine(checkLocation);
export type RegisterFamily = z.infer<typeof RegisterFamilySchema>;
export type RegisterFamilyInput = z.input<typeof RegisterFamilySchema>;

export const CaseSchema = z.object({
  id: z.uuid(),
  caseNumber: z.string(),
  detail: z.string(),
  caseType: CaseTypeSchema,
  createdAt: z.string(),
  facts: CaseFactsSchema,
  /** A facts save sends it back (409 stale_edit once someone else saved since). */
  factsVersion: z.number().int(),
  release: StoredReleaseSchema,
});
export type Case = z.infer<typeof CaseSchema>;

export const FamilyRegistrationSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The prison's state code and district (india-locations.ts), or null when not given. */
  state: z.string().nullable(),
  district: z.string().nullable(),
  registeredAt: z.string(),
  /** Oldest first: the first one is the case given on /fmform. */
  cases: z.array(CaseSchema),
});
export type FamilyRegistration = z.infer<typeof FamilyRegistrationSchema>;

export const RequestStatusSchema = z.enum(REQUEST_STATUSES);

const LawyerRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** Where a case stands, one event at a time, in time order (docs/design.md: "go beyond the original"). */
export const TimelineEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('case_added'), at: z.string() }),
  z.object({ kind: z.literal('lawyer_requested'), at: z.string(), lawyer: LawyerRefSchema, status: RequestStatusSchema }),
  z.object({ kind: z.literal('lawyer_accepted'), at: z.string(), lawyer: LawyerRefSchema }),
  z.object({ kind: z.literal('lawyer_declined'), at: z.string(), lawyer: LawyerRefSchema }),
  z.object({ kind: z.literal('lawyer_withdrawn'), at: z.string(), lawyer: LawyerRefSchema }),
  z.object({ kind: z.literal('lawyer_ended'), at: z.string(), lawyer: LawyerRefSchema }),
  z.object({ kind: z.literal('bail_paper'), at: z.string(), document: DocumentMetaSchema }),
  z.object({ kind: z.literal('bail_accepted'), at: z.string() }),
  z.object({ kind: z.literal('ngo_assigned'), at: z.string(), ngo: z.object({ id: z.uuid(), name: z.string() }) }),
  CaseEventSchema.extend({ kind: z.literal('facts_changed') }),
  CaseEventSchema.extend({ kind: z.literal('application_printed') }),
]);
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

export const CaseLawyerSchema = LawyerRefSchema.extend({
  /** The request's own id (a pending one can be withdrawn with it, an accepted one ended). */
  requestId: z.uuid(),
  status: RequestStatusSchema,
  requestedAt: z.string(),
  lawyerType: z.string(),
  /** The lawyer's phone, once they accepted (the family may call their lawyer); null before and after. */
  phone: z.string().nullable(),
});
export type CaseLawyer = z.infer<typeof CaseLawyerSchema>;

export const CaseStatusSchema = CaseSchema.extend({
  /** Requests to lawyers of this case's type, newest first. */
  lawyers: z.array(CaseLawyerSchema),
  /** Papers concern the prisoner, so every case shows them; newest first. */
  documents: z.array(DocumentMetaSchema),
  bailAcceptedAt: z.string().nullable(),
  ngo: z.object({ id: z.uuid(), name: z.string(), assignedAt: z.string() }).nullable(),
  timeline: z.array(TimelineEventSchema),
  /** Bail as one sequence and the poor-prisoners fund's steps (src/shared/bail-money-route.ts), read with the case. */
  bail: FamilyCaseBailSchema,
});
export type CaseStatus = z.infer<typeof CaseStatusSchema>;

export const FamilyCasesSchema = z.object({ cases: z.array(CaseStatusSchema) });
export type FamilyCases = z.infer<typeof FamilyCasesSchema>;

export const LawyerCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  lawyerType: CaseTypeSchema,
  courtArea: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  /** Same district as the member's prison, same state, or elsewhere (the list is in this order). */
  nearness: NearnessSchema,
  /** Bar Council enrolment verified: the search lists only such lawyers (docs/decisions/0048-lawyers-verified-before-families-see-them.md). */
  verified: z.boolean(),
});
export type LawyerCard = z.infer<typeof LawyerCardSchema>;

export const LawyerSearchSchema = z.object({
  /** The member's case types: the search matches these (shown in the empty state). */
  caseTypes: z.array(CaseTypeSchema),
  /** The member's location the list is ordered by; null when /fmform gave none. */
  location: LocationSchema.nullable(),
  /** One page: nearby first, then by name (docs/decisions/0016-lawyer-search-keyset-pages.md). */
  lawyers: z.array(LawyerCardSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LawyerSearch = z.infer<typeof LawyerSearchSchema>;

/** Lawyers per page of the search: a page costs the same however many lawyers match. */
export const LAWYER_SEARCH_PAGE_SIZE = 20;

export const LawyerSearchQuerySchema = z.strictObject({
  /** A previous page's nextCursor. */
  after: z.string().min(1).max(1_000).optional(),
});
export type LawyerSearchQuery = z.infer<typeof LawyerSearchQuerySchema>;

export const CreateLawyerRequestSchema = z.strictObject({
  lawyerId: z.uuid(),
  /** Which of the member's cases (and so which prisoner) the request is about; their only case when left out. */
  caseId: z.uuid().optional(),
});
export type CreateLawyerRequest = z.infer<typeof CreateLawyerRequestSchema>;

export const LawyerRequestSchema = z.object({
  id: z.uuid(),
  lawyer: LawyerRefSchema,
  status: RequestStatusSchema,
  createdAt: z.string(),
});
export type LawyerRequest = z.infer<typeof LawyerRequestSchema>;

export const FamilyNgoSchema = z.object({
  ngo: z
    .object({
      id: z.uuid(),
      name: z.string(),
      address: z.string(),
      contactInfo: z.string(),
      report: z.string(),
      assignedAt: z.string(),
    })
    .nullable(),
});
export type FamilyNgo = z.infer<typeof FamilyNgoSchema>;

export const FamilyDocumentsSchema = z.object({ documents: z.array(DocumentMetaSchema) });
export type FamilyDocuments = z.infer<typeof FamilyDocumentsSchema>;
