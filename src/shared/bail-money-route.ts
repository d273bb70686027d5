// The money route after bail, as each side is shown it (docs/law.md#bail-clocks): whether the
// poor-prisoners fund can pay (docs/law.md#poor-prisoners-fund) or why not, which office is to act by
// which day (bailToRelease), and when the court is to release on a personal bond because the offence is
// bailable and a week in custody has passed (S.478 BNSS, docs/law.md#bailable-offences). Pure; the
// papers the three sides print are drawn from BailPapers below.
import { z } from 'zod';
import { bailToRelease, INDIGENCE_DAYS, type BailAssessment, type BailOverdue } from './bail.ts';
import { BailOrderSchema, BailTimelineSchema, RECORDABLE_BAIL_STEPS } from './bail-timeline.ts';
import { countedOffences, StoredOffenceSchema, type CaseFacts } from './cases.ts';
import { addDays } from './release.ts';

/**
 * The listed offences that are bailable in the First Schedule of the BNSS (the NDPS Act's small quantity:
 * punishable with up to a year, bailable under the Schedule's second part). An offence typed by the
 * family ("other") is not known to be bailable, so S.478 is not claimed for it.
 */
export const BAILABLE_OFFENCES: ReadonlySet<string> = new Set([
  'hurt',
  'grievous-hurt',
  'kidnapping',
  'criminal-intimidation',
  'ndps-small',
]);

/**
 * The listed offences the fund does not cover (docs/law.md#poor-prisoners-fund: NDPS, dowry death, rape
 * among them). An offence typed by the family is not known to be excluded: the DLSA decides.
 */
export const FUND_EXCLUDED_OFFENCES: ReadonlySet<string> = new Set(['rape', 'dowry-death', 'ndps-small', 'ndps-commercial']);

type OffenceCode = { code: string };

/** Every offence of the case is a listed bailable one (and there is at least one). */
export function allBailable(offences: readonly OffenceCode[]): boolean {
  return offences.length > 0 && offences.every((o) => BAILABLE_OFFENCES.has(o.code));
}

/**
 * Every offence the case is counted under is bailable: the charges framed once the court framed them, else
 * those alleged (countedOffences). Stored per case as `cases.all_bailable` (src/server/db/derived.ts
 * 'case-all-bailable'), so the UTRC list finds S.478's prisoners by an index.
 */
export function caseAllBailable(facts: Pick<CaseFacts, 'offences' | 'chargesFramed'>): boolean {
  return allBailable(countedOffences(facts));
}

export interface PersonalBondInput {
  asOf: string;
  /** Every offence of the case is bailable (allBailable of its counted offences). */
  bailable: boolean;
  custodySince: string | null;
  releasedOn: string | null;
  bailFurnishedOn: string | null;
}

/**
 * S.478 BNSS (docs/law.md#bailable-offences): the day from which the court is to release the person on a
 * personal bond without sureties — custody + INDIGENCE_DAYS, when every offence is bailable, that day has
 * come, the person is not released and the bonds are not furnished — else null. A bail order does not take
 * a case out: a person granted bail for a bailable offence who has not furnished the bond within the week is
 * exactly the one S.478 presumes indigent. Bonds furnished do: what is left is the jail's release, not
 * the person's means (the "granted bail, not released" group shows them). Custody not known: not claimed.
 */
export function personalBondFrom(c: PersonalBondInput): string | null {
  if (!c.bailable || !c.custodySince) return null;
  if (c.releasedOn !== null && c.releasedOn <= c.asOf) return null;
  if (c.bailFurnishedOn !== null && c.bailFurnishedOn <= c.asOf) return null;
  const from = addDays(c.custodySince, INDIGENCE_DAYS);
  return from <= c.asOf ? from : null;
}

/** The case's offences the fund excludes (empty: the fund may pay). */
export function fundExcludedBy(offences: readonly OffenceCode[]): string[] {
  return offences.filter((o) => FUND_EXCLUDED_OFFENCES.has(o.code)).map((o) => o.code);
}

/** Who is to act on each clock, and who the reminders go to. */
export const CLOCK_ACTOR = { 'inform-dlsa': 'jail', recommend: 'dlsa', funds: 'dlsa' } as const satisfies Record<
  BailOverdue,
  'jail' | 'dlsa'
>;

export interface MoneyRouteInput {
  asOf: string;
  custodySince: string | null;
  offences: readonly OffenceCode[];
  bailGrantedOn: string | null;
  bailFurnishedOn: string | null;
  releasedOn: string | null;
  dlsaInformedOn: string | null;
  dlsaRecommendedOn: string | null;
  committeeDecidedOn: string | null;
}

export type Duty = {
  /** What is to happen. */
  step: 'inform-dlsa' | 'recommend' | 'committee' | 'funds';
  /** Who does it. */
  by: 'jail' | 'dlsa' | 'committee';
  /** The day it is due (the committee: the day it sits); null while an earlier step is awaited. */
  due: string | null;
  /** The day it was recorded, when it was. */
  doneOn: string | null;
  late: boolean;
};

