// Case facts for the release tracker: who is held, where, since when, for what.
// Entered by the family on /fmform and when adding a case; changed later by the family, the accepted
// lawyer or the jail authority. The server derives and stores the S.479 and default-bail dates.
import { CASE_DISPOSALS, CaseDisposalSchema } from './case-disposal.ts';
import { z } from 'zod';
import { OFFENCE_IDS, OTHER_OFFENCE, findOffence } from './offences.ts';
import { assessRelease, eligibleSoonFrom, isIsoDate, type ReleaseAssessment, type ReleaseInput } from './release.ts';
import { VersionSchema } from './edit-versions.ts';

export const RELATIONS = [
  'son',
  'daughter',
  'husband',
  'wife',
  'father',
  'mother',
  'brother',
  'sister',
  'other-relative',
  'friend',
] as const;
export type Relation = (typeof RELATIONS)[number];

export const FACT_LIMITS = {
  textMax: 200,
  offencesMax: 10,
  maxMonths: 1200,
  otherPendingCasesMax: 100,
  delayDaysMax: 36_500,
  earliestDate: '1950-01-01',
} as const;

export const CNR_RULE = 'The CNR number has 16 characters: 4 letters, then 12 digits (for example MHAU010012342024).';
// 4 letters of state and district, 2 digits of the court, 6 of the case, 4 of the year (docs/law.md#case-identifiers).
const CNR_PATTERN = /^[A-Z]{4}\d{2}\d{6}(19|20)\d{2}$/;

