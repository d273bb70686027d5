// Worked examples of bailToRelease (docs/law.md#bail-clocks), each with its reasoning. The expected dates
// were counted by hand on a calendar, not produced by the function. Calendar facts used below: in 2025 the
// Mondays of October are 6, 13, 20, 27; of November 3, 10, 17, 24; of December 1, 8, 15, 22, 29 (the 1st is
// a Monday); of August 4, 11, 18, 25; of September 1, 8, 15, 22, 29. In 2026 January's are 5, 12, 19, 26.
// In 2024 February's are 5, 12, 19, 26 and March's 4, 11, 18, 25; 1 January 2024 is a Monday and December
// 2023's Mondays are 4, 11, 18, 25. 2024 is a leap year, 2023 and 2025 are not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bailToRelease, firstOrThirdMondayOnOrAfter, type BailAssessment, type BailInput } from './bail.ts';
import { addDays } from './release.ts';

/** Bail granted on Friday 10 October 2025, custody from 1 October; nothing recorded yet. */
const base: BailInput = {
  asOf: '2025-10-10',
  custodySince: '2025-10-01',
  bailGrantedOn: '2025-10-10',
  releasedOn: null,
  bailable: false,
  excludedFromFund: false,
  dlsaInformedOn: null,
  dlsaRecommendedOn: null,
  committeeDecidedOn: null,
};

/** The dates every example on `base`'s grant date shares: 10 Oct + 7 days, 10 Oct + 1 month. */
const onBase = { informDlsaBy: '2025-10-17', courtMayRevisitFrom: '2025-11-10', indigencePresumedFrom: null } as const;
const noFund = { recommendBy: null, committeeMeetsOn: null, fundsBy: null } as const;

interface Example {
  /** The rule the example shows. */
  group: string;
  /** The reasoning, counted by hand. */
  why: string;
  /** What differs from `base`. */
  input: Partial<BailInput>;
  expected: BailAssessment;
}

