// The DLSA's desk for prisoners granted bail and still inside (docs/law.md#bail-clocks): the district's
// cases with their clocks (bailToRelease), and the poor-prisoners fund's steps the DLSA records.
import { z } from 'zod';
import type { BailOverdue, BailStage } from './bail.ts';
import { isIsoDate } from './release.ts';

export const BAIL_DESK_STEPS = ['informed', 'recommended', 'committee-decided'] as const;
export type BailDeskStep = (typeof BAIL_DESK_STEPS)[number];

const IsoDate = z.string().refine(isIsoDate, 'Enter a date as YYYY-MM-DD.');

export const BailDeskQuerySchema = z.strictObject({ after: z.string().max(200).optional() });

export const BailDeskCaseSchema = z.object({
  caseId: z.uuid(),
  caseNumber: z.string(),
  prisonerName: z.string(),
  prisonerNameLatin: z.string(),
  prisonName: z.string(),
  bailGrantedOn: z.string(),
  bond: z.object({ amount: z.number().int().nullable(), sureties: z.number().int().nullable(), suretyAmount: z.number().int().nullable() }),
  dlsaInformedOn: z.string().nullable(),
  dlsaRecommendedOn: z.string().nullable(),
  committeeDecidedOn: z.string().nullable(),
  stage: z.custom<BailStage>((v) => typeof v === 'string'),
  informDlsaBy: z.string(),
  recommendBy: z.string().nullable(),
  committeeMeetsOn: z.string().nullable(),
  fundsBy: z.string().nullable(),
  courtMayRevisitFrom: z.string(),
  overdue: z.array(z.custom<BailOverdue>((v) => typeof v === 'string')),
});
export type BailDeskCase = z.infer<typeof BailDeskCaseSchema>;

export const BailDeskSchema = z.object({ asOf: z.string(), cases: z.array(BailDeskCaseSchema), nextCursor: z.string().nullable() });
export type BailDesk = z.infer<typeof BailDeskSchema>;

export const BailDeskStepParamsSchema = z.object({ caseId: z.uuid() });
export const BailDeskStepBodySchema = z.strictObject({ step: z.enum(BAIL_DESK_STEPS), on: IsoDate });
export type BailDeskStepBody = z.infer<typeof BailDeskStepBodySchema>;