/** Spaces and dashes removed, upper case: how eCourts prints it. */
export function normalizeCnr(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .max(FACT_LIMITS.textMax, `${label} must be at most ${FACT_LIMITS.textMax} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A past or present calendar date `YYYY-MM-DD`; "today" is checked by the server (the clock is there). */
export const FactDateSchema = z
  .string()
  .refine(isIsoDate, 'Enter a date as YYYY-MM-DD.')
  .refine((v) => v >= FACT_LIMITS.earliestDate, 'This date is too far in the past.');

/** POST /api/cases/:caseId/disposal: the court's decision and its day (not after today in India: the server checks). */
export const DisposalBodySchema = z.strictObject({
  disposedOn: FactDateSchema,
  disposal: z.enum(CASE_DISPOSALS, { error: 'Choose what the court decided.' }),
});
export type DisposalBody = z.infer<typeof DisposalBodySchema>;

export const CnrSchema = z
  .string()
  .transform(normalizeCnr)
  .refine((v) => CNR_PATTERN.test(v), CNR_RULE);

export const OffenceInputSchema = z.union([
  z.strictObject({ code: z.enum(OFFENCE_IDS, { error: 'Choose an offence from the list or "other".' }) }),
  z
    .strictObject({
      code: z.literal(OTHER_OFFENCE),
      label: z.string().trim().min(1, 'Name the offence.').max(FACT_LIMITS.textMax),
      maxMonths: z.number().int().min(1).max(FACT_LIMITS.maxMonths).nullable().default(null),
      life: z.boolean().default(false),
      death: z.boolean().default(false),
    })
    .refine((o) => o.maxMonths !== null || o.life || o.death, { message: 'Give the maximum punishment.', path: ['maxMonths'] }),
]);
export type OffenceInput = z.input<typeof OffenceInputSchema>;

/** How an offence is stored and returned: the list's values copied, so a later list fix is visible. */
export const StoredOffenceSchema = z.object({
  code: z.union([z.enum(OFFENCE_IDS), z.literal(OTHER_OFFENCE)]),
  label: z.string().nullable(),
  maxMonths: z.number().int().nullable(),
  life: z.boolean(),
  death: z.boolean(),
});
export type StoredOffence = z.infer<typeof StoredOffenceSchema>;

export function toStoredOffence(o: z.output<typeof OffenceInputSchema>): StoredOffence {
  if (o.code === OTHER_OFFENCE) return { code: o.code, label: o.label, maxMonths: o.maxMonths, life: o.life, death: o.death };
  const known = findOffence(o.code);
  if (!known) throw new Error(`unknown offence ${o.code}`);
  return { code: o.code, label: null, maxMonths: known.maxMonths, life: known.life, death: known.death };
}

export const CaseFactsInputSchema = z.strictObject({
  prisonerName: optionalText('Name'),
  prisonerRelation: z
    .enum(RELATIONS, { error: 'Choose how you are related.' })
    .nullish()
    .transform((v) => v ?? null),
  prison: optionalText('Prison'),
  custodySince: FactDateSchema.nullish().transform((v) => v ?? null),
  court: optionalText('Court'),
  cnr: z
    .union([z.literal(''), CnrSchema])
    .nullish()
    .transform((v) => (v ? v : null)),
  offences: z.array(OffenceInputSchema).max(FACT_LIMITS.offencesMax).default([]),
  firstOffence: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  otherPendingCases: z.number().int().min(0).max(FACT_LIMITS.otherPendingCasesMax).default(0),
  delayByAccusedDays: z.number().int().min(0).max(FACT_LIMITS.delayDaysMax).default(0),
  chargesheetFiledOn: FactDateSchema.nullish().transform((v) => v ?? null),
  /** The charges the court framed and when: once given, the release dates count from them (releaseInput). */
  chargesFramedOn: FactDateSchema.nullish().transform((v) => v ?? null),
  chargesFramed: z.array(OffenceInputSchema).max(FACT_LIMITS.offencesMax).default([]),
});
export type CaseFactsInput = z.input<typeof CaseFactsInputSchema>;
export type CaseFactsParsed = z.output<typeof CaseFactsInputSchema>;

/** PUT /api/cases/:caseId/facts: the facts and the version they were loaded at (CaseDetail.factsVersion). */
export const CaseFactsUpdateSchema = CaseFactsInputSchema.extend({ version: VersionSchema });
export type CaseFactsUpdate = z.input<typeof CaseFactsUpdateSchema>;

export const CaseFactsSchema = z.object({
  prisonerName: z.string().nullable(),
  prisonerRelation: z.enum(RELATIONS).nullable(),
  prison: z.string().nullable(),
  custodySince: z.string().nullable(),
  court: z.string().nullable(),
  cnr: z.string().nullable(),
  offences: z.array(StoredOffenceSchema),
  firstOffence: z.boolean().nullable(),
  otherPendingCases: z.number().int(),
  delayByAccusedDays: z.number().int(),
  chargesheetFiledOn: z.string().nullable(),
  chargesFramedOn: z.string().nullable(),
  chargesFramed: z.array(StoredOffenceSchema),
});
export type CaseFacts = z.infer<typeof CaseFactsSchema>;

export const EMPTY_FACTS: CaseFacts = {
  prisonerName: null,
  prisonerRelation: null,
  prison: null,
  custodySince: null,
  court: null,
  cnr: null,
  offences: [],
  firstOffence: null,
  otherPendingCases: 0,
  delayByAccusedDays: 0,
  chargesheetFiledOn: null,
  chargesFramedOn: null,
  chargesFramed: [],
};

export function toCaseFacts(input: CaseFactsParsed): CaseFacts {
  return { ...input, offences: input.offences.map(toStoredOffence), chargesFramed: input.chargesFramed.map(toStoredOffence) };
}

/** The offences the release is counted from: the charges framed once the court framed them, else those alleged. */
export function countedOffences(facts: Pick<CaseFacts, 'offences' | 'chargesFramed'>): CaseFacts['offences'] {
  return facts.chargesFramed.length > 0 ? facts.chargesFramed : facts.offences;
}

/** The dates stored with the case: what does not depend on today. */
export const StoredReleaseSchema = z.object({
  s479Status: z.enum(['not-applicable', 'barred', 'counting']).nullable(),
  s479Fraction: z.enum(['1/2', '1/3']).nullable(),
  s479EligibleOn: z.string().nullable(),
  maximumEndsOn: z.string().nullable(),
  defaultBailDays: z.number().int().nullable(),
  defaultBailEligibleOn: z.string().nullable(),
  /** The day the person was released, as recorded (then none of the dates above apply any more). */
  releasedOn: z.string().nullable(),
  /**
   * The court's bail order, as recorded (src/shared/bail-timeline.ts): from then on the step is bonds and
   * sureties, not an application. Absent from the jail's stored cards, which do not carry it.
   */
  bailGrantedOn: z.string().nullable().optional(),
  /**
   * How many other cases of the same prisoner Rihaai holds: with the cases the family says exist
   * elsewhere (facts.otherPendingCases) they bar S.479's half and one-third rule (S.479(2)), so the
   * explanation on every screen counts them as the stored status does.
   */
  otherCasesHeld: z.number().int().optional(),
  /**
   * The day of the court's decision recorded on the case (src/shared/case-disposal.ts): from then on no release
   * date applies to it (storedRelease). The lawyer's client cards carry it; the jail's cards do not (their stored dates are gone).
   */
  decidedOn: z.string().nullable().optional(),
});
export type StoredRelease = z.infer<typeof StoredReleaseSchema>;
/**
 * The columns derived from the facts (the release date is recorded separately), and the first day of
 * the "eligible soon" window, which only the database reads: the member flags compare it with the
 * clock (release.ts ELIGIBLE_SOON_DAYS, drizzle/0022_release_window_in_ts.sql).
 */
export type DerivedRelease = Omit<StoredRelease, 'releasedOn' | 'decidedOn'> & { s479EligibleSoonFrom: string | null };

/**
 * The facts as assessRelease reads them. An unknown first offence counts as not first (the later date).
 * `otherCasesHeld` is how many other cases of the same prisoner Rihaai holds: with the cases the family
 * says exist elsewhere, they make the S.479(2) bar (docs/law.md#section-479-bnss).
 */
export function releaseInput(facts: CaseFacts, asOf: string, otherCasesHeld = 0): ReleaseInput | null {
  if (!facts.custodySince) return null;
  return {
    custodySince: facts.custodySince,
    asOf,
    offences: countedOffences(facts).map(({ maxMonths, life, death }) => ({ maxMonths, life, death })),
    firstTimeOffender: facts.firstOffence === true,
    otherPendingCases: facts.otherPendingCases + otherCasesHeld,
    delayByAccusedDays: facts.delayByAccusedDays,
    chargesheetFiledOn: facts.chargesheetFiledOn,
  };
}

/** Assessment on a given day, or null while the custody date is unknown. */
export function assessCase(facts: CaseFacts, asOf: string, otherCasesHeld = 0): ReleaseAssessment | null {
  const input = releaseInput(facts, asOf, otherCasesHeld);
  return input ? assessRelease(input) : null;
}

/**
 * The parts of the assessment that do not change with today; asOf is irrelevant to them. A case the court
 * has decided (`decided`: its disposal recorded, src/shared/case-disposal.ts) is no longer an undertrial's:
 * no S.479 or default-bail date is stored for it, so it leaves the jail's release lists.
 */
export function storedRelease(facts: CaseFacts, otherCasesHeld = 0, decided = false): DerivedRelease {
  const a = decided ? null : assessCase(facts, '0000-01-01', otherCasesHeld);
  if (!a) {
    return {
      s479Status: null,
      s479Fraction: null,
      s479EligibleOn: null,
      maximumEndsOn: null,
      defaultBailDays: null,
      defaultBailEligibleOn: null,
      s479EligibleSoonFrom: null,
    };
  }
  const counting = a.s479.status === 'not-yet' || a.s479.status === 'eligible';
  return {
    s479Status: counting ? 'counting' : (a.s479.status as 'not-applicable' | 'barred'),
    s479Fraction: a.s479.fraction,
    s479EligibleOn: a.s479.eligibleOn,
    maximumEndsOn: a.s479.maximumEndsOn,
    defaultBailDays: a.defaultBail.days,
    defaultBailEligibleOn: a.defaultBail.status === 'not-applicable' ? null : a.defaultBail.eligibleOn,
    s479EligibleSoonFrom: a.s479.eligibleOn === null ? null : eligibleSoonFrom(a.s479.eligibleOn),
  };
}

/** Names of the facts that differ, for the timeline ("changed the custody date and the offences"). */
export const FACT_FIELDS = Object.keys(EMPTY_FACTS) as (keyof CaseFacts)[];
export function changedFacts(before: CaseFacts, after: CaseFacts): (keyof CaseFacts)[] {
  return FACT_FIELDS.filter((k) => stableJson(before[k]) !== stableJson(after[k]));
}

/** JSON with object keys sorted: the database returns jsonb keys in its own order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export const CaseIdParamsSchema = z.strictObject({ caseId: z.uuid() });

const ActorSchema = z.object({ name: z.string().nullable(), role: z.string().nullable() });

export const CaseEventSchema = z.object({
  kind: z.enum(['facts_changed', 'application_printed']),
  at: z.string(),
  by: ActorSchema,
  fields: z.array(z.string()),
});
export type CaseEvent = z.infer<typeof CaseEventSchema>;

/** One case with its facts, for everyone allowed to see it (family owner, accepted lawyer, jail). */
/** A prisoner's move from one prison to another (prison names; null where the prison is not on record). */
export const TransferSchema = z.object({ from: z.string().nullable(), to: z.string().nullable(), at: z.string() });
export type Transfer = z.infer<typeof TransferSchema>;

/** POST /api/cases/:caseId/transfer: the prison the prisoner is moved to. */
export const TransferBodySchema = z.strictObject({ toPrisonId: z.uuid({ error: 'Choose the prison.' }) });
/** The answer to a move: where the prisoner is now held. */
export const TransferResultSchema = z.object({ prison: z.object({ id: z.uuid(), name: z.string() }), at: z.string() });

export const CaseDetailSchema = z.object({
  id: z.uuid(),
  caseNumber: z.string(),
  caseType: z.string(),
  detail: z.string(),
  familyMember: z.object({ id: z.uuid(), name: z.string() }),
  /** The state of the prison as the family gave it (india-locations.ts code), or null: its courts' language is the application's second. */
  courtState: z.string().nullable(),
  facts: CaseFactsSchema,
  /** The facts' version: a save sends it back, and is refused (409 stale_edit) once someone else saved. */
  factsVersion: z.number().int(),
  release: StoredReleaseSchema,
  events: z.array(CaseEventSchema),
  /** The prison the case's prisoner is held in (null while none is on record), and their moves between prisons, oldest first. */
  prison: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  transfers: z.array(TransferSchema),
  /** The court's decision that ended the case, if recorded, and when the retention job deletes the case (docs/retention.md#closed-cases). */
  disposal: CaseDisposalSchema.nullable(),
  /**
   * transfer: the jail of the prisoner's prison may move them to another (POST /api/cases/:caseId/transfer).
   * recordDisposal: record or take back the court's decision (POST and DELETE /api/cases/:caseId/disposal).
   */
  can: z.object({ editFacts: z.boolean(), printApplication: z.boolean(), transfer: z.boolean(), recordDisposal: z.boolean() }),
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

/** `error.current` of a stale facts save (409 stale_edit): the facts as saved now, and who saved them last. */
export const CaseFactsCurrentSchema = z.object({
  facts: CaseFactsSchema,
  version: z.number().int(),
  changedBy: ActorSchema.nullable(),
  changedAt: z.string().nullable(),
});
export type CaseFactsCurrent = z.infer<typeof CaseFactsCurrentSchema>;

export const ApplicationPrintedSchema = z.object({ at: z.string() });

export const CASES_ERROR_CODES = ['not_eligible'] as const;

/**
 * Dashboard filters of the release tracker: stored member flags for the clock's day, people in custody only
 * (release.ts releaseFlagsOn; "eligible-30-days" is the window release.ts ELIGIBLE_SOON_DAYS).
 */
export const RELEASE_FILTERS = ['eligible-now', 'eligible-30-days', 'default-bail-due', 'past-maximum'] as const;
export type ReleaseFilter = (typeof RELEASE_FILTERS)[number];

export const ReleaseCountsSchema = z.object({
  /** The day the counts are for (India). */
  asOf: z.string(),
  eligibleNow: z.number().int(),
  eligibleSoon: z.number().int(),
  defaultBailDue: z.number().int(),
  pastMaximum: z.number().int(),
});
export type ReleaseCounts = z.infer<typeof ReleaseCountsSchema>;
