// Bail as one sequence per case, the same on every side's screen (docs/law.md#bail-clocks): the court's
// bail order → bonds and sureties furnished → the jail receives and verifies the bail paper (Bail-Accept,
// docs/spec.md#4-states-and-transitions) → released. Each step is recorded by the side that knows it; this
// module says which steps are done, which one is next and whose it is, and why a step may not be recorded
// now. Pure, on ISO `YYYY-MM-DD` days; the server enforces it and the screens draw it.
import { z } from 'zod';
import { isIsoDate } from './release.ts';

export const BAIL_TIMELINE_STEPS = ['order', 'furnished', 'verified', 'released'] as const;
export type BailTimelineStepKind = (typeof BAIL_TIMELINE_STEPS)[number];

/** Who records each step: the family or their lawyer know the order and the bonds; the jail verifies and releases. */
export const BAIL_STEP_ACTOR = {
  order: 'lawyer-or-family',
  furnished: 'lawyer-or-family',
  verified: 'jail',
  released: 'jail',
} as const satisfies Record<BailTimelineStepKind, 'lawyer-or-family' | 'jail'>;
export type BailStepActor = (typeof BAIL_STEP_ACTOR)[BailTimelineStepKind];

/** The steps recorded through POST /api/cases/:caseId/bail-steps; verification is the jail's Bail-Accept. */
export const RECORDABLE_BAIL_STEPS = ['order', 'furnished', 'released'] as const;
export type RecordableBailStep = (typeof RECORDABLE_BAIL_STEPS)[number];

export const BAIL_ORDER_LIMITS = { courtMax: 200, conditionsMax: 1000, amountMax: 100_000_000, suretiesMax: 20 } as const;

export interface BailTimelineInput {
  bailGrantedOn: string | null;
  bailFurnishedOn: string | null;
  /** The Indian day of the jail's Bail-Accept, or null. */
  bailVerifiedOn: string | null;
  releasedOn: string | null;
}

export const BailTimelineStepSchema = z.object({
  step: z.enum(BAIL_TIMELINE_STEPS),
  by: z.enum(['lawyer-or-family', 'jail']),
  /** The recorded day, or null (not yet, or passed without its own record because a later step was recorded). */
  on: z.string().nullable(),
  done: z.boolean(),
});
export type BailTimelineStep = z.infer<typeof BailTimelineStepSchema>;

export const BailOrderSchema = z.object({
  court: z.string().nullable(),
  bondAmount: z.number().int().nullable(),
  sureties: z.number().int().nullable(),
  suretyAmount: z.number().int().nullable(),
  conditions: z.string().nullable(),
});
export type BailOrder = z.infer<typeof BailOrderSchema>;

export const BailTimelineSchema = z.object({
  steps: z.array(BailTimelineStepSchema),
  /** The first step not done, with whose it is; null once released. */
  next: z.object({ step: z.enum(BAIL_TIMELINE_STEPS), by: z.enum(['lawyer-or-family', 'jail']) }).nullable(),
  order: BailOrderSchema,
});
export type BailTimeline = z.infer<typeof BailTimelineSchema>;

const dayOf = (input: BailTimelineInput, step: BailTimelineStepKind): string | null =>
  ({
    order: input.bailGrantedOn,
    furnished: input.bailFurnishedOn,
    verified: input.bailVerifiedOn,
    released: input.releasedOn,
  })[step];

/**
 * The four steps in order: a step is done when it is recorded or a later one is (release after
 * Bail-Accept means the bonds were furnished, even if nobody marked it); `next` is the first not done.
 */
export function bailTimeline(input: BailTimelineInput): Pick<BailTimeline, 'steps' | 'next'> {
  const lastRecorded = BAIL_TIMELINE_STEPS.reduce((last, s, i) => (dayOf(input, s) !== null ? i : last), -1);
  const steps = BAIL_TIMELINE_STEPS.map((step, i) => ({
    step,
    by: BAIL_STEP_ACTOR[step],
    on: dayOf(input, step),
    done: i <= lastRecorded,
  }));
  const next = steps.find((s) => !s.done);
  return { steps, next: next ? { step: next.step, by: next.by } : null };
}

export type BailStepProblem = { path: 'step' | 'on'; message: string };

const STEP_NAMES: Record<BailTimelineStepKind, string> = {
  order: 'the bail order',
  furnished: 'bonds and sureties furnished',
  verified: "the jail's Bail-Accept",
  released: 'the release',
};

/**
 * Why `step` on `on` may not be recorded now, or null when it may: only the next step of the sequence,
 * not after today, and not before the latest day already recorded.
 */
export function bailStepProblem(input: BailTimelineInput, step: RecordableBailStep, on: string, today: string): BailStepProblem | null {
  const { steps, next } = bailTimeline(input);
  const index = BAIL_TIMELINE_STEPS.indexOf(step);
  if (steps[index]?.done) return { path: 'step', message: `${cap(STEP_NAMES[step])} is already recorded.` };
  if (next && next.step !== step) return { path: 'step', message: `Record ${STEP_NAMES[next.step]} first.` };
  if (on > today) return { path: 'on', message: 'The date cannot be in the future.' };
  const before = steps
    .slice(0, index)
    .filter((s) => s.on !== null)
    .at(-1);
  if (before?.on && on < before.on) return { path: 'on', message: `The date cannot be before ${STEP_NAMES[before.step]} (${before.on}).` };
  return null;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const Day = z.string().refine(isIsoDate, 'Use a date like 2026-12-31.');

const Amount = z.number().int('Enter whole rupees.').min(0, 'The amount cannot be negative.').max(BAIL_ORDER_LIMITS.amountMax);

export const RecordBailStepSchema = z.discriminatedUnion('step', [
  z.strictObject({
    step: z.literal('order'),
    on: Day,
    court: z.string().trim().min(1, 'Court is required.').max(BAIL_ORDER_LIMITS.courtMax),
    bondAmount: Amount,
    sureties: z.number().int().min(0, 'The number of sureties cannot be negative.').max(BAIL_ORDER_LIMITS.suretiesMax),
    suretyAmount: Amount.nullable(),
    conditions: z.string().trim().max(BAIL_ORDER_LIMITS.conditionsMax).nullable(),
  }),
  z.strictObject({ step: z.literal('furnished'), on: Day }),
  z.strictObject({ step: z.literal('released'), on: Day }),
]);
export type RecordBailStep = z.infer<typeof RecordBailStepSchema>;
