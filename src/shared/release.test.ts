// Worked examples of assessRelease, each with its reasoning. The expected dates were
// counted by hand on a calendar, not produced by the function. Calendar rule: whole months keep the day
// and clamp it to the end of a shorter month (31 January + 1 month = 28 February, 29 in a leap year).
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, assessRelease, isIsoDate, todayInIndia, type ReleaseAssessment, type ReleaseInput } from './release.ts';

const imprisonment = (maxMonths: number) => ({ maxMonths, life: false, death: false });
const LIFE = { maxMonths: null, life: true, death: false };
const DEATH_OR_LIFE = { maxMonths: null, life: true, death: true };
const FINE_ONLY = { maxMonths: null, life: false, death: false };

const base: ReleaseInput = {
  custodySince: '2024-01-01',
  asOf: '2024-06-01',
  offences: [imprisonment(36)],
  firstTimeOffender: false,
  otherPendingCases: 0,
  delayByAccusedDays: 0,
  chargesheetFiledOn: '2024-02-01',
};

type S479 = ReleaseAssessment['s479'];
type Bail = ReleaseAssessment['defaultBail'];
const na: S479 = { status: 'not-applicable', fraction: null, eligibleOn: null, maximumEndsOn: null };
const s479Result = (status: 'not-yet' | 'eligible', fraction: '1/2' | '1/3', eligibleOn: string, maximumEndsOn: string): S479 => ({
  status,
  fraction,
  eligibleOn,
  maximumEndsOn,
});
/** Barred by S.479(2): no fraction, only the cap of the longest maximum. */
const barred = (maximumEndsOn: string): S479 => ({ status: 'barred', fraction: null, eligibleOn: null, maximumEndsOn });
const bailResult = (status: Bail['status'], days: 60 | 90, eligibleOn: string): Bail => ({ status, days, eligibleOn });
/** 60-day default bail from 1 Jan 2024 with a charge-sheet filed on 1 Feb 2024: not applicable. */
const bailFiledInTime: Bail = { status: 'not-applicable', days: 60, eligibleOn: '2024-03-01' };

interface Example {
  why: string;
  input: Partial<ReleaseInput>;
  s479: S479;
  defaultBail: Bail;
}

