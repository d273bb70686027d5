// The Undertrial Review Committee's list (docs/law.md#undertrial-review-committees): the district's
// prisoners in the review categories Rihaai can compute from recorded facts, grouped by category, for
// the DLSA to print for the quarterly meeting. Each category is read from what the release tracker and
// the bail desk already store and flag (src/shared/release.ts releaseFlagsOn, the member release flags,
// the bail order and release dates, and for S.478 whether every offence is bailable:
// src/shared/bail-money-route.ts personalBondFrom); nothing here restates a rule.
import { z } from 'zod';

/**
 * In the order the list prints: past the maximum (S.479: never beyond it), S.479 eligible now, within
 * ELIGIBLE_SOON_DAYS, default bail due (S.187(3)), bailed but not released, a bailable offence and a
 * week in custody (S.478).
 */
export const UTRC_CATEGORIES = [
  'past-maximum',
  'eligible-now',
  'eligible-soon',
  'default-bail-due',
  'bailed-not-released',
  'bailable-week',
] as const;
export type UtrcCategory = (typeof UTRC_CATEGORIES)[number];

/** At most this many prisoners a category: the list is bounded, and says when it was cut. */
export const UTRC_CATEGORY_CAP = 300;

/** The screen reads one category at a time, its first this many (the print view reads every category to the cap). */
export const UTRC_SCREEN_ROWS = 50;

/** `category`: one category's first UTRC_SCREEN_ROWS, for the screen; without it, every category to the cap. */
export const UtrcQuerySchema = z.strictObject({ category: z.enum(UTRC_CATEGORIES).optional() });
export type UtrcQuery = z.infer<typeof UtrcQuerySchema>;

export const UtrcRowSchema = z.object({
  prisonerId: z.uuid(),
  prisonerName: z.string(),
  prisonerNameLatin: z.string(),
  prisonerNumber: z.string().nullable(),
  prisonName: z.string(),
  caseId: z.uuid(),
  caseNumber: z.string(),
  /** The date the reason counts from: the S.479 or maximum date, default bail's, the bail order's, custody's. */
  since: z.string().nullable(),
});
export type UtrcRow = z.infer<typeof UtrcRowSchema>;

export const UtrcListSchema = z.object({
  asOf: z.string(),
  state: z.string(),
  district: z.string(),
  categories: z.array(
    z.object({
      category: z.enum(UTRC_CATEGORIES),
      truncated: z.boolean(),
      rows: z.array(UtrcRowSchema),
    }),
  ),
});
export type UtrcList = z.infer<typeof UtrcListSchema>;