const examples: Example[] = [
  // Furnishing and the jail's 7 days.
  {
    group: 'furnishing',
    why: 'granted today: 10 Oct + 7 = 17 Oct to tell the DLSA, 10 Oct + 1 month = 10 Nov; not bailable, so no S.478 date',
    input: {},
    expected: { stage: 'furnishing', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'furnishing',
    why: '16 Oct is the last day before 17 Oct: still furnishing',
    input: { asOf: '2025-10-16' },
    expected: { stage: 'furnishing', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'inform-dlsa',
    why: 'on 17 Oct the jail is to tell the DLSA; due today, so not yet overdue',
    input: { asOf: '2025-10-17' },
    expected: { stage: 'inform-dlsa', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'inform-dlsa',
    why: 'day 8 (18 Oct) with no intimation recorded: 17 Oct is before asOf, so inform-dlsa is overdue',
    input: { asOf: '2025-10-18' },
    expected: { stage: 'inform-dlsa', ...onBase, ...noFund, overdue: ['inform-dlsa'] },
  },
  {
    group: 'inform-dlsa',
    why: 'an intimation dated 20 Oct does not count on 18 Oct (after asOf): still overdue, no recommend-by date',
    input: { asOf: '2025-10-18', dlsaInformedOn: '2025-10-20' },
    expected: { stage: 'inform-dlsa', ...onBase, ...noFund, overdue: ['inform-dlsa'] },
  },
  {
    group: 'inform-dlsa',
    why: 'a release dated 12 Nov does not count on 9 Nov: nobody told the DLSA, overdue since 17 Oct',
    input: { asOf: '2025-11-09', releasedOn: '2025-11-12' },
    expected: { stage: 'inform-dlsa', ...onBase, ...noFund, overdue: ['inform-dlsa'] },
  },
  {
    group: 'inform-dlsa',
    why: 'grant 31 Aug 2025: 31 Aug + 7 = 7 Sep, overdue on 8 Sep; 31 Aug + 1 month = 30 Sep (September has 30 days)',
    input: { custodySince: '2025-08-25', bailGrantedOn: '2025-08-31', asOf: '2025-09-08' },
    expected: {
      stage: 'inform-dlsa',
      informDlsaBy: '2025-09-07',
      courtMayRevisitFrom: '2025-09-30',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: ['inform-dlsa'],
    },
  },

  // The DLSA's 5 days.
  {
    group: 'dlsa-to-recommend',
    why: 'jail told the DLSA early, on 15 Oct: the stage moves on although asOf (16 Oct) is before 17 Oct; 15 + 5 = 20 Oct',
    input: { asOf: '2025-10-16', dlsaInformedOn: '2025-10-15' },
    expected: { stage: 'dlsa-to-recommend', ...onBase, recommendBy: '2025-10-20', committeeMeetsOn: null, fundsBy: null, overdue: [] },
  },
  {
    group: 'dlsa-to-recommend',
    why: 'informed 17 Oct, recommend by 22 Oct; on 22 Oct it is due today, not overdue',
    input: { asOf: '2025-10-22', dlsaInformedOn: '2025-10-17' },
    expected: { stage: 'dlsa-to-recommend', ...onBase, recommendBy: '2025-10-22', committeeMeetsOn: null, fundsBy: null, overdue: [] },
  },
  {
    group: 'dlsa-to-recommend',
    why: 'informed 17 Oct, no recommendation on 23 Oct: 22 Oct is before asOf, so recommend is overdue',
    input: { asOf: '2025-10-23', dlsaInformedOn: '2025-10-17' },
    expected: {
      stage: 'dlsa-to-recommend',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: null,
      fundsBy: null,
      overdue: ['recommend'],
    },
  },
  {
    group: 'dlsa-to-recommend',
    why: 'the jail told the DLSA late (20 Oct) but it is recorded, so inform-dlsa is no longer overdue; 20 + 5 = 25 Oct',
    input: { asOf: '2025-10-20', dlsaInformedOn: '2025-10-20' },
    expected: { stage: 'dlsa-to-recommend', ...onBase, recommendBy: '2025-10-25', committeeMeetsOn: null, fundsBy: null, overdue: [] },
  },
  {
    group: 'dlsa-to-recommend',
    why: 'leap year: informed 26 Feb 2024, 26 Feb + 5 = 2 Mar (29 Feb counts); overdue on 3 Mar; 19 Feb + 1 month = 19 Mar',
    input: { custodySince: '2024-02-10', bailGrantedOn: '2024-02-19', dlsaInformedOn: '2024-02-26', asOf: '2024-03-03' },
    expected: {
      stage: 'dlsa-to-recommend',
      informDlsaBy: '2024-02-26',
      recommendBy: '2024-03-02',
      committeeMeetsOn: null,
      fundsBy: null,
      courtMayRevisitFrom: '2024-03-19',
      indigencePresumedFrom: null,
      overdue: ['recommend'],
    },
  },
  {
    group: 'dlsa-to-recommend',
    why: 'no leap day in 2025: informed 26 Feb, + 5 = 3 Mar, due today on 3 Mar',
    input: { custodySince: '2025-02-10', bailGrantedOn: '2025-02-19', dlsaInformedOn: '2025-02-26', asOf: '2025-03-03' },
    expected: {
      stage: 'dlsa-to-recommend',
      informDlsaBy: '2025-02-26',
      recommendBy: '2025-03-03',
      committeeMeetsOn: null,
      fundsBy: null,
      courtMayRevisitFrom: '2025-03-19',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },

  // The committee's Mondays and the money's 5 days.
  {
    group: 'committee-to-decide',
    why: 'recommended Tue 21 Oct, the day after October 2025’s 3rd Monday (20 Oct): next month’s 1st Monday, 3 Nov; money by 8 Nov',
    input: { asOf: '2025-10-21', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended on the 3rd Monday itself (20 Oct): "on or after" takes that day; money by 25 Oct',
    input: { asOf: '2025-10-20', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-20' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-10-20',
      fundsBy: '2025-10-25',
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended on the 2nd Monday (13 Oct), not a sitting day: the 3rd Monday, 20 Oct; informed 12 Oct, so recommend by 17 Oct',
    input: { asOf: '2025-10-14', dlsaInformedOn: '2025-10-12', dlsaRecommendedOn: '2025-10-13' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-17',
      committeeMeetsOn: '2025-10-20',
      fundsBy: '2025-10-25',
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended late (27 Oct, after 22 Oct) but recorded, so not overdue; 27 Oct is the 4th Monday: next is 3 Nov',
    input: { asOf: '2025-10-27', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-27' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'committee on 3 Nov, money by 8 Nov; on 8 Nov it is due today, not overdue',
    input: { asOf: '2025-11-08', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'on 9 Nov with no decision recorded, 8 Nov is past: funds overdue',
    input: { asOf: '2025-11-09', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: ['funds'],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'a decision dated 10 Nov does not count on 9 Nov: still deciding, funds overdue',
    input: { asOf: '2025-11-09', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21', committeeDecidedOn: '2025-11-10' },
    expected: {
      stage: 'committee-to-decide',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: ['funds'],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended Tue 18 Nov 2025, after the 3rd Monday (17 Nov): December’s 1st Monday is 1 Dec itself; money by 6 Dec',
    input: {
      custodySince: '2025-10-25',
      bailGrantedOn: '2025-11-03',
      dlsaInformedOn: '2025-11-10',
      dlsaRecommendedOn: '2025-11-18',
      asOf: '2025-11-18',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2025-11-10',
      recommendBy: '2025-11-15',
      committeeMeetsOn: '2025-12-01',
      fundsBy: '2025-12-06',
      courtMayRevisitFrom: '2025-12-03',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended on Mon 1 Dec 2025, a month whose 1st is a Monday: the committee sits that day',
    input: {
      custodySince: '2025-11-01',
      bailGrantedOn: '2025-11-14',
      dlsaInformedOn: '2025-11-21',
      dlsaRecommendedOn: '2025-12-01',
      asOf: '2025-12-01',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2025-11-21',
      recommendBy: '2025-11-26',
      committeeMeetsOn: '2025-12-01',
      fundsBy: '2025-12-06',
      courtMayRevisitFrom: '2025-12-14',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended 23 Dec 2025, after the 3rd Monday (15 Dec): across the year to Mon 5 Jan 2026; money by 10 Jan, not yet due on 6 Jan',
    input: {
      custodySince: '2025-11-20',
      bailGrantedOn: '2025-12-05',
      dlsaInformedOn: '2025-12-12',
      dlsaRecommendedOn: '2025-12-23',
      asOf: '2026-01-06',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2025-12-12',
      recommendBy: '2025-12-17',
      committeeMeetsOn: '2026-01-05',
      fundsBy: '2026-01-10',
      courtMayRevisitFrom: '2026-01-05',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended 19 Dec 2023, after the 3rd Monday (18 Dec): Mon 1 Jan 2024, New Year’s Day and a 1st Monday; money by 6 Jan',
    input: {
      custodySince: '2023-11-30',
      bailGrantedOn: '2023-12-08',
      dlsaInformedOn: '2023-12-15',
      dlsaRecommendedOn: '2023-12-19',
      asOf: '2023-12-19',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2023-12-15',
      recommendBy: '2023-12-20',
      committeeMeetsOn: '2024-01-01',
      fundsBy: '2024-01-06',
      courtMayRevisitFrom: '2024-01-08',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended 19 Aug 2025, after the 3rd Monday (18 Aug): Mon 1 Sep; money by 6 Sep, overdue on 10 Sep',
    input: {
      custodySince: '2025-07-28',
      bailGrantedOn: '2025-08-05',
      dlsaInformedOn: '2025-08-14',
      dlsaRecommendedOn: '2025-08-19',
      asOf: '2025-09-10',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2025-08-12',
      recommendBy: '2025-08-19',
      committeeMeetsOn: '2025-09-01',
      fundsBy: '2025-09-06',
      courtMayRevisitFrom: '2025-09-05',
      indigencePresumedFrom: null,
      overdue: ['funds'],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'recommended on the 5th Monday (29 Sep 2025): not a sitting day, so Mon 6 Oct, October’s 1st Monday',
    input: {
      custodySince: '2025-09-01',
      bailGrantedOn: '2025-09-12',
      dlsaInformedOn: '2025-09-22',
      dlsaRecommendedOn: '2025-09-29',
      asOf: '2025-10-06',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2025-09-19',
      recommendBy: '2025-09-27',
      committeeMeetsOn: '2025-10-06',
      fundsBy: '2025-10-11',
      courtMayRevisitFrom: '2025-10-12',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },
  {
    group: 'committee-to-decide',
    why: 'leap February: recommended Tue 20 Feb 2024, after the 3rd Monday (19 Feb): Mon 4 Mar; money by 9 Mar, overdue on 11 Mar',
    input: {
      custodySince: '2024-02-01',
      bailGrantedOn: '2024-02-09',
      dlsaInformedOn: '2024-02-16',
      dlsaRecommendedOn: '2024-02-20',
      asOf: '2024-03-11',
    },
    expected: {
      stage: 'committee-to-decide',
      informDlsaBy: '2024-02-16',
      recommendBy: '2024-02-21',
      committeeMeetsOn: '2024-03-04',
      fundsBy: '2024-03-09',
      courtMayRevisitFrom: '2024-03-09',
      indigencePresumedFrom: null,
      overdue: ['funds'],
    },
  },

  // After the committee.
  {
    group: 'awaiting-release',
    why: 'the committee decided on 3 Nov: the money step is recorded, so nothing is overdue while the jail releases',
    input: { asOf: '2025-11-09', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21', committeeDecidedOn: '2025-11-03' },
    expected: {
      stage: 'awaiting-release',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },
  {
    group: 'awaiting-release',
    why: 'the committee decided late (12 Nov, after 8 Nov) but it is recorded: nothing overdue on 20 Nov',
    input: { asOf: '2025-11-20', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21', committeeDecidedOn: '2025-11-12' },
    expected: {
      stage: 'awaiting-release',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },
  {
    group: 'awaiting-release',
    why: 'December 2025: recommended Tue 2 Dec, after the 1st Monday (1 Dec): the 3rd Monday, 15 Dec, decided that day',
    input: {
      custodySince: '2025-11-10',
      bailGrantedOn: '2025-11-20',
      dlsaInformedOn: '2025-11-27',
      dlsaRecommendedOn: '2025-12-02',
      committeeDecidedOn: '2025-12-15',
      asOf: '2025-12-16',
    },
    expected: {
      stage: 'awaiting-release',
      informDlsaBy: '2025-11-27',
      recommendBy: '2025-12-02',
      committeeMeetsOn: '2025-12-15',
      fundsBy: '2025-12-20',
      courtMayRevisitFrom: '2025-12-20',
      indigencePresumedFrom: null,
      overdue: [],
    },
  },

  // Released.
  {
    group: 'released',
    why: 'released 5 Nov, before asOf 9 Nov: stage released, the dates still shown, nothing overdue',
    input: {
      asOf: '2025-11-09',
      releasedOn: '2025-11-05',
      dlsaInformedOn: '2025-10-17',
      dlsaRecommendedOn: '2025-10-21',
      committeeDecidedOn: '2025-11-03',
    },
    expected: {
      stage: 'released',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },
  {
    group: 'released',
    why: 'released on asOf itself (12 Oct, bonds furnished in two days): released counts on the day',
    input: { asOf: '2025-10-12', releasedOn: '2025-10-12' },
    expected: { stage: 'released', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'released',
    why: 'nobody told the DLSA (due 17 Oct) but the person walked out on 1 Dec: once released, nothing is overdue',
    input: { asOf: '2025-12-15', releasedOn: '2025-12-01' },
    expected: { stage: 'released', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'released',
    why: 'released with the committee’s money late (due 8 Nov, released 20 Nov): overdue empty on 25 Nov',
    input: { asOf: '2025-11-25', releasedOn: '2025-11-20', dlsaInformedOn: '2025-10-17', dlsaRecommendedOn: '2025-10-21' },
    expected: {
      stage: 'released',
      ...onBase,
      recommendBy: '2025-10-22',
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: [],
    },
  },

  // Offences the fund excludes.
  {
    group: 'fund-excluded',
    why: 'excluded offence, DLSA told on 17 Oct: the fund cannot pay, so no recommend-by date and nothing of the fund overdue',
    input: { asOf: '2025-10-30', excludedFromFund: true, dlsaInformedOn: '2025-10-17' },
    expected: { stage: 'fund-excluded', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'fund-excluded',
    why: 'excluded offence but the DLSA was never told: the jail still must tell it on day 7 (2023 directions), overdue',
    input: { asOf: '2025-10-30', excludedFromFund: true },
    expected: { stage: 'inform-dlsa', ...onBase, ...noFund, overdue: ['inform-dlsa'] },
  },
  {
    group: 'fund-excluded',
    why: 'excluded offence with a recommendation and decision recorded anyway: no committee date and no money date for an excluded case',
    input: {
      asOf: '2025-11-20',
      excludedFromFund: true,
      dlsaInformedOn: '2025-10-17',
      dlsaRecommendedOn: '2025-10-21',
      committeeDecidedOn: '2025-11-03',
    },
    expected: { stage: 'fund-excluded', ...onBase, ...noFund, overdue: [] },
  },
  {
    group: 'fund-excluded',
    why: 'excluded offence before day 7 (12 Oct): still furnishing, like any other case',
    input: { asOf: '2025-10-12', excludedFromFund: true },
    expected: { stage: 'furnishing', ...onBase, ...noFund, overdue: [] },
  },

  // Steps recorded out of order.
  {
    group: 'out of order',
    why: 'recommended 21 Oct without the jail’s intimation: the stage waits for it (inform-dlsa), both its clock and the money’s (8 Nov) overdue',
    input: { asOf: '2025-11-10', dlsaRecommendedOn: '2025-10-21' },
    expected: {
      stage: 'inform-dlsa',
      ...onBase,
      recommendBy: null,
      committeeMeetsOn: '2025-11-03',
      fundsBy: '2025-11-08',
      overdue: ['inform-dlsa', 'funds'],
    },
  },

  // Month ends for "+ 1 month" and "+ 7 days".
  {
    group: 'month ends',
    why: '31 Jan 2025 + 1 month = 28 Feb (2025 is not a leap year); 31 Jan + 7 = 7 Feb',
    input: { custodySince: '2025-01-20', bailGrantedOn: '2025-01-31', asOf: '2025-02-01' },
    expected: {
      stage: 'furnishing',
      informDlsaBy: '2025-02-07',
      courtMayRevisitFrom: '2025-02-28',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: [],
    },
  },
  {
    group: 'month ends',
    why: '31 Jan 2024 + 1 month = 29 Feb (leap year); 7 Feb passed by 10 Feb, so inform-dlsa overdue',
    input: { custodySince: '2024-01-20', bailGrantedOn: '2024-01-31', asOf: '2024-02-10' },
    expected: {
      stage: 'inform-dlsa',
      informDlsaBy: '2024-02-07',
      courtMayRevisitFrom: '2024-02-29',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: ['inform-dlsa'],
    },
  },
  {
    group: 'month ends',
    why: '31 Mar 2024 + 1 month = 30 Apr (April has 30 days); 31 Mar + 7 = 7 Apr',
    input: { custodySince: '2024-03-01', bailGrantedOn: '2024-03-31', asOf: '2024-04-01' },
    expected: {
      stage: 'furnishing',
      informDlsaBy: '2024-04-07',
      courtMayRevisitFrom: '2024-04-30',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: [],
    },
  },
  {
    group: 'month ends',
    why: '31 Dec 2025 + 1 month = 31 Jan 2026 across the year; + 7 = 7 Jan, due on asOf so not overdue',
    input: { custodySince: '2025-12-01', bailGrantedOn: '2025-12-31', asOf: '2026-01-07' },
    expected: {
      stage: 'inform-dlsa',
      informDlsaBy: '2026-01-07',
      courtMayRevisitFrom: '2026-01-31',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: [],
    },
  },
  {
    group: 'month ends',
    why: '28 Feb 2023 + 1 month keeps the day: 28 Mar; + 7 days = 7 Mar (no 29 Feb in 2023)',
    input: { custodySince: '2023-02-01', bailGrantedOn: '2023-02-28', asOf: '2023-03-01' },
    expected: {
      stage: 'furnishing',
      informDlsaBy: '2023-03-07',
      courtMayRevisitFrom: '2023-03-28',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: [],
    },
  },
  {
    group: 'month ends',
    why: '28 Feb 2024 + 7 = 6 Mar (29 Feb counts); + 1 month = 28 Mar; on 6 Mar the jail is due today',
    input: { custodySince: '2024-02-01', bailGrantedOn: '2024-02-28', asOf: '2024-03-06' },
    expected: {
      stage: 'inform-dlsa',
      informDlsaBy: '2024-03-06',
      courtMayRevisitFrom: '2024-03-28',
      indigencePresumedFrom: null,
      ...noFund,
      overdue: [],
    },
  },

  // S.478: a bailable offence and a week in custody.
  {
    group: 'S.478',
    why: 'bailable, in custody from 1 Oct: presumed indigent from 1 Oct + 7 = 8 Oct',
    input: { bailable: true },
    expected: { stage: 'furnishing', ...onBase, indigencePresumedFrom: '2025-10-08', ...noFund, overdue: [] },
  },
  {
    group: 'S.478',
    why: 'bailable, custody from 25 Feb 2024: + 7 = 3 Mar (leap day counts); grant 1 Mar + 7 = 8 Mar, + 1 month = 1 Apr',
    input: { bailable: true, custodySince: '2024-02-25', bailGrantedOn: '2024-03-01', asOf: '2024-03-02' },
    expected: {
      stage: 'furnishing',
      informDlsaBy: '2024-03-08',
      courtMayRevisitFrom: '2024-04-01',
      indigencePresumedFrom: '2024-03-03',
      ...noFund,
      overdue: [],
    },
  },
  {
    group: 'S.478',
    why: 'bailable, custody from 25 Feb 2025: + 7 = 4 Mar (no leap day); grant 27 Feb + 7 = 6 Mar, + 1 month = 27 Mar',
    input: { bailable: true, custodySince: '2025-02-25', bailGrantedOn: '2025-02-27', asOf: '2025-03-01' },
    expected: {
      stage: 'furnishing',
      informDlsaBy: '2025-03-06',
      courtMayRevisitFrom: '2025-03-27',
      indigencePresumedFrom: '2025-03-04',
      ...noFund,
      overdue: [],
    },
  },
];

describe('bailToRelease: worked examples', () => {
  it('has at least 30 examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(30);
  });

  it.each(examples)('$group: $why', ({ input, expected }) => {
    expect(bailToRelease({ ...base, ...input })).toEqual(expected);
  });

  it('covers every stage and every overdue clock', () => {
    const results = examples.map((e) => bailToRelease({ ...base, ...e.input }));
    expect(new Set(results.map((r) => r.stage))).toEqual(
      new Set(['released', 'furnishing', 'inform-dlsa', 'dlsa-to-recommend', 'committee-to-decide', 'awaiting-release', 'fund-excluded']),
    );
    expect(new Set(results.flatMap((r) => r.overdue))).toEqual(new Set(['inform-dlsa', 'recommend', 'funds']));
  });
});

describe('firstOrThirdMondayOnOrAfter', () => {
  it.each([
    ['2025-10-01', '2025-10-06', 'before the 1st Monday: the 1st Monday'],
    ['2025-10-06', '2025-10-06', 'the 1st Monday itself'],
    ['2025-10-07', '2025-10-20', 'after the 1st Monday: the 3rd'],
    ['2025-10-20', '2025-10-20', 'the 3rd Monday itself'],
    ['2025-10-21', '2025-11-03', 'after the 3rd Monday: next month’s 1st'],
    ['2025-10-31', '2025-11-03', 'the last day of a month'],
    ['2025-11-30', '2025-12-01', 'into a month whose 1st is a Monday'],
    ['2025-12-30', '2026-01-05', 'across the year'],
    ['2024-02-29', '2024-03-04', 'from the leap day'],
    ['2026-06-01', '2026-06-01', 'a month whose 1st is a Monday'],
    ['2026-06-02', '2026-06-15', 'the 3rd Monday on the 15th, its earliest day'],
    ['2025-08-19', '2025-09-01', 'to a 1st Monday on the 1st'],
    ['2026-01-20', '2026-02-02', 'January 2026: the 3rd Monday is the 19th'],
  ])('%s → %s (%s)', (from, expected) => {
    expect(firstOrThirdMondayOnOrAfter(from)).toBe(expected);
  });
});

describe('bailToRelease: input checks', () => {
  it.each([
    ['asOf', '2025-02-30'],
    ['custodySince', '2025-2-3'],
    ['bailGrantedOn', '10/10/2025'],
    ['releasedOn', '2025-13-01'],
    ['dlsaInformedOn', ''],
    ['dlsaRecommendedOn', '2025-10-21T00:00:00Z'],
    ['committeeDecidedOn', '2023-02-29'],
  ] as const)('a bad %s (%j) throws an Error naming it', (field, value) => {
    expect(() => bailToRelease({ ...base, asOf: '2025-12-31', [field]: value })).toThrow(new RegExp(`${field} must be a calendar date`));
    expect(() => bailToRelease({ ...base, asOf: '2025-12-31', [field]: value })).toThrow(Error);
  });

  it('a recorded date after asOf is still checked', () => {
    expect(() => bailToRelease({ ...base, releasedOn: '2099-02-30' })).toThrow(/releasedOn/);
  });

  it('rejects a flag that is not a boolean', () => {
    expect(() => bailToRelease({ ...base, bailable: 'yes' as unknown as boolean })).toThrow(/bailable must be true or false/);
  });

  it('rejects a bad date given to the Monday helper', () => {
    expect(() => firstOrThirdMondayOnOrAfter('2025-11-31')).toThrow(RangeError);
  });
});

// Property checks over random inputs: the independent oracles below walk the calendar a day at a time.
const day = fc.integer({ min: 0, max: 365 * 6 }).map((n) => addDays('2022-01-01', n));
const maybeDay = fc.option(day, { nil: null });
const anyInput: fc.Arbitrary<BailInput> = fc.record({
  asOf: day,
  custodySince: day,
  bailGrantedOn: day,
  releasedOn: maybeDay,
  bailable: fc.boolean(),
  excludedFromFund: fc.boolean(),
  dlsaInformedOn: maybeDay,
  dlsaRecommendedOn: maybeDay,
  committeeDecidedOn: maybeDay,
});

const isSittingDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).getUTCDay() === 1 && [1, 3].includes(Math.ceil(Number(iso.slice(8)) / 7));
const counts = (date: string | null, asOf: string) => date !== null && date <= asOf;

describe('bailToRelease: properties', () => {
  it('informDlsaBy is always bailGrantedOn + 7 days, and furnishing only before it', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = bailToRelease(input);
        expect(r.informDlsaBy).toBe(addDays(input.bailGrantedOn, 7));
        if (r.stage === 'furnishing') expect(input.asOf < r.informDlsaBy).toBe(true);
      }),
    );
  });

  it('recommendBy is null when the DLSA is not informed by asOf or the offence is excluded, else informed + 5', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = bailToRelease(input);
        if (!counts(input.dlsaInformedOn, input.asOf) || input.excludedFromFund) expect(r.recommendBy).toBeNull();
        else expect(r.recommendBy).toBe(addDays(input.dlsaInformedOn!, 5));
      }),
    );
  });

  it('the committee sits on the first 1st-or-3rd Monday on or after the recommendation, and the money is due 5 days later', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = bailToRelease(input);
        if (!counts(input.dlsaRecommendedOn, input.asOf) || input.excludedFromFund) {
          expect([r.committeeMeetsOn, r.fundsBy]).toEqual([null, null]);
          return;
        }
        let walk = input.dlsaRecommendedOn!;
        while (!isSittingDay(walk)) walk = addDays(walk, 1);
        expect(r.committeeMeetsOn).toBe(walk);
        expect(r.fundsBy).toBe(addDays(walk, 5));
      }),
    );
  });

  it('courtMayRevisitFrom is the same day next month, or its last day when shorter', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = bailToRelease(input);
        const [y, m, d] = input.bailGrantedOn.split('-').map(Number) as [number, number, number];
        const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
        const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
        expect(r.courtMayRevisitFrom).toBe(`${ny}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`);
      }),
    );
  });

  it('S.478: indigence presumed from custody + 7 days only when bailable', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(bailToRelease(input).indigencePresumedFrom).toBe(input.bailable ? addDays(input.custodySince, 7) : null);
      }),
    );
  });

  it('released exactly when releasedOn ≤ asOf, and then nothing is overdue', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = bailToRelease(input);
        expect(r.stage === 'released').toBe(counts(input.releasedOn, input.asOf));
        if (r.stage === 'released') expect(r.overdue).toEqual([]);
      }),
    );
  });

  it('overdue lists, in order, each due date before asOf whose step is not recorded by asOf', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = bailToRelease(input);
        const { asOf } = input;
        const expected: string[] = [];
        if (r.stage !== 'released') {
          if (r.informDlsaBy < asOf && !counts(input.dlsaInformedOn, asOf)) expected.push('inform-dlsa');
          if (r.recommendBy !== null && r.recommendBy < asOf && !counts(input.dlsaRecommendedOn, asOf)) expected.push('recommend');
          if (r.fundsBy !== null && r.fundsBy < asOf && !counts(input.committeeDecidedOn, asOf)) expected.push('funds');
        }
        expect(r.overdue).toEqual(expected);
      }),
    );
  });

  it('a recorded date after asOf changes nothing: the same as not recorded', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const drop = (d: string | null) => (counts(d, input.asOf) ? d : null);
        const cleared: BailInput = {
          ...input,
          releasedOn: drop(input.releasedOn),
          dlsaInformedOn: drop(input.dlsaInformedOn),
          dlsaRecommendedOn: drop(input.dlsaRecommendedOn),
          committeeDecidedOn: drop(input.committeeDecidedOn),
        };
        expect(bailToRelease(input)).toEqual(bailToRelease(cleared));
      }),
    );
  });
});
