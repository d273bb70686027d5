// When the law says an undertrial must be released (LAW.md): S.479 BNSS (half / one third of the
// maximum, never beyond the maximum) and default bail under S.187(3) BNSS. One pure function used by
// the server (stored dates) and the client (the explanation), on ISO `YYYY-MM-DD` strings in UTC.
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
    fraction: '1/2' | '1/3' | null;
    eligibleOn: string | null;
    maximumEndsOn: string | null;
  };
  defaultBail: { status: 'not-applicable' | 'not-yet' | 'eligible'; days: 60 | 90 | null; eligibleOn: string | null };
}

/** Days in a month at the rule's average: 365.25 / 12. */
export const DAYS_PER_MONTH = 30.4375;
/** Ten years: offences with this maximum or more get 90 days before default bail. */
export const DEFAULT_BAIL_LONG_MONTHS = 120;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function parts(iso: string): [number, number, number] {
  const m = ISO_DATE.exec(iso);
  if (!m || !isIsoDate(iso)) throw new RangeError(`Not an ISO date: ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return format(Date.UTC(y, m - 1, d + days));
}

/** Whole calendar months, the day clamped to the end of a shorter month (see the calendar rule above). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return format(Date.UTC(year, month - 1, Math.min(d, daysInMonth(year, month))));
}

/** Today's date in India (UTC+5:30, no daylight saving), where every court and jail Rihaai serves is. */
export function todayInIndia(now: Date = new Date()): string {
  return format(now.getTime() + 330 * 60_000);
}

/**
 * custodySince + months × numerator / denominator: whole calendar months when that is a whole number,
 * else days at 30.4375 a month rounded up. 30.4375 = 487 / 16, so the day count is exact integer maths.
 */
function addFractionOfMonths(iso: string, months: number, denominator: 1 | 2 | 3): string {
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
      const denominator = input.firstTimeOffender ? 3 : 2;
      const eligibleOn = addDays(addFractionOfMonths(custodySince, longest, denominator), delay);
      s479 = {
        status: asOf >= eligibleOn ? 'eligible' : 'not-yet',
        fraction: input.firstTimeOffender ? '1/3' : '1/2',
        eligibleOn,
        maximumEndsOn,
      };
    }
  }

  const days: 60 | 90 = gravest || longest >= DEFAULT_BAIL_LONG_MONTHS ? 90 : 60;
  const bailOn = addDays(custodySince, days);
  const filed = input.chargesheetFiledOn;
  let status: ReleaseAssessment['defaultBail']['status'];
  if (filed !== null && filed < bailOn) status = 'not-applicable';
  else if ((filed === null || filed > asOf) && asOf >= bailOn) status = 'eligible';
  else status = 'not-yet';

  return { s479, defaultBail: { status, days, eligibleOn: bailOn } };
}
