// From bail granted to release: the clocks that run once a court grants bail and the person is still inside
// (docs/law.md#bail-clocks). The law behind them: S.478 BNSS (docs/law.md#bailable-offences), the Supreme
// Court's 2023 directions on bail granted but not released (docs/law.md#bail-granted-not-released) and the
// "Support to Poor Prisoners" fund with the procedure the Supreme Court modified in October 2025
// (docs/law.md#poor-prisoners-fund). One pure function used by the server and the client, on ISO
// `YYYY-MM-DD` strings; the calendar helpers are release.ts's, so "+ 1 month" follows the same rule there
// (the day kept, clamped to the last day of a shorter month: 31 January + 1 month = 28 or 29 February).
import { BAIL_NOT_RELEASED_DAYS, addDays, addMonths, isIsoDate } from './release.ts';

export type BailInput = {
  asOf: string;
  custodySince: string;
  bailGrantedOn: string;
  releasedOn: string | null;
  bailable: boolean; // every offence of the case is bailable
  excludedFromFund: boolean; // an offence on the scheme's excluded list
  dlsaInformedOn: string | null;
  dlsaRecommendedOn: string | null;
  committeeDecidedOn: string | null;
};

export type BailStage =
  'released' | 'furnishing' | 'inform-dlsa' | 'dlsa-to-recommend' | 'committee-to-decide' | 'awaiting-release' | 'fund-excluded';

export type BailOverdue = 'inform-dlsa' | 'recommend' | 'funds';

export type BailAssessment = {
  stage: BailStage;
  informDlsaBy: string; // bailGrantedOn + 7 days
  recommendBy: string | null; // dlsaInformedOn + 5 days; null until informed, or when excluded
  committeeMeetsOn: string | null; // first 1st-or-3rd Monday of a month on or after dlsaRecommendedOn
  fundsBy: string | null; // committeeMeetsOn + 5 days
  courtMayRevisitFrom: string; // bailGrantedOn + 1 month
  indigencePresumedFrom: string | null; // S.478: custodySince + 7 days when bailable, else null
  overdue: BailOverdue[]; // a due date before asOf with its step not recorded
};

/** The jail tells the DLSA this many days after bail was granted (the same 7 days as release.ts). */
export const INFORM_DLSA_DAYS = BAIL_NOT_RELEASED_DAYS;
/** The DLSA recommends to the District Level Empowered Committee within this many days of being told. */
export const DLSA_RECOMMEND_DAYS = 5;
/** The committee releases the money within this many days of its meeting. */
export const FUNDS_RELEASE_DAYS = 5;
/** Bonds not furnished within this many months: the court may revisit the conditions. */
export const COURT_REVISIT_MONTHS = 1;
/** S.478 BNSS: a bond not furnished within a week of arrest, the person is presumed indigent. */
export const INDIGENCE_DAYS = 7;

/** `iso` as a checked date, or a RangeError naming the field (RangeError is an Error). */
function checkedDate(field: string, iso: unknown): string {
  if (typeof iso !== 'string' || !isIsoDate(iso)) {
    throw new RangeError(`bailToRelease: ${field} must be a calendar date written YYYY-MM-DD, got ${JSON.stringify(iso)}`);
  }
  return iso;
}

function checkedFlag(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`bailToRelease: ${field} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

/** A recorded date counts only once it has happened: on or before asOf. */
function recorded(field: string, iso: string | null, asOf: string): string | null {
  if (iso === null) return null;
  return checkedDate(field, iso) <= asOf ? iso : null;
}

/**
 * The first Monday on or after `iso` that is the 1st or the 3rd Monday of its month — the days the District
 * Level Empowered Committee sits (docs/law.md#bail-clocks). The 1st Monday falls on the 1st to the 7th, the
 * 3rd on the 15th to the 21st; a date after the 3rd Monday moves to the next month's 1st Monday.
 */
export function firstOrThirdMondayOnOrAfter(iso: string): string {
  checkedDate('date', iso);
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  const first = firstMondayOf(year, month);
  if (day <= first) return isoOf(year, month, first);
  if (day <= first + 14) return isoOf(year, month, first + 14);
  const next = addMonths(isoOf(year, month, 1), 1);
  const [ny, nm] = [Number(next.slice(0, 4)), Number(next.slice(5, 7))];
  return isoOf(ny, nm, firstMondayOf(ny, nm));
}

/** Day of the month (1–7) of the month's first Monday. */
function firstMondayOf(year: number, month: number): number {
  const weekdayOfFirst = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 Sunday … 1 Monday … 6 Saturday
  return 1 + ((8 - weekdayOfFirst) % 7);
}

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Where a person with bail stands on `asOf`, and the date by which each office is to act
 * (docs/law.md#bail-clocks). Throws a RangeError for a date that is not a real `YYYY-MM-DD` day.
 */
export function bailToRelease(input: BailInput): BailAssessment {
  const asOf = checkedDate('asOf', input.asOf);
  const custodySince = checkedDate('custodySince', input.custodySince);
  const bailGrantedOn = checkedDate('bailGrantedOn', input.bailGrantedOn);
  const bailable = checkedFlag('bailable', input.bailable);
  const excluded = checkedFlag('excludedFromFund', input.excludedFromFund);
  const releasedOn = recorded('releasedOn', input.releasedOn, asOf);
  const informedOn = recorded('dlsaInformedOn', input.dlsaInformedOn, asOf);
  const recommendedOn = recorded('dlsaRecommendedOn', input.dlsaRecommendedOn, asOf);
  const decidedOn = recorded('committeeDecidedOn', input.committeeDecidedOn, asOf);

  const informDlsaBy = addDays(bailGrantedOn, INFORM_DLSA_DAYS);
  const recommendBy = informedOn !== null && !excluded ? addDays(informedOn, DLSA_RECOMMEND_DAYS) : null;
  // Decision: no committee (and so no money) for an offence the fund excludes, even if a recommendation was recorded.
  const committeeMeetsOn = recommendedOn !== null && !excluded ? firstOrThirdMondayOnOrAfter(recommendedOn) : null;
  const fundsBy = committeeMeetsOn !== null ? addDays(committeeMeetsOn, FUNDS_RELEASE_DAYS) : null;
  const courtMayRevisitFrom = addMonths(bailGrantedOn, COURT_REVISIT_MONTHS);
  const indigencePresumedFrom = bailable ? addDays(custodySince, INDIGENCE_DAYS) : null;
  const dates = { informDlsaBy, recommendBy, committeeMeetsOn, fundsBy, courtMayRevisitFrom, indigencePresumedFrom };

  if (releasedOn !== null) return { stage: 'released', ...dates, overdue: [] };

  let stage: BailStage;
  if (informedOn === null) stage = asOf < informDlsaBy ? 'furnishing' : 'inform-dlsa';
  else if (excluded) stage = 'fund-excluded';
  else if (recommendedOn === null) stage = 'dlsa-to-recommend';
  else if (decidedOn === null) stage = 'committee-to-decide';
  else stage = 'awaiting-release';

  const overdue: BailOverdue[] = [];
  if (informedOn === null && informDlsaBy < asOf) overdue.push('inform-dlsa');
  if (recommendBy !== null && recommendedOn === null && recommendBy < asOf) overdue.push('recommend');
  if (fundsBy !== null && decidedOn === null && fundsBy < asOf) overdue.push('funds');

  return { stage, ...dates, overdue };
}
