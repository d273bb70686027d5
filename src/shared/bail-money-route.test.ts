// The money route as the family sees it (src/shared/bail-money-route.ts): the fund's help or the offence
// that keeps it out, each office's day, and S.478's personal bond (docs/law.md#bailable-offences): only when
// every offence is bailable, a week in custody has passed and the bonds are not furnished.
import { describe, expect, it } from 'vitest';
import {
  allBailable,
  caseAllBailable,
  fundExcludedBy,
  moneyRoute,
  personalBondFrom,
  type MoneyRouteInput,
  type PersonalBondInput,
} from './bail-money-route.ts';
import { OFFENCES } from './offences.ts';

const base: MoneyRouteInput = {
  asOf: '2026-03-10',
  custodySince: '2026-01-20',
  offences: [{ code: 'hurt' }],
  bailGrantedOn: '2026-03-01',
  bailFurnishedOn: null,
  releasedOn: null,
  dlsaInformedOn: null,
  dlsaRecommendedOn: null,
  committeeDecidedOn: null,
};

describe('offence flags', () => {
  it('every flagged offence is a listed one', () => {
    const ids = new Set<string>(OFFENCES.map((o) => o.id));
    for (const code of [
      'hurt',
      'grievous-hurt',
      'kidnapping',
      'criminal-intimidation',
      'ndps-small',
      'rape',
      'dowry-death',
      'ndps-commercial',
    ])
      expect(ids.has(code), code).toBe(true);
  });

  it('bailable only when every offence is a listed bailable one; an offence typed by the family is not known to be', () => {
    expect(allBailable([{ code: 'hurt' }, { code: 'criminal-intimidation' }])).toBe(true);
    expect(allBailable([{ code: 'hurt' }, { code: 'theft' }])).toBe(false);
    expect(allBailable([{ code: 'other' }])).toBe(false);
    expect(allBailable([])).toBe(false);
  });

  it('the fund excludes NDPS, rape and dowry death; an offence typed by the family is left to the DLSA', () => {
    expect(fundExcludedBy([{ code: 'theft' }, { code: 'rape' }])).toEqual(['rape']);
    expect(fundExcludedBy([{ code: 'ndps-small' }])).toEqual(['ndps-small']);
    expect(fundExcludedBy([{ code: 'other' }, { code: 'cheating' }])).toEqual([]);
  });
});

describe('moneyRoute', () => {
  it('no bail order, or released: nothing to show', () => {
    expect(moneyRoute({ ...base, bailGrantedOn: null })).toBeNull();
    expect(moneyRoute({ ...base, releasedOn: '2026-03-09' })).toBeNull();
    // A release day still to come does not count yet.
    expect(moneyRoute({ ...base, releasedOn: '2026-03-11' })).not.toBeNull();
  });

  it('day 9 after bail, nobody informed: the jail is late; the fund can help; the later steps wait', () => {
    const r = moneyRoute(base)!;
    expect(r.fund).toEqual({ canHelp: true });
    expect(r.duties).toEqual([
      { step: 'inform-dlsa', by: 'jail', due: '2026-03-08', doneOn: null, late: true },
      { step: 'recommend', by: 'dlsa', due: null, doneOn: null, late: false },
      { step: 'committee', by: 'committee', due: null, doneOn: null, late: false },
      { step: 'funds', by: 'committee', due: null, doneOn: null, late: false },
    ]);
  });

  it('every office with its day once each step is recorded: told 2 March, recommended 6 March (a Friday), the committee sits on the 3rd Monday, 16 March', () => {
    const r = moneyRoute({ ...base, asOf: '2026-03-23', dlsaInformedOn: '2026-03-02', dlsaRecommendedOn: '2026-03-06' })!;
    expect(r.duties.map((d) => [d.step, d.due, d.doneOn, d.late])).toEqual([
      ['inform-dlsa', '2026-03-08', '2026-03-02', false],
      ['recommend', '2026-03-07', '2026-03-06', false],
      ['committee', '2026-03-16', null, false],
      ['funds', '2026-03-21', null, true],
    ]);
  });

  it('an excluded offence: the fund cannot help, with the offence named; only the jail’s intimation remains', () => {
    const r = moneyRoute({ ...base, offences: [{ code: 'theft' }, { code: 'dowry-death' }] })!;
    expect(r.fund).toEqual({ canHelp: false, excludedBy: ['dowry-death'] });
    expect(r.duties.map((d) => d.step)).toEqual(['inform-dlsa']);
    expect(r.assessment.stage).toBe('inform-dlsa');
  });

  describe('S.478: the personal bond', () => {
    it('bailable, custody since 20 January, bonds not furnished: from 27 January', () => {
      expect(moneyRoute(base)!.personalBondFrom).toBe('2026-01-27');
    });
    it('not before a week in custody: custody since 5 March, seen on 10 March', () => {
      expect(moneyRoute({ ...base, custodySince: '2026-03-05' })!.personalBondFrom).toBeNull();
      // The seventh day is the first: 12 March.
      expect(moneyRoute({ ...base, custodySince: '2026-03-05', asOf: '2026-03-12' })!.personalBondFrom).toBe('2026-03-12');
    });
    it('not for a non-bailable offence, one typed by the family, or an unknown custody date', () => {
      expect(moneyRoute({ ...base, offences: [{ code: 'hurt' }, { code: 'theft' }] })!.personalBondFrom).toBeNull();
      expect(moneyRoute({ ...base, offences: [{ code: 'other' }] })!.personalBondFrom).toBeNull();
      expect(moneyRoute({ ...base, custodySince: null })!.personalBondFrom).toBeNull();
    });
    it('not once the bonds are furnished (a furnished day still to come does not count)', () => {
      expect(moneyRoute({ ...base, bailFurnishedOn: '2026-03-09' })!.personalBondFrom).toBeNull();
      expect(moneyRoute({ ...base, bailFurnishedOn: '2026-03-12' })!.personalBondFrom).toBe('2026-01-27');
    });
  });
});

