// Worked examples of assessRelease, each with its reasoning. The expected dates were
// counted by hand on a calendar, not produced by the function. Calendar rule: whole months keep the day
// and clamp it to the end of a shorter month (31 January + 1 month = 28 February, 29 in a leap year).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, assessRelease, isIsoDate, todayInIndia, type ReleaseAssessment, type ReleaseInput } from './release.ts';

const base: ReleaseInput = {
  custodySince: '2024-01-01',
  asOf: '2024-06-01',
  offences: [{ maxMonths: 36, life: false, death: false }],
  firstTimeOffender: false,
  otherPendingCases: 0,
  delayByAccusedDays: 0,
  chargesheetFiledOn: '2024-02-01',
};

interface Example {
  /** The rule the example shows (a heading of the table). */
  group: string;
  /** The reasoning, counted by hand. */
  why: string;
  /** What differs from `base`. */
  input: Partial<ReleaseInput>;
  s479: ReleaseAssessment['s479'];
  defaultBail: ReleaseAssessment['defaultBail'];
}

/**
 * The table is data (tests/fixtures/release-examples.json), so a lawyer can read and extend it
 * without reading code: one object per example, its expected result written out in full.
 */
const examples = JSON.parse(fs.readFileSync(new URL('../../tests/fixtures/release-examples.json', import.meta.url), 'utf8')) as Example[];

describe('assessRelease: worked examples', () => {
  it('has at least 30 examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(30);
  });

  it.each(examples)('$group: $why', ({ input, s479, defaultBail }) => {
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
