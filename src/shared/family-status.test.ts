// Each status a family can be in, and its one next step, from the data /api/family/cases carries.
import { describe, expect, it } from 'vitest';
import { caseStatusOn, familyStatuses, type StatusCase } from './family-status.ts';

const TODAY = '2026-06-10';
const noDates = { s479EligibleOn: null, maximumEndsOn: null, defaultBailEligibleOn: null, releasedOn: null };

function aCase(over: Partial<StatusCase> & { name?: string | null; chargesheet?: string | null } = {}): StatusCase {
  const { name = 'Ramesh', chargesheet = null, ...rest } = over;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    facts: { prisonerName: name, chargesheetFiledOn: chargesheet },
    release: noDates,
    bailAcceptedAt: null,
    lawyers: [],
    ...rest,
  };
}
const accepted = [{ name: 'Adv. Priya', status: 'accepted' }];
const pending = [{ name: 'Adv. Kumar', status: 'pending' }];

describe('caseStatusOn', () => {
  it('no lawyer yet: ask one', () => {
    expect(caseStatusOn(aCase(), TODAY)).toMatchObject({
      prisonerName: 'Ramesh',
      status: 'no-lawyer',
      next: 'request-lawyer',
      date: null,
      lawyer: null,
    });
  });

  it('no lawyer, withdrawn and declined requests count as none', () => {
    const lawyers = [
      { name: 'A', status: 'withdrawn' },
      { name: 'B', status: 'rejected' },
      { name: 'C', status: 'ended' },
    ];
    expect(caseStatusOn(aCase({ lawyers }), TODAY)).toMatchObject({ status: 'no-lawyer', next: 'request-lawyer' });
  });

  it('lawyer requested: wait for the answer', () => {
    expect(caseStatusOn(aCase({ lawyers: pending }), TODAY)).toMatchObject({
      status: 'lawyer-requested',
      next: 'wait-lawyer',
      lawyer: 'Adv. Kumar',
    });
  });

  it('lawyer accepted: give the papers', () => {
    expect(caseStatusOn(aCase({ lawyers: [...pending, ...accepted] }), TODAY)).toMatchObject({
      status: 'lawyer-accepted',
      next: 'lawyer-papers',
      lawyer: 'Adv. Priya',
    });
  });

  it('S.479 on a date to come: the date, and the lawyer step of the moment', () => {
    const release = { ...noDates, s479EligibleOn: '2026-09-15' };
    expect(caseStatusOn(aCase({ release }), TODAY)).toMatchObject({ status: 's479-on-date', date: '2026-09-15', next: 'request-lawyer' });
    expect(caseStatusOn(aCase({ release, lawyers: pending }), TODAY)).toMatchObject({ status: 's479-on-date', next: 'wait-lawyer' });
    expect(caseStatusOn(aCase({ release, lawyers: accepted }), TODAY)).toMatchObject({ status: 's479-on-date', next: 'lawyer-apply' });
  });

  it('eligible under S.479 now: the lawyer applies, or legal aid at once', () => {
    const release = { ...noDates, s479EligibleOn: '2026-06-10' };
    expect(caseStatusOn(aCase({ release, lawyers: accepted }), TODAY)).toMatchObject({
      status: 's479-eligible',
      next: 'lawyer-apply',
      date: '2026-06-10',
    });
    expect(caseStatusOn(aCase({ release, lawyers: pending }), TODAY)).toMatchObject({ status: 's479-eligible', next: 'legal-aid-now' });
  });

  it('default bail due (no charge-sheet in time) comes before S.479', () => {
    const release = { ...noDates, s479EligibleOn: '2026-05-01', defaultBailEligibleOn: '2026-04-01' };
    expect(caseStatusOn(aCase({ release }), TODAY)).toMatchObject({
      status: 'default-bail-due',
      next: 'legal-aid-now',
      date: '2026-04-01',
    });
    expect(caseStatusOn(aCase({ release, lawyers: accepted }), TODAY)).toMatchObject({ next: 'lawyer-apply', defaultBailOn: '2026-04-01' });
    // A charge-sheet filed in time: no default bail, S.479 instead.
    const filed = caseStatusOn(aCase({ release, chargesheet: '2026-03-01' }), TODAY);
    expect(filed).toMatchObject({ status: 's479-eligible', defaultBailOn: null });
  });

  it('bail accepted but not released: bond and surety; overdue after 7 days', () => {
    const release = { ...noDates, s479EligibleOn: '2026-05-01' };
    const fresh = caseStatusOn(aCase({ release, bailAcceptedAt: '2026-06-08T06:00:00.000Z' }), TODAY);
    expect(fresh).toMatchObject({ status: 'bail-not-released', next: 'bond-and-surety', date: '2026-06-08', bailOverdue: false });
    // 20:00 UTC is already the next day in India.
    const late = caseStatusOn(aCase({ bailAcceptedAt: '2026-06-02T20:00:00.000Z' }), TODAY);
    expect(late).toMatchObject({ date: '2026-06-03', bailOverdue: true });
  });

  it('bail granted by the court (recorded), not yet accepted by the jail: bond and surety, not "ask the lawyer to apply"', () => {
    const accepted = [{ name: 'Adv. Rao', status: 'accepted' }];
    const release = { ...noDates, s479EligibleOn: '2026-05-01', bailGrantedOn: '2026-06-05' };
    // Eligible under S.479 since May, but bail was granted on 5 June: the step is the bond, not an application.
    expect(caseStatusOn(aCase({ release, lawyers: accepted }), TODAY)).toMatchObject({
      status: 'bail-not-released',
      next: 'bond-and-surety',
      date: '2026-06-05',
      bailOverdue: false,
    });
    // Granted on 2 June: 7 days have passed by the 9th.
    expect(caseStatusOn(aCase({ release: { ...release, bailGrantedOn: '2026-06-02' } }), TODAY)).toMatchObject({ bailOverdue: true });
    // An order dated after today is not one yet; the court's date wins over the jail's acceptance.
    expect(caseStatusOn(aCase({ release: { ...release, bailGrantedOn: '2026-07-01' }, lawyers: accepted }), TODAY).next).toBe(
      'lawyer-apply',
    );
    const both = caseStatusOn(aCase({ release, bailAcceptedAt: '2026-06-08T06:00:00.000Z' }), TODAY);
    expect(both).toMatchObject({ status: 'bail-not-released', date: '2026-06-05' });
  });

  it('released: keep every date', () => {
    const release = { ...noDates, s479EligibleOn: '2026-05-01', releasedOn: '2026-06-01' };
    expect(caseStatusOn(aCase({ release, bailAcceptedAt: '2026-05-20T06:00:00.000Z' }), TODAY)).toMatchObject({
      status: 'released',
      next: 'keep-dates',
      date: '2026-06-01',
    });
    // A release recorded for a later day is not one yet.
    expect(caseStatusOn(aCase({ release: { ...release, releasedOn: '2026-07-01' } }), TODAY).status).toBe('s479-eligible');
  });
});

describe('familyStatuses', () => {
  it('one status per person, from the most pressing case, in the order the cases come', () => {
    const list = familyStatuses(
      [
        aCase({ id: 'a', name: 'Ramesh', lawyers: accepted }),
        aCase({ id: 'b', name: 'Sita' }),
        aCase({ id: 'c', name: ' ramesh ', release: { ...noDates, s479EligibleOn: '2026-01-01' } }),
        aCase({ id: 'd', name: null, lawyers: pending }),
      ],
      TODAY,
    );
    expect(list.map((s) => [s.prisonerName, s.status, s.caseId])).toEqual([
      ['ramesh', 's479-eligible', 'c'],
      ['Sita', 'no-lawyer', 'b'],
      [null, 'lawyer-requested', 'd'],
    ]);
  });

  it('no cases, no status', () => {
    expect(familyStatuses([], TODAY)).toEqual([]);
  });
});