describe('S.478 for the UTRC list: personalBondFrom and the stored bailability', () => {
  it('counts the charges framed once framed, else the offences alleged', () => {
    const hurt = { code: 'hurt', label: null, maxMonths: 12, life: false, death: false } as const;
    const theft = { code: 'theft', label: null, maxMonths: 36, life: false, death: false } as const;
    expect(caseAllBailable({ offences: [hurt], chargesFramed: [] })).toBe(true);
    expect(caseAllBailable({ offences: [theft], chargesFramed: [hurt] })).toBe(true);
    expect(caseAllBailable({ offences: [hurt], chargesFramed: [theft] })).toBe(false);
    expect(caseAllBailable({ offences: [], chargesFramed: [] })).toBe(false);
  });

  const week: PersonalBondInput = {
    asOf: '2026-03-10',
    bailable: true,
    custodySince: '2026-03-03',
    releasedOn: null,
    bailFurnishedOn: null,
  };
  it.each<[string, Partial<PersonalBondInput>, string | null]>([
    ['custody 7 days before: from that day (custody + 7)', {}, '2026-03-10'],
    ['custody 6 days before: not yet', { custodySince: '2026-03-04' }, null],
    ['custody a month before: since custody + 7', { custodySince: '2026-02-10' }, '2026-02-17'],
    ['an offence not bailable', { bailable: false }, null],
    ['custody not known', { custodySince: null }, null],
    ['released on the day', { releasedOn: '2026-03-10' }, null],
    ['a release recorded for a later day does not count yet', { releasedOn: '2026-03-11' }, '2026-03-10'],
    ['bonds furnished: the jail releases, means no longer in question', { bailFurnishedOn: '2026-03-09' }, null],
    ['bonds recorded for a later day do not count yet', { bailFurnishedOn: '2026-03-12' }, '2026-03-10'],
  ])('%s', (_why, change, expected) => {
    expect(personalBondFrom({ ...week, ...change })).toBe(expected);
  });

  it('is the day the money route shows the family', () => {
    const route = moneyRoute({ ...base, custodySince: '2026-03-01', bailGrantedOn: '2026-03-02' });
    expect(route?.personalBondFrom).toBe(
      personalBondFrom({ asOf: base.asOf, bailable: true, custodySince: '2026-03-01', releasedOn: null, bailFurnishedOn: null }),
    );
    expect(route?.personalBondFrom).toBe('2026-03-08');
  });
});
