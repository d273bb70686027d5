// The court's decision that ends a case, as a side that knows it records it (POST /api/cases/:caseId/disposal),
// and the day from which the retention job counts (docs/retention.md#closed-cases). A case decided is no
// longer pending: an acquittal, a discharge or a conviction (an appeal is a new proceeding in another court),
// a compromise the court accepted (compounding), the prosecution withdrawn, or the case closed by the
// accused's death (abatement).
import { z } from 'zod';

export const CASE_DISPOSALS = ['acquitted', 'discharged', 'convicted', 'compounded', 'withdrawn', 'abated'] as const;
export type CaseDisposal = (typeof CASE_DISPOSALS)[number];

/** A case's decision as every side sees it, with the day the retention job deletes the case's record. */
export const CaseDisposalSchema = z.object({
  disposedOn: z.string(),
  disposal: z.enum(CASE_DISPOSALS),
  /** The first day the retention job may delete the case (disposedOn + RETENTION_CLOSED_CASES_DAYS). */
  deletedFrom: z.string(),
});
export type CaseDisposalView = z.infer<typeof CaseDisposalSchema>;
