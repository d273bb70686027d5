// Lawyers verified before families see them (docs/decisions/0048-lawyers-verified-before-families-see-them.md):
// the Bar Council enrolment a lawyer gives, the list of lawyers awaiting verification and the
// administrator's (or the district's jail authority's) answer.
import { z } from 'zod';
import { STATE_CODES } from './india-locations.ts';

export const BAR_ENROLMENT_MESSAGES = {
  number: 'Enter your Bar Council enrolment number, e.g. D/1234/2015.',
  state: 'Choose the State Bar Council you are enrolled with.',
} as const;

/**
 * An enrolment number as State Bar Councils write them (D/1234/2015, MAH/5678/2010, UP12345/2019):
 * letters, digits and / - . and spaces, with at least one digit; stored upper-case with single spaces.
 */
export const BarEnrolmentNumberSchema = z
  .string({ error: BAR_ENROLMENT_MESSAGES.number })
  .trim()
  .min(3, BAR_ENROLMENT_MESSAGES.number)
  .max(40, BAR_ENROLMENT_MESSAGES.number)
  .regex(/^[A-Za-z0-9][A-Za-z0-9/.\- ]*$/, BAR_ENROLMENT_MESSAGES.number)
  .regex(/\d/, BAR_ENROLMENT_MESSAGES.number)
  .transform((v) => v.toUpperCase().replace(/\s+/g, ' '));

export const BarCouncilStateSchema = z.enum(STATE_CODES, { error: BAR_ENROLMENT_MESSAGES.state });

/** The two fields the lawyer's registration and profile forms add to their bodies. */
export const barEnrolmentFields = {
  barEnrolmentNumber: BarEnrolmentNumberSchema,
  barCouncilState: BarCouncilStateSchema,
};

/**
 * Where a lawyer's verification stands: no enrolment given yet (registered before it was asked),
 * awaiting a check, verified, or refused (with the reason).
 */
export const VERIFICATION_STATUSES = ['no_enrolment', 'awaiting', 'verified', 'rejected'] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export const LawyerVerificationStateSchema = z.object({
  status: VerificationStatusSchema,
  /** When the enrolment was verified or refused. */
  decidedAt: z.string().nullable(),
  /** Why it was refused. */
  reason: z.string().nullable(),
});
export type LawyerVerificationState = z.infer<typeof LawyerVerificationStateSchema>;

/** A lawyer awaiting verification as the verifier sees them. */
export const AwaitingLawyerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  lawyerType: z.string(),
  courtArea: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  barEnrolmentNumber: z.string(),
  barCouncilState: z.string(),
  registeredAt: z.string(),
});
export type AwaitingLawyer = z.infer<typeof AwaitingLawyerSchema>;

/** One page of lawyers awaiting verification, oldest first. */
export const AwaitingLawyerListSchema = z.object({
  lawyers: z.array(AwaitingLawyerSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AwaitingLawyerList = z.infer<typeof AwaitingLawyerListSchema>;

export const AWAITING_LAWYERS_PAGE_SIZE = 20;

export const AwaitingLawyersQuerySchema = z.strictObject({
  /** A previous page's nextCursor. */
  after: z.string().min(1).max(200).optional(),
});
export type AwaitingLawyersQuery = z.infer<typeof AwaitingLawyersQuerySchema>;

export const LawyerIdParamsSchema = z.strictObject({ lawyerId: z.uuid() });

export const REJECTION_REASON_MAX = 500;
export const RejectLawyerSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the enrolment is refused.' })
    .trim()
    .min(1, 'Say why the enrolment is refused.')
    .max(REJECTION_REASON_MAX, `At most ${REJECTION_REASON_MAX} characters.`),
});
export type RejectLawyer = z.infer<typeof RejectLawyerSchema>;

export const LawyerVerificationDecisionSchema = z.object({
  id: z.uuid(),
  status: z.enum(['verified', 'rejected']),
  decidedAt: z.string(),
});
export type LawyerVerificationDecision = z.infer<typeof LawyerVerificationDecisionSchema>;
