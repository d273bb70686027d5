// Notice and consent (docs/decisions/0053-notice-and-consent.md, docs/law.md#data-protection): the
// privacy notice's version, the ways a family member records a prisoner's consent or the legal basis,
// and the sign-up's age answer.
import { z } from 'zod';

/** The notice's version; a sign-up records the one it accepted. Change it when the notice's meaning changes. */
export const NOTICE_VERSION = '2026-11-27';

/**
 * How the prisoner agreed, or the legal basis when they could not yet: in a visit, through the lawyer,
 * through a para-legal volunteer, or none yet (to enforce the prisoner's legal right).
 */
export const PRISONER_CONSENT_BASES = ['visit', 'lawyer', 'paralegal', 'legal-right'] as const;
export type PrisonerConsentBasis = (typeof PRISONER_CONSENT_BASES)[number];
export const PrisonerConsentBasisSchema = z.enum(PRISONER_CONSENT_BASES);

/** The prisoner's consent as the family case page shows it. */
export const PrisonerConsentSchema = z.object({
  prisonerId: z.uuid(),
  prisonerName: z.string(),
  /** Null for a prisoner registered before consent was recorded. */
  basis: PrisonerConsentBasisSchema.nullable(),
  recordedAt: z.string().nullable(),
  recordedBy: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
});
export type PrisonerConsent = z.infer<typeof PrisonerConsentSchema>;
export const PrisonerConsentsSchema = z.object({ prisoners: z.array(PrisonerConsentSchema) });
export type PrisonerConsents = z.infer<typeof PrisonerConsentsSchema>;

/** Giving (again) a prisoner's consent: how it was given. */
export const GivePrisonerConsentSchema = z.strictObject({ basis: PrisonerConsentBasisSchema });
export type GivePrisonerConsent = z.infer<typeof GivePrisonerConsentSchema>;

/** The member's own consent to the notice, as the profile shows it. */
export const OwnConsentSchema = z.object({
  noticeVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  currentVersion: z.string(),
});
export type OwnConsent = z.infer<typeof OwnConsentSchema>;

/** Giving one's own consent again: the notice's box ticked (400 notice_not_accepted otherwise). */
export const GiveOwnConsentSchema = z.strictObject({ acceptNotice: z.boolean().optional() });

/** The parent's page: whose sign-up waits for them. */
export const ParentConsentTokenSchema = z.strictObject({ token: z.string().min(1).max(200) });
export const ParentConsentPreviewSchema = z.object({ childName: z.string(), childEmail: z.string(), confirmed: z.boolean() });
export type ParentConsentPreview = z.infer<typeof ParentConsentPreviewSchema>;

/** How long the parent's emailed link works. */
export const PARENT_LINK_DAYS = 7;