export interface MoneyRoute {
  assessment: BailAssessment;
  /** The fund can pay the bond or surety amount; false with the offences that keep it out. */
  fund: { canHelp: true } | { canHelp: false; excludedBy: string[] };
  /** The offices' clocks in order (without the fund's steps when it cannot help). */
  duties: Duty[];
  /**
   * S.478 BNSS: every offence bailable, a week in custody passed and the bonds not furnished: the court
   * is to release on a personal bond without sureties (the day it applies from), else null.
   */
  personalBondFrom: string | null;
}

/**
 * The money route of a case with a bail order on `asOf`, or null when there is no bail order or the
 * person is released. A custody date not known counts from the bail order for the clocks, and S.478 is
 * then not claimed.
 */
export function moneyRoute(input: MoneyRouteInput): MoneyRoute | null {
  if (!input.bailGrantedOn) return null;
  if (input.releasedOn && input.releasedOn <= input.asOf) return null;
  const excludedBy = fundExcludedBy(input.offences);
  const bailable = allBailable(input.offences);
  const a = bailToRelease({
    asOf: input.asOf,
    custodySince: input.custodySince ?? input.bailGrantedOn,
    bailGrantedOn: input.bailGrantedOn,
    releasedOn: input.releasedOn,
    bailable,
    excludedFromFund: excludedBy.length > 0,
    dlsaInformedOn: input.dlsaInformedOn,
    dlsaRecommendedOn: input.dlsaRecommendedOn,
    committeeDecidedOn: input.committeeDecidedOn,
  });
  const on = (d: string | null) => (d !== null && d <= input.asOf ? d : null);
  const duties: Duty[] = [
    { step: 'inform-dlsa', by: 'jail', due: a.informDlsaBy, doneOn: on(input.dlsaInformedOn), late: a.overdue.includes('inform-dlsa') },
  ];
  if (excludedBy.length === 0) {
    duties.push(
      { step: 'recommend', by: 'dlsa', due: a.recommendBy, doneOn: on(input.dlsaRecommendedOn), late: a.overdue.includes('recommend') },
      { step: 'committee', by: 'committee', due: a.committeeMeetsOn, doneOn: on(input.committeeDecidedOn), late: false },
      { step: 'funds', by: 'committee', due: a.fundsBy, doneOn: on(input.committeeDecidedOn), late: a.overdue.includes('funds') },
    );
  }
  return {
    assessment: a,
    fund: excludedBy.length === 0 ? { canHelp: true } : { canHelp: false, excludedBy },
    duties,
    personalBondFrom: personalBondFrom({
      asOf: input.asOf,
      bailable,
      custodySince: input.custodySince,
      releasedOn: input.releasedOn,
      bailFurnishedOn: input.bailFurnishedOn,
    }),
  };
}

/** The fund's steps on a case as recorded (the DLSA's desk, the jail's intimation). */
export const FundStepsSchema = z.object({
  dlsaInformedOn: z.string().nullable(),
  dlsaRecommendedOn: z.string().nullable(),
  committeeDecidedOn: z.string().nullable(),
});
export type FundSteps = z.infer<typeof FundStepsSchema>;

export const BAIL_PAPERS = ['dlsa-request', 'dlsa-intimation', 'relax-conditions'] as const;
export type BailPaperKind = (typeof BAIL_PAPERS)[number];
/** Who prints which paper: the family asks the DLSA, the jail tells it, the lawyer asks the court. */
export const BAIL_PAPER_ROLE = {
  'dlsa-request': 'Family-Member',
  'dlsa-intimation': 'Jail-Authority',
  'relax-conditions': 'Lawyer',
} as const satisfies Record<BailPaperKind, string>;

/** What the three papers are filled from: GET /api/cases/:caseId/bail-papers. */
export const BailPapersSchema = z.object({
  caseId: z.uuid(),
  caseNumber: z.string(),
  prisonerName: z.string(),
  /** The relative who registered the case (the family's request is signed in their name). */
  familyName: z.string(),
  court: z.string().nullable(),
  cnr: z.string().nullable(),
  custodySince: z.string().nullable(),
  offences: z.array(StoredOffenceSchema),
  bailGrantedOn: z.string().nullable(),
  bailFurnishedOn: z.string().nullable(),
  releasedOn: z.string().nullable(),
  order: BailOrderSchema,
  fund: FundStepsSchema,
  prison: z
    .object({
      name: z.string(),
      state: z.string().nullable(),
      district: z.string(),
      dlsaName: z.string(),
      dlsaAddress: z.string(),
      dlsaPhone: z.string(),
    })
    .nullable(),
  /** The papers this user prints (their side's). */
  can: z.array(z.enum(BAIL_PAPERS)),
});
export type BailPapers = z.infer<typeof BailPapersSchema>;

export const BailPaperParamsSchema = z.object({ caseId: z.uuid() });
export const RecordIntimationSchema = z.strictObject({ how: z.literal('printed') });
export const RecordIntimationResultSchema = z.object({ dlsaInformedOn: z.string(), recorded: z.boolean() });

/**
 * A case's bail on the family's case page, read with the cases in one statement: the timeline
 * (src/shared/bail-timeline.ts), the step this relative may record now, and the fund's steps.
 */
export const FamilyCaseBailSchema = BailTimelineSchema.extend({
  canRecord: z.array(z.enum(RECORDABLE_BAIL_STEPS)),
  fund: FundStepsSchema,
});
export type FamilyCaseBail = z.infer<typeof FamilyCaseBailSchema>;
