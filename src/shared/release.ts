// When the law says an undertrial must be released (docs/law.md#section-479-bnss): S.479 BNSS (half /
// one third of the maximum, never beyond the maximum) and default bail under S.187(3) BNSS
// (docs/law.md#default-bail). One pure function used by the server (stored dates) and the client (the
// explanation and the badges), on ISO `YYYY-MM-DD` strings in UTC. Every threshold, fraction and window
// the release tracker counts with is a constant here and nowhere else: SQL only compares dates stored
// from these with the clock (docs/decisions/0036-law-in-one-module.md).
//
// Calendar rule (decision): adding whole months keeps the day of the month and clamps it to the last
// day of the target month when that month is shorter, so 31 January + 1 month is 28 February (29 in a
// leap year) and 31 August + 6 months is 28/29 February. This is what date-fns `addMonths` and
// PostgreSQL's `date + interval '1 month'` do.

export interface ReleaseOffence {
  /** Maximum imprisonment in months, null when the offence carries none. */
  maxMonths: number | null;
  life: boolean;
  death: boolean;
}

export interface ReleaseInput {
  custodySince: string;
  asOf: string;
  offences: ReleaseOffence[];
  firstTimeOffender: boolean;
  otherPendingCases: number;
  delayByAccusedDays: number;
  chargesheetFiledOn: string | null;
}

export interface ReleaseAssessment {
  s479: {
    status: 'not-applicable' | 'barred' | 'not-yet' | 'eligible';
    fraction: S479Fraction | null;
    eligibleOn: string | null;
    maximumEndsOn: string | null;
  };
  defaultBail: { status: 'not-applicable' | 'not-yet' | 'eligible'; days: DefaultBailDays | null; eligibleOn: string | null };
}

/**
 * S.479(1) BNSS: the share of the maximum after which the court is to release — one half, one third for
 * a first-time offender (docs/law.md#section-479-bnss). The key is what the screens and `cases` show.
 */
export const S479_FRACTIONS = { '1/2': 2, '1/3': 3 } as const;
export type S479Fraction = keyof typeof S479_FRACTIONS;
/**
 * S.187(3) BNSS: days of custody without a charge-sheet before default bail — 90 for offences punishable
 * with death, life or ten years or more, 60 for the rest (docs/law.md#default-bail).
 */
export const DEFAULT_BAIL_DAYS = { long: 90, short: 60 } as const;
export type DefaultBailDays = (typeof DEFAULT_BAIL_DAYS)[keyof typeof DEFAULT_BAIL_DAYS];
/** Ten years: offences with this maximum or more get the long default-bail period. */
export const DEFAULT_BAIL_LONG_MONTHS = 120;
/**
 * "Eligible within 30 days" (the jail's filter and badge): the S.479 date falls after today and at most
 * this many days on. A product window, not the law's. The database stores each case's first day of the
 * window (`cases.s479_eligible_soon_from`, eligibleSoonFrom) and compares it with the clock, so a change
 * here is the only edit needed, followed by `npm run release:recompute`.
 */
export const ELIGIBLE_SOON_DAYS = 30;
/**
 * Bail granted, not released: after this many days the superintendent tells the DLSA (Supreme Court
 * directions 2023; the poor-prisoners fund starts from the same day, docs/law.md#bail-granted-not-released).
 */
export const BAIL_NOT_RELEASED_DAYS = 7;
/** Days in a month at the rule's average: 365.25 / 12. */
export const DAYS_PER_MONTH = 30.4375;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  return partsOrNull(value) !== null;
}

// The calendar by arithmetic, not Date objects: the bail desk and the UTRC list count a page of dates on
// every request, and a Date (with toISOString) a call was most of that cost. Years 0000–9999, as written.
function partsOrNull(iso: string): [number, number, number] | null {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return [y, mo, d];
}