const examples: Example[] = [
  // ── S.479: the half rule, whole months ─────────────────────────────────────────────────────────
  {
    why: 'theft (3 years), repeat offender: half of 36 months is 18 whole months, 1 Jan 2024 + 18 months = 1 Jul 2025, not reached on 1 Jun 2025',
    input: { asOf: '2025-06-01' },
    s479: s479Result('not-yet', '1/2', '2025-07-01', '2027-01-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'same case on the eligible day itself: asOf = eligibleOn counts as eligible',
    input: { asOf: '2025-07-01' },
    s479: s479Result('eligible', '1/2', '2025-07-01', '2027-01-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'same case the day before the eligible day: not yet',
    input: { asOf: '2025-06-30' },
    s479: s479Result('not-yet', '1/2', '2025-07-01', '2027-01-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'robbery (10 years = 120 months), repeat: half is 60 months = 1 Jan 2029; 120 months also makes default bail 90 days',
    input: { offences: [imprisonment(120)], asOf: '2024-06-01' },
    s479: s479Result('not-yet', '1/2', '2029-01-01', '2034-01-01'),
    defaultBail: bailResult('not-applicable', 90, '2024-03-31'),
  },
  {
    why: 'NDPS commercial (20 years = 240 months) from 29 Feb 2024: + 120 months lands on 29 Feb 2034, which does not exist, so 28 Feb; the maximum ends 29 Feb 2044 (a leap year)',
    input: { custodySince: '2024-02-29', offences: [imprisonment(240)], chargesheetFiledOn: '2024-05-01', asOf: '2024-06-01' },
    s479: s479Result('not-yet', '1/2', '2034-02-28', '2044-02-29'),
    defaultBail: bailResult('not-applicable', 90, '2024-05-29'),
  },
  // ── S.479: one third for a first-time offender ──────────────────────────────────────────────────
  {
    why: 'theft, first offence: one third of 36 months is 12 whole months = 1 Jan 2025; eligible on that day',
    input: { firstTimeOffender: true, asOf: '2025-01-01' },
    s479: s479Result('eligible', '1/3', '2025-01-01', '2027-01-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'cheating (7 years = 84 months), first offence, from 15 Mar 2023: one third is 28 months = 15 Jul 2025',
    input: {
      custodySince: '2023-03-15',
      offences: [imprisonment(84)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2023-04-01',
      asOf: '2025-08-01',
    },
    s479: s479Result('eligible', '1/3', '2025-07-15', '2030-03-15'),
    defaultBail: bailResult('not-applicable', 60, '2023-05-14'),
  },
  {
    why: 'criminal breach of trust (5 years = 60 months), first offence, from 1 Jul 2024: one third is 20 months = 1 Mar 2026',
    input: {
      custodySince: '2024-07-01',
      offences: [imprisonment(60)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2024-08-01',
      asOf: '2026-02-28',
    },
    s479: s479Result('not-yet', '1/3', '2026-03-01', '2029-07-01'),
    defaultBail: bailResult('not-applicable', 60, '2024-08-30'),
  },
  {
    why: 'robbery (120 months), first offence, from 31 May 2024: one third is 40 months = 31 Sep 2027, clamped to 30 Sep 2027',
    input: {
      custodySince: '2024-05-31',
      offences: [imprisonment(120)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2024-06-15',
      asOf: '2027-09-30',
    },
    s479: s479Result('eligible', '1/3', '2027-09-30', '2034-05-31'),
    defaultBail: bailResult('not-applicable', 90, '2024-08-29'),
  },
  // ── Month ends ─────────────────────────────────────────────────────────────────────────────────
  {
    why: 'month end: 31 Jan 2025 + 1 month (half of 2 months) = 28 Feb 2025 (clamped: February 2025 has 28 days)',
    input: { custodySince: '2025-01-31', offences: [imprisonment(2)], chargesheetFiledOn: '2025-02-10', asOf: '2025-02-28' },
    s479: s479Result('eligible', '1/2', '2025-02-28', '2025-03-31'),
    defaultBail: bailResult('not-applicable', 60, '2025-04-01'),
  },
  {
    why: 'month end, leap year: 31 Jan 2024 + 1 month = 29 Feb 2024; on 28 Feb not yet',
    input: { custodySince: '2024-01-31', offences: [imprisonment(2)], chargesheetFiledOn: '2024-02-10', asOf: '2024-02-28' },
    s479: s479Result('not-yet', '1/2', '2024-02-29', '2024-03-31'),
    defaultBail: bailResult('not-applicable', 60, '2024-03-31'),
  },
  {
    why: 'month end, first offence: one third of 3 months is 1 month, 31 Jan 2024 + 1 month = 29 Feb 2024; the maximum (3 months) ends 30 Apr (clamped from 31 Apr)',
    input: {
      custodySince: '2024-01-31',
      offences: [imprisonment(3)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2024-02-10',
      asOf: '2024-03-01',
    },
    s479: s479Result('eligible', '1/3', '2024-02-29', '2024-04-30'),
    defaultBail: bailResult('not-applicable', 60, '2024-03-31'),
  },
  {
    why: 'month end: hurt (1 year), first offence, from 31 Oct 2024: one third is 4 months = 31 Feb 2025, clamped to 28 Feb 2025',
    input: {
      custodySince: '2024-10-31',
      offences: [imprisonment(12)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2024-11-15',
      asOf: '2025-02-27',
    },
    s479: s479Result('not-yet', '1/3', '2025-02-28', '2025-10-31'),
    defaultBail: bailResult('not-applicable', 60, '2024-12-30'),
  },
  {
    why: 'month end: 31 Aug 2023 + 6 months (half of 12) = 31 Feb 2024, clamped to 29 Feb 2024 (leap year)',
    input: { custodySince: '2023-08-31', offences: [imprisonment(12)], chargesheetFiledOn: '2023-09-15', asOf: '2024-02-29' },
    s479: s479Result('eligible', '1/2', '2024-02-29', '2024-08-31'),
    defaultBail: bailResult('not-applicable', 60, '2023-10-30'),
  },
  // ── Not a whole number of months: days at 30.4375 a month, rounded up ──────────────────────────
  {
    why: 'half of 7 months is 3.5: 3.5 × 30.4375 = 106.53 days, rounded up to 107; 1 Jan 2024 + 107 days = 17 Apr 2024',
    input: { offences: [imprisonment(7)], asOf: '2024-04-17' },
    s479: s479Result('eligible', '1/2', '2024-04-17', '2024-08-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'half of 5 months is 2.5: 76.09 days, rounded up to 77; 1 Jan 2025 + 77 days = 19 Mar 2025',
    input: { custodySince: '2025-01-01', offences: [imprisonment(5)], chargesheetFiledOn: '2025-02-01', asOf: '2025-03-18' },
    s479: s479Result('not-yet', '1/2', '2025-03-19', '2025-06-01'),
    defaultBail: bailResult('not-applicable', 60, '2025-03-02'),
  },
  {
    why: 'one third of 1 month: 10.15 days, rounded up to 11; 1 Mar 2024 + 11 days = 12 Mar 2024',
    input: {
      custodySince: '2024-03-01',
      offences: [imprisonment(1)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2024-03-05',
      asOf: '2024-03-12',
    },
    s479: s479Result('eligible', '1/3', '2024-03-12', '2024-04-01'),
    defaultBail: bailResult('not-applicable', 60, '2024-04-30'),
  },
  {
    why: 'one third of 10 months: 101.46 days, rounded up to 102; 1 Jan 2025 + 102 days = 13 Apr 2025',
    input: {
      custodySince: '2025-01-01',
      offences: [imprisonment(10)],
      firstTimeOffender: true,
      chargesheetFiledOn: '2025-02-01',
      asOf: '2025-04-12',
    },
    s479: s479Result('not-yet', '1/3', '2025-04-13', '2025-11-01'),
    defaultBail: bailResult('not-applicable', 60, '2025-03-02'),
  },
  {
    why: 'criminal intimidation (2 years), first offence: one third of 24 months is 8 whole months, 1 Jan 2024 → 1 Sep 2024',
    input: { offences: [imprisonment(24)], firstTimeOffender: true, asOf: '2024-09-01' },
    s479: s479Result('eligible', '1/3', '2024-09-01', '2026-01-01'),
    defaultBail: bailFiledInTime,
  },
  // ── Delay caused by the accused is added ───────────────────────────────────────────────────────
  {
    why: 'theft with 30 days of delay by the accused: 1 Jul 2025 + 30 days = 31 Jul 2025; the maximum moves too, 1 Jan 2027 + 30 = 31 Jan 2027',
    input: { delayByAccusedDays: 30, asOf: '2025-07-15' },
    s479: s479Result('not-yet', '1/2', '2025-07-31', '2027-01-31'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'delay after a day count: half of 7 months = 107 days → 17 Apr 2024, + 10 days of delay = 27 Apr 2024',
    input: { offences: [imprisonment(7)], delayByAccusedDays: 10, asOf: '2024-04-26' },
    s479: s479Result('not-yet', '1/2', '2024-04-27', '2024-08-11'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'delay is added after the months: 31 Jan 2024 + 1 month = 29 Feb (clamped), then + 1 day of delay = 1 Mar 2024',
    input: {
      custodySince: '2024-01-31',
      offences: [imprisonment(2)],
      delayByAccusedDays: 1,
      chargesheetFiledOn: '2024-02-10',
      asOf: '2024-03-01',
    },
    s479: s479Result('eligible', '1/2', '2024-03-01', '2024-04-01'),
    defaultBail: bailResult('not-applicable', 60, '2024-03-31'),
  },
  // ── Not applicable: death or life, or no imprisonment ─────────────────────────────────────────
  {
    why: 'murder (death or life): S.479 excludes it; default bail is 90 days, 1 Jan 2024 + 90 = 31 Mar 2024, no charge-sheet by 10 Apr → due',
    input: { offences: [DEATH_OR_LIFE], chargesheetFiledOn: null, asOf: '2024-04-10' },
    s479: na,
    defaultBail: bailResult('eligible', 90, '2024-03-31'),
  },
  {
    why: 'rape (up to life): excluded from S.479 because life is one of the punishments; 90 days',
    input: { offences: [LIFE], chargesheetFiledOn: '2024-03-01' },
    s479: na,
    defaultBail: bailResult('not-applicable', 90, '2024-03-31'),
  },
  {
    why: 'attempt to murder with hurt (10 years, or life): life is an option, so excluded, even though a term of months is given',
    input: { offences: [{ maxMonths: 120, life: true, death: false }], firstTimeOffender: true, asOf: '2030-01-01' },
    s479: na,
    defaultBail: bailResult('not-applicable', 90, '2024-03-31'),
  },
  {
    why: 'theft together with dacoity (life): one offence carrying life excludes S.479 altogether (not-applicable wins over barred)',
    input: { offences: [imprisonment(36), LIFE], otherPendingCases: 2 },
    s479: na,
    defaultBail: bailResult('not-applicable', 90, '2024-03-31'),
  },
  {
    why: 'an offence punishable with fine only: no imprisonment to count half of; default bail 60 days, not-yet on 29 Feb (due 1 Mar)',
    input: { offences: [FINE_ONLY], chargesheetFiledOn: null, asOf: '2024-02-29' },
    s479: na,
    defaultBail: bailResult('not-yet', 60, '2024-03-01'),
  },
  {
    why: 'no offence entered yet: nothing carries imprisonment, so not applicable; default bail still counts 60 days',
    input: { offences: [], chargesheetFiledOn: null, asOf: '2024-03-01' },
    s479: na,
    defaultBail: bailResult('eligible', 60, '2024-03-01'),
  },
  {
    why: 'a maximum of 0 months is no imprisonment: not applicable',
    input: { offences: [imprisonment(0)] },
    s479: na,
    defaultBail: bailFiledInTime,
  },
  // ── Barred: more than one offence or case (S.479(2)); the maximum cap still applies ───────────
  {
    why: 'theft and cheating together: two offences bar the half rule; the cap runs from the longest maximum, 84 months → 1 Jan 2031',
    input: { offences: [imprisonment(36), imprisonment(84)], asOf: '2026-01-01' },
    s479: barred('2031-01-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'one offence but another case pending: barred, even for a first-time offender; the maximum still ends 1 Jan 2027',
    input: { otherPendingCases: 1, firstTimeOffender: true, asOf: '2026-01-01' },
    s479: barred('2027-01-01'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'barred with 45 days of delay by the accused: the maximum moves to 1 Jan 2027 + 45 = 15 Feb 2027',
    input: { otherPendingCases: 3, delayByAccusedDays: 45 },
    s479: barred('2027-02-15'),
    defaultBail: bailFiledInTime,
  },
  {
    why: 'hurt plus an offence with fine only: still two offences, so barred; the cap comes from the 12-month one',
    input: { offences: [imprisonment(12), FINE_ONLY] },
    s479: barred('2025-01-01'),
    defaultBail: bailFiledInTime,
  },
  // ── Default bail (S.187(3)): 60 or 90 days, the first day counted as day one ───────────────────
  {
    why: '60 days from 1 Jan 2025 (not a leap year): day 1 = 1 Jan, day 60 = 1 Mar, so due on 2 Mar 2025; no charge-sheet by then → eligible',
    input: { custodySince: '2025-01-01', chargesheetFiledOn: null, asOf: '2025-03-02' },
    s479: s479Result('not-yet', '1/2', '2026-07-01', '2028-01-01'),
    defaultBail: bailResult('eligible', 60, '2025-03-02'),
  },
  {
    why: '60 days from 1 Jan 2025, the last day of the period (1 Mar): not yet',
    input: { custodySince: '2025-01-01', chargesheetFiledOn: null, asOf: '2025-03-01' },
    s479: s479Result('not-yet', '1/2', '2026-07-01', '2028-01-01'),
    defaultBail: bailResult('not-yet', 60, '2025-03-02'),
  },
  {
    why: '60 days across a year end: 15 Dec 2024 + 60 days = 13 Feb 2025',
    input: { custodySince: '2024-12-15', chargesheetFiledOn: null, asOf: '2025-02-12' },
    s479: s479Result('not-yet', '1/2', '2026-06-15', '2027-12-15'),
    defaultBail: bailResult('not-yet', 60, '2025-02-13'),
  },
  {
    why: '119 months is under ten years: 60 days, not 90',
    input: { offences: [imprisonment(119)], chargesheetFiledOn: null, asOf: '2024-03-01' },
    s479: s479Result('not-yet', '1/2', '2028-12-17', '2033-12-01'),
    defaultBail: bailResult('eligible', 60, '2024-03-01'),
  },
  {
    why: '120 months (ten years) gets 90 days: 1 Jan 2024 + 90 = 31 Mar; on 30 Mar not yet',
    input: { offences: [imprisonment(120)], chargesheetFiledOn: null, asOf: '2024-03-30' },
    s479: s479Result('not-yet', '1/2', '2029-01-01', '2034-01-01'),
    defaultBail: bailResult('not-yet', 90, '2024-03-31'),
  },
  {
    why: 'charge-sheet filed on 29 Feb 2024, the last day of the 60: filed before eligibleOn (1 Mar), so default bail does not apply',
    input: { chargesheetFiledOn: '2024-02-29', asOf: '2024-06-01' },
    s479: s479Result('not-yet', '1/2', '2025-07-01', '2027-01-01'),
    defaultBail: bailResult('not-applicable', 60, '2024-03-01'),
  },
  {
    why: 'charge-sheet filed on 1 Mar 2024, the eligible day: not before eligibleOn, but filed by asOf, so the right (to be claimed before filing) is not open: not-yet',
    input: { chargesheetFiledOn: '2024-03-01', asOf: '2024-03-05' },
    s479: s479Result('not-yet', '1/2', '2025-07-01', '2027-01-01'),
    defaultBail: bailResult('not-yet', 60, '2024-03-01'),
  },
  {
    why: 'charge-sheet dated 1 Apr 2024 but asOf is 15 Mar: no charge-sheet by asOf and the 60 days are over → eligible',
    input: { chargesheetFiledOn: '2024-04-01', asOf: '2024-03-15' },
    s479: s479Result('not-yet', '1/2', '2025-07-01', '2027-01-01'),
    defaultBail: bailResult('eligible', 60, '2024-03-01'),
  },
  {
    why: 'both at once: first offence with no charge-sheet after a year: S.479 eligible (1 Jan 2025) and default bail due',
    input: { firstTimeOffender: true, chargesheetFiledOn: null, asOf: '2025-01-02' },
    s479: s479Result('eligible', '1/3', '2025-01-01', '2027-01-01'),
    defaultBail: bailResult('eligible', 60, '2024-03-01'),
  },
];

describe('assessRelease: worked examples', () => {
  it('has at least 30 examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(30);
  });

  it.each(examples)('$why', ({ input, s479, defaultBail }) => {
    expect(assessRelease({ ...base, ...input })).toEqual({ s479, defaultBail });
  });

  it('covers every status of both rules and both fractions', () => {
    const results = examples.map((e) => assessRelease({ ...base, ...e.input }));
    expect(new Set(results.map((r) => r.s479.status))).toEqual(new Set(['not-applicable', 'barred', 'not-yet', 'eligible']));
    expect(new Set(results.map((r) => r.defaultBail.status))).toEqual(new Set(['not-applicable', 'not-yet', 'eligible']));
    expect(new Set(results.map((r) => r.s479.fraction))).toEqual(new Set(['1/2', '1/3', null]));
    expect(new Set(results.map((r) => r.defaultBail.days))).toEqual(new Set([60, 90]));
  });
});

describe('date helpers', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-12-31', 2, '2025-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-05-15', 0, '2024-05-15'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(from, months)).toBe(expected);
  });

  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
  ])('%s + %i days = %s', (from, days, expected) => {
    expect(addDays(from, days)).toBe(expected);
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(() => addDays('01/02/2024', 1)).toThrow(RangeError);
  });

  it('today in India turns over at 18:30 UTC', () => {
    expect(todayInIndia(new Date('2024-06-01T18:29:00Z'))).toBe('2024-06-01');
    expect(todayInIndia(new Date('2024-06-01T18:30:00Z'))).toBe('2024-06-02');
  });
});
