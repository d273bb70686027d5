import { describe, expect, it } from 'vitest';
import en from '#client/locales/en/jail.json';
import { lawyerNames } from './lawyer-names.ts';

const t = (key: 'lawyer.none' | 'lawyer.unknown') => en[key];
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('lawyerNames (the dashboard and bail page lawyer line)', () => {
  it("says 'No lawyer assigned' when no request was accepted", () => {
    expect(lawyerNames([], t)).toBe('No lawyer assigned');
  });

  it("names each accepted lawyer in order, 'Unknown Lawyer' for one whose record is missing", () => {
    expect(
      lawyerNames(
        [
          { id: id(1), name: 'Adv. Priya Sharma' },
          { id: id(2), name: null },
        ],
        t,
      ),
    ).toBe('Adv. Priya Sharma, Unknown Lawyer');
  });
});