function parts(iso: string): [number, number, number] {
  const p = partsOrNull(iso);
  if (!p) throw new RangeError(`Not an ISO date: ${iso}`);
  return p;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date; `d` may run past the month (it counts on). */
function daysFromCivil(year: number, month: number, d: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01 (the inverse of daysFromCivil). */
function isoOfDays(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 0 || y > 9999) return format(days * 86_400_000);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return isoOfDays(daysFromCivil(y, m, d) + days);
}

/** Whole calendar months, the day clamped to the end of a shorter month (see the calendar rule above). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return isoOfDays(daysFromCivil(year, month, Math.min(d, daysInMonth(year, month))));
}

/** Today's date in India (UTC+5:30, no daylight saving), where every court and jail Rihaai serves is. */
export function todayInIndia(now: Date = new Date()): string {
  return format(now.getTime() + 330 * 60_000);
}

/**
 * custodySince + months × numerator / denominator: whole calendar months when that is a whole number,
 * else days at 30.4375 a month rounded up. 30.4375 = 487 / 16, so the day count is exact integer maths.
 */
function addFractionOfMonths(iso: string, months: number, denominator: number): string {
  if (Number.isInteger(months) && months % denominator === 0) return addMonths(iso, months / denominator);
  const days = Number.isInteger(months)
    ? Math.ceil((months * 487) / (16 * denominator))
    : Math.ceil((months * DAYS_PER_MONTH) / denominator - 1e-9);
  return addDays(iso, days);
}

function imprisonmentMonths(o: ReleaseOffence): number {
  return o.maxMonths !== null && o.maxMonths > 0 ? o.maxMonths : 0;
}

export function assessRelease(input: ReleaseInput): ReleaseAssessment {
  const { custodySince, asOf, offences, delayByAccusedDays } = input;
  const delay = Math.max(0, delayByAccusedDays);
  const longest = Math.max(0, ...offences.map(imprisonmentMonths));
  const gravest = offences.some((o) => o.death || o.life);

  let s479: ReleaseAssessment['s479'];
  if (gravest || longest === 0) {
    s479 = { status: 'not-applicable', fraction: null, eligibleOn: null, maximumEndsOn: null };
  } else {
    const maximumEndsOn = addDays(addMonths(custodySince, longest), delay);
    if (offences.length > 1 || input.otherPendingCases > 0) {
      s479 = { status: 'barred', fraction: null, eligibleOn: null, maximumEndsOn };
    } else {
      const fraction: S479Fraction = input.firstTimeOffender ? '1/3' : '1/2';
      const eligibleOn = addDays(addFractionOfMonths(custodySince, longest, S479_FRACTIONS[fraction]), delay);
      s479 = {
        status: asOf >= eligibleOn ? 'eligible' : 'not-yet',
        fraction,
        eligibleOn,
        maximumEndsOn,
      };
    }
  }

  const days = gravest || longest >= DEFAULT_BAIL_LONG_MONTHS ? DEFAULT_BAIL_DAYS.long : DEFAULT_BAIL_DAYS.short;
  const bailOn = addDays(custodySince, days);
  const filed = input.chargesheetFiledOn;
  let status: ReleaseAssessment['defaultBail']['status'];
  if (filed !== null && filed < bailOn) status = 'not-applicable';
  else if ((filed === null || filed > asOf) && asOf >= bailOn) status = 'eligible';
  else status = 'not-yet';

  return { s479, defaultBail: { status, days, eligibleOn: bailOn } };
}

/** The first day a case counts as "eligible within 30 days": its S.479 date minus ELIGIBLE_SOON_DAYS. */
export function eligibleSoonFrom(eligibleOn: string): string {
  return addDays(eligibleOn, -ELIGIBLE_SOON_DAYS);
}

/** A case's stored release dates, as the jail card and `cases` carry them. */
export interface ReleaseDates {
  s479EligibleOn: string | null;
  maximumEndsOn: string | null;
  defaultBailEligibleOn: string | null;
  releasedOn: string | null;
  /** The court's bail order, as recorded (src/shared/bail-timeline.ts), when the read carries it. */
  bailGrantedOn?: string | null | undefined;
}

export interface ReleaseFlags {
  eligibleNow: boolean;
  eligibleSoon: boolean;
  defaultBailDue: boolean;
  pastMaximum: boolean;
}

/**
 * The four release filters of one case on `day`, the rule member_release_refresh applies in SQL to the
 * stored dates (drizzle/0022_release_window_in_ts.sql): a person released by then counts for none, nor
 * does one granted bail by then (the way out is the bond, not an application: src/shared/bail-timeline.ts).
 */
export function releaseFlagsOn(r: ReleaseDates, chargesheetFiledOn: string | null, day: string): ReleaseFlags {
  const onBail = r.bailGrantedOn != null && r.bailGrantedOn <= day;
  if (onBail || (r.releasedOn !== null && r.releasedOn <= day))
    return { eligibleNow: false, eligibleSoon: false, defaultBailDue: false, pastMaximum: false };
  const on = r.s479EligibleOn;
  return {
    eligibleNow: on !== null && on <= day,
    eligibleSoon: on !== null && on > day && eligibleSoonFrom(on) <= day,
    defaultBailDue:
      r.defaultBailEligibleOn !== null && r.defaultBailEligibleOn <= day && (chargesheetFiledOn === null || chargesheetFiledOn > day),
    pastMaximum: r.maximumEndsOn !== null && r.maximumEndsOn <= day,
  };
}
