// Hearings, bail granted / released, prisons and the jail's deadline flags.
import { z } from 'zod';
import { BailTimelineSchema, RECORDABLE_BAIL_STEPS } from './bail-timeline.ts';
import { VersionSchema } from './edit-versions.ts';
import { BAIL_NOT_RELEASED_DAYS } from './release.ts';

export const DEADLINE_LIMITS = {
  courtMax: 200,
  purposeMax: 500,
  outcomeMax: 2000,
  prisonMax: 200,
  districtMax: 120,
  flagsPageSize: 50,
  /** Not released this many days after the bail order → DLSA (release.ts BAIL_NOT_RELEASED_DAYS). */
  releaseDays: BAIL_NOT_RELEASED_DAYS,
  requestReminderHours: 48,
  requestOverdueDays: 7,
} as const;

/** A calendar date, YYYY-MM-DD, that exists. */
export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
  }, 'This date does not exist.');

const Court = z.string().trim().min(1, 'Court is required.').max(DEADLINE_LIMITS.courtMax);
const Purpose = z.string().trim().min(1, 'Purpose is required.').max(DEADLINE_LIMITS.purposeMax);
const Outcome = z.string().trim().min(1, 'Outcome is required.').max(DEADLINE_LIMITS.outcomeMax);

export const CaseParamsSchema = z.strictObject({ caseId: z.uuid() });
export const HearingParamsSchema = z.strictObject({ id: z.uuid() });

export const CreateHearingSchema = z.strictObject({ hearingOn: DaySchema, court: Court, purpose: Purpose });
export type CreateHearing = z.infer<typeof CreateHearingSchema>;

export const UpdateHearingSchema = z.strictObject({
  hearingOn: DaySchema,
  court: Court,
  purpose: Purpose,
  /** null while the hearing has not happened; the outcome afterwards. */
  outcome: Outcome.nullable(),
  /** The hearing's version when the form was loaded: a stale one gets 409 stale_edit with the hearing as saved now. */
  version: VersionSchema,
});
export type UpdateHearing = z.infer<typeof UpdateHearingSchema>;

export const HearingSchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  hearingOn: z.string(),
  court: z.string(),
  purpose: z.string(),
  outcome: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Hearing = z.infer<typeof HearingSchema>;

export const SaveBailSchema = z.strictObject({
  bailGrantedOn: DaySchema.nullable(),
  releasedOn: DaySchema.nullable(),
  /** Left as it is when absent; matched to a prison's name for the DLSA address. */
  prison: z.string().trim().max(DEADLINE_LIMITS.prisonMax).nullable().optional(),
});
export type SaveBail = z.infer<typeof SaveBailSchema>;

export const CaseDeadlinesSchema = z.object({
  case: z.object({
    id: z.uuid(),
    caseNumber: z.string(),
    caseType: z.string(),
    memberId: z.uuid(),
    memberName: z.string(),
    prison: z.string().nullable(),
    bailGrantedOn: z.string().nullable(),
    releasedOn: z.string().nullable(),
  }),
  hearings: z.array(HearingSchema),
  /** Bail as one sequence (src/shared/bail-timeline.ts), the same for the family, the lawyer and the jail. */
  bail: BailTimelineSchema,
  /** What the server lets this user change; recordBail: the bail step this user may record now (the next one, if theirs). */
  can: z.object({ edit: z.boolean(), recordBail: z.array(z.enum(RECORDABLE_BAIL_STEPS)) }),
});
export type CaseDeadlines = z.infer<typeof CaseDeadlinesSchema>;

export const NextHearingSchema = z.object({
  hearing: z
    .object({
      caseId: z.uuid(),
      caseNumber: z.string(),
      hearingOn: z.string(),
      court: z.string(),
      purpose: z.string(),
    })
    .nullable(),
});
export type NextHearing = z.infer<typeof NextHearingSchema>;

export const PrisonSchema = z.object({ id: z.uuid(), name: z.string(), district: z.string(), dlsaEmail: z.string() });
export type Prison = z.infer<typeof PrisonSchema>;
export const PrisonListSchema = z.object({ prisons: z.array(PrisonSchema) });
export const SavePrisonSchema = z.strictObject({
  name: z.string().trim().min(1, 'Prison name is required.').max(DEADLINE_LIMITS.prisonMax),
  district: z.string().trim().min(1, 'District is required.').max(DEADLINE_LIMITS.districtMax),
  dlsaEmail: z.email('Enter the DLSA email address.').trim().toLowerCase().max(254),
});
export type SavePrison = z.infer<typeof SavePrisonSchema>;
export const PrisonParamsSchema = z.strictObject({ id: z.uuid() });

export const DeadlineFlagsSchema = z.object({
  bailedNotReleased: z.array(
    z.object({
      memberId: z.uuid(),
      memberName: z.string(),
      caseId: z.uuid(),
      caseNumber: z.string(),
      prison: z.string().nullable(),
      bailGrantedOn: z.string(),
    }),
  ),
  overdueRequests: z.array(
    z.object({
      requestId: z.uuid(),
      memberId: z.uuid(),
      memberName: z.string(),
      lawyerName: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** More flagged rows exist than the lists show. */
  more: z.boolean(),
});
export type DeadlineFlags = z.infer<typeof DeadlineFlagsSchema>;

/** The calendar day in India (IST, UTC+5:30) at an instant: dates of orders and hearings are Indian dates. */
export function indianDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
