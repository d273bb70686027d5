// Lawyer journey: registration, pending requests, accept/reject, clients and bail papers (docs/spec.md#2-screens-and-routes, §4, §5).
import { z } from 'zod';
import { CASE_TYPES, LIMITS } from './constants.ts';
import { DocumentMetaSchema } from './documents.ts';
import { PhoneSchema } from './family.ts';
import { CaseFactsSchema, StoredReleaseSchema } from './cases.ts';
import { checkLocation, locationFields } from './locations.ts';
import { barEnrolmentFields, LawyerVerificationStateSchema } from './lawyer-verification.ts';

export const LawyerTypeSchema = z.enum(CASE_TYPES, { error: 'Choose a lawyer type.' });

/** The /lawyerform body. Name and email come from the account and cannot be changed here. */
/** The location is the court's district. The Bar Council enrolment is verified before families find the lawyer (decision 0048). */
export const SaveLawyerRegistrationSchema = z
  .strictObject({
    phone: PhoneSchema,
    address: z.string().trim().min(1, 'Address is required.').max(LIMITS.addressMax),
    lawyerType: LawyerTypeSchema,
    courtArea: z.string().trim().min(1, 'Court area is required.').max(LIMITS.courtAreaMax),
    ...locationFields,
    ...barEnrolmentFields,
  })
  .superRefine(checkLocation);
export type SaveLawyerRegistration = z.infer<typeof SaveLawyerRegistrationSchema>;

export const LawyerRegistrationSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  lawyerType: z.enum(CASE_TYPES),
  courtArea: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  registeredAt: z.string(),
  /** Null for a lawyer registered before the enrolment was asked. */
  barEnrolmentNumber: z.string().nullable(),
  barCouncilState: z.string().nullable(),
  verification: LawyerVerificationStateSchema,
});
export type LawyerRegistration = z.infer<typeof LawyerRegistrationSchema>;

/** A case as the lawyer sees it; `caseNumber` is the spec's (docs/spec.md) "case id". */
export const LawyerCaseSchema = z.object({
  id: z.uuid(),
  caseNumber: z.string(),
  caseType: z.string(),
  detail: z.string(),
  facts: CaseFactsSchema,
  release: StoredReleaseSchema,
});
export type LawyerCase = z.infer<typeof LawyerCaseSchema>;

const FamilyContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});

/**
 * A case as a pending request shows it (case id, type and detail): the release facts are the member's
 * record, which the lawyer sees once they accepted (docs/decisions/0028-lawyer-lists-keyset-pages.md).
 */
export const CaseSummarySchema = LawyerCaseSchema.pick({ id: true, caseNumber: true, caseType: true, detail: true }).extend({
  /** Whom the case is against: the prisoner's name as typed ('' when the family gave none), named first. */
  prisonerName: z.string(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

export const PendingRequestSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** The case (one of familyMember.cases) the family asked about; null for a request made before they said. */
  forCaseId: z.uuid().nullable(),
  familyMember: FamilyContactSchema.extend({ cases: z.array(CaseSummarySchema) }),
});
export type PendingRequest = z.infer<typeof PendingRequestSchema>;

/** One page of pending requests, oldest first (docs/decisions/0028-lawyer-lists-keyset-pages.md). */
export const PendingRequestListSchema = z.object({
  requests: z.array(PendingRequestSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PendingRequestList = z.infer<typeof PendingRequestListSchema>;

/** Requests per page of /pending-case, and clients per page of /lawyer-cases: a page costs the same however long the list. */
export const LAWYER_LIST_PAGE_SIZE = 20;

/** The query of both lawyer lists. */
export const LawyerListQuerySchema = z.strictObject({
  /** A previous page's nextCursor. */
  after: z.string().min(1).max(200).optional(),
});
export type LawyerListQuery = z.infer<typeof LawyerListQuerySchema>;

export const RequestIdParamsSchema = z.strictObject({ id: z.uuid() });

export const RequestDecisionSchema = z.object({
  id: z.uuid(),
  status: z.enum(['accepted', 'rejected']),
  decidedAt: z.string(),
});
export type RequestDecision = z.infer<typeof RequestDecisionSchema>;

/** An accepted client on /lawyer-cases, with every bail paper on their record (newest first). */
export const LawyerClientSchema = z.object({
  /** When this lawyer accepted the client: first, as the list writes it (the rest is the member's stored card). */
  acceptedAt: z.string(),
  /** Assigned by the DLSA on a legal-aid application (src/shared/legal-aid.ts), not chosen by the family. */
  legalAid: z.boolean(),
  ...FamilyContactSchema.shape,
  /** Where the client stands beyond the lawyer: bail accepted when, and the NGO. */
  bailAcceptedAt: z.string().nullable(),
  ngo: z.object({ name: z.string(), contactInfo: z.string() }).nullable(),
  cases: z.array(LawyerCaseSchema),
  documents: z.array(DocumentMetaSchema),
});
export type LawyerClient = z.infer<typeof LawyerClientSchema>;

/** One page of accepted clients, the most recently accepted first. */
export const LawyerClientListSchema = z.object({
  clients: z.array(LawyerClientSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LawyerClientList = z.infer<typeof LawyerClientListSchema>;

export const ClientParamsSchema = z.strictObject({ familyMemberId: z.uuid() });
