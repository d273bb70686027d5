// The case facts are checked by the shared schema through the one form resolver, with the screen's
// own text per fact and one key per offence.
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkFacts } from './case-facts-fields.tsx';
import { EMPTY_DRAFT, EMPTY_OFFENCE } from './facts-draft.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('checkFacts', () => {
  it('accepts an empty draft and a complete one', () => {
    expect(checkFacts(EMPTY_DRAFT, t, '2026-11-23')).toEqual({});
    expect(checkFacts({ ...EMPTY_DRAFT, custodySince: '2025-10-01', cnr: 'DLCT010012342025' }, t, '2026-11-23')).toEqual({});
  });

  it("names each broken fact with the screen's own text", () => {
    const errors = checkFacts({ ...EMPTY_DRAFT, cnr: 'DL-12', prisonerName: 'x'.repeat(500), otherPendingCases: '-1' }, t, '2026-11-23');
    expect(errors).toEqual({ cnr: 'error.cnr', prisonerName: 'error.prisonerName', otherPendingCases: 'error.otherPendingCases' });
  });

  it('gives an offence one key, whichever of its parts is wrong', () => {
    const errors = checkFacts({ ...EMPTY_DRAFT, offences: [{ ...EMPTY_OFFENCE, code: 'other', label: '', years: '' }] }, t, '2026-11-23');
    expect(errors).toEqual({ 'offences.0': 'error.offences' });
  });

  it('refuses a date after today', () => {
    expect(checkFacts({ ...EMPTY_DRAFT, custodySince: '2026-11-24' }, t, '2026-11-23')).toEqual({ custodySince: 'error.future' });
  });
});
