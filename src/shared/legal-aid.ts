// Free legal aid for a person in custody (docs/law.md#free-legal-aid): a family member applies from the
// app to the DLSA of the prisoner's prison's district, which decides within NALSA's 7 days: it accepts,
// assigning a verified lawyer (who becomes the family's lawyer), or refuses with a reason the family
// reads. An application still undecided after its due day is escalated once (the family is told, the
// state administrator emailed). docs/decisions/0056-legal-aid-applications-and-the-utrc-list.md.
import { z } from 'zod';
import { addDays } from './release.ts';

/** NALSA's norm: a legal-aid application is decided within this many days of its filing. */
export const LEGAL_AID_DECISION_DAYS = 7;

export const LEGAL_AID_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type LegalAidStatus = (typeof LEGAL_AID_STATUSES)[number];

export const LEGAL_AID_LIMITS = { noteMax: 1000, reasonMin: 10, reasonMax: 1000 } as const;

/** The day a decision is due: the filing day (in India) + 7 calendar days. */
export function legalAidDueOn(filedOn: string): string {
  return addDays(filedOn, LEGAL_AID_DECISION_DAYS);
}

/** Late once the due day has passed undecided. */
export function legalAidOverdue(dueOn: string, today: string): boolean {
  return today > dueOn;
}

export const FileLegalAidSchema = z.strictObject({
  prisonerId: z.uuid({ error: 'Choose the person in custody.' }),
  note: z
    .string()
    .trim()
    .max(LEGAL_AID_LIMITS.noteMax, 'Write at most 1000 characters.')
    .optional()
    .transform((v) => v ?? ''),
});
export type FileLegalAid = z.input<typeof FileLegalAidSchema>;

export const LegalAidIdParams = z.strictObject({ id: z.uuid() });

export const AcceptLegalAidSchema = z.strictObject({ lawyerId: z.uuid({ error: 'Choose a lawyer.' }) });
export const RefuseLegalAidSchema = z.strictObject({
  reason: z
    .string({ error: 'Write the reason for the refusal.' })
    .trim()
    .min(LEGAL_AID_LIMITS.reasonMin, 'Write the reason for the refusal (at least 10 characters).')
    .max(LEGAL_AID_LIMITS.reasonMax, 'Write at most 1000 characters.'),
});

/** What the family sees of one of its applications. */
export const FamilyLegalAidSchema = z.object({
  id: z.uuid(),
  prisonerId: z.uuid(),
  prisonerName: z.string(),
  prisonName: z.string(),
  district: z.string(),
  dlsaName: z.string(),
  dlsaPhone: z.string(),
  filedAt: z.string(),
  dueOn: z.string(),
  overdue: z.boolean(),
  status: z.enum(LEGAL_AID_STATUSES),
  decidedAt: z.string().nullable(),
  lawyer: z.object({ name: z.string(), phone: z.string() }).nullable(),
  refusalReason: z.string().nullable(),
});
export type FamilyLegalAid = z.infer<typeof FamilyLegalAidSchema>;

export const FamilyLegalAidListSchema = z.object({
  applications: z.array(FamilyLegalAidSchema),
  /** The prisoners the member follows, to apply for. */
  prisoners: z.array(z.object({ id: z.uuid(), name: z.string(), prisonName: z.string().nullable() })),
});
export type FamilyLegalAidList = z.infer<typeof FamilyLegalAidListSchema>;

/** One application in the DLSA's inbox. */
export const LegalAidInboxItemSchema = z.object({
  id: z.uuid(),
  prisonerId: z.uuid(),
  prisonerName: z.string(),
  prisonName: z.string(),
  applicantName: z.string(),
  relation: z.string(),
  note: z.string(),
  filedAt: z.string(),
  dueOn: z.string(),
  overdue: z.boolean(),
});
export type LegalAidInboxItem = z.infer<typeof LegalAidInboxItemSchema>;

export const LegalAidInboxQuerySchema = z.strictObject({ after: z.string().max(200).optional() });
export const LegalAidInboxSchema = z.object({
  asOf: z.string(),
  applications: z.array(LegalAidInboxItemSchema),
  nextCursor: z.string().nullable(),
});
export type LegalAidInbox = z.infer<typeof LegalAidInboxSchema>;

/** The lawyers a DLSA may assign: verified, of its district first. */
export const LegalAidLawyersQuerySchema = z.strictObject({ q: z.string().trim().max(80).optional() });
export const LegalAidLawyersSchema = z.object({
  lawyers: z.array(z.object({ id: z.uuid(), name: z.string(), lawyerType: z.string(), district: z.string().nullable() })),
});
export type LegalAidLawyers = z.infer<typeof LegalAidLawyersSchema>;

export const LegalAidDecisionSchema = z.object({
  id: z.uuid(),
  prisonerId: z.uuid(),
  status: z.enum(LEGAL_AID_STATUSES),
  decidedAt: z.string(),
});
export type LegalAidDecision = z.infer<typeof LegalAidDecisionSchema>;
