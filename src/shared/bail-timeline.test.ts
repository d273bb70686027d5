// Worked examples of the bail sequence (order → furnished → verified → released): which steps are done,
// which is next and whose, and why a step may not be recorded on a given day. Each row says why.
import { describe, expect, it } from 'vitest';
import { bailStepProblem, bailTimeline, type BailTimelineInput, type RecordableBailStep } from './bail-timeline.ts';

const none: BailTimelineInput = { bailGrantedOn: null, bailFurnishedOn: null, bailVerifiedOn: null, releasedOn: null };
const TODAY = '2026-03-10';

describe('bailTimeline: done steps and the next one', () => {
  const rows: { why: string; input: Partial<BailTimelineInput>; done: string; next: string | null }[] = [
    {
      why: 'nothing recorded: the order is next, the lawyer or family records it',
      input: {},
      done: '----',
      next: 'order:lawyer-or-family',
    },
    {
      why: 'order recorded: bonds and sureties are next, still the family or lawyer',
      input: { bailGrantedOn: '2026-03-01' },
      done: 'o---',
      next: 'furnished:lawyer-or-family',
    },
    {
      why: 'bonds furnished: the jail is to verify the paper',
      input: { bailGrantedOn: '2026-03-01', bailFurnishedOn: '2026-03-03' },
      done: 'of--',
      next: 'verified:jail',
    },
    {
      why: 'Bail-Accept done: the jail is to release',
      input: { bailGrantedOn: '2026-03-01', bailFurnishedOn: '2026-03-03', bailVerifiedOn: '2026-03-04' },
      done: 'ofv-',
      next: 'released:jail',
    },
    {
      why: 'released: nothing is next',
      input: { bailGrantedOn: '2026-03-01', bailFurnishedOn: '2026-03-03', bailVerifiedOn: '2026-03-04', releasedOn: '2026-03-04' },
      done: 'ofvr',
      next: null,
    },
    {
      why: 'Bail-Accept without the bonds marked: the bonds count as furnished (the jail verified them), release is next',
      input: { bailGrantedOn: '2026-03-01', bailVerifiedOn: '2026-03-05' },
      done: 'ofv-',
      next: 'released:jail',
    },
    {
      why: 'Bail-Accept before anyone recorded the order: order and bonds count as done, release is next',
      input: { bailVerifiedOn: '2026-03-05' },
      done: 'ofv-',
      next: 'released:jail',
    },
    {
      why: 'a release recorded alone (older records): every step counts as done',
      input: { releasedOn: '2026-02-01' },
      done: 'ofvr',
      next: null,
    },
  ];
  it.each(rows)('$why', ({ input, done, next }) => {
    const t = bailTimeline({ ...none, ...input });
    expect(t.steps.map((s) => (s.done ? s.step[0] : '-')).join('')).toBe(done);
    expect(t.next ? `${t.next.step}:${t.next.by}` : null).toBe(next);
  });

  it('keeps the recorded days and leaves a passed-over step without one', () => {
    const t = bailTimeline({ ...none, bailGrantedOn: '2026-03-01', bailVerifiedOn: '2026-03-05' });
    expect(t.steps.map((s) => s.on)).toEqual(['2026-03-01', null, '2026-03-05', null]);
  });
});

describe('bailStepProblem: only the next step, not in the future, not before the step before', () => {
  const rows: { why: string; input: Partial<BailTimelineInput>; step: RecordableBailStep; on: string; problem: string | null }[] = [
    { why: 'the order today', input: {}, step: 'order', on: TODAY, problem: null },
    { why: 'the order last year', input: {}, step: 'order', on: '2025-03-10', problem: null },
    { why: 'an order dated tomorrow', input: {}, step: 'order', on: '2026-03-11', problem: 'on:future' },
    { why: 'bonds before any order', input: {}, step: 'furnished', on: TODAY, problem: 'step:Record the bail order first.' },
    { why: 'release before any order', input: {}, step: 'released', on: TODAY, problem: 'step:Record the bail order first.' },
    {
      why: 'a second order',
      input: { bailGrantedOn: '2026-03-01' },
      step: 'order',
      on: TODAY,
      problem: 'step:The bail order is already recorded.',
    },
    { why: 'bonds the day of the order', input: { bailGrantedOn: '2026-03-01' }, step: 'furnished', on: '2026-03-01', problem: null },
    {
      why: 'bonds the day before the order',
      input: { bailGrantedOn: '2026-03-01' },
      step: 'furnished',
      on: '2026-02-28',
      problem: 'on:before the bail order (2026-03-01)',
    },
    { why: 'bonds tomorrow', input: { bailGrantedOn: '2026-03-01' }, step: 'furnished', on: '2026-03-11', problem: 'on:future' },
    {
      why: 'release with bonds furnished but no Bail-Accept: the jail verifies first',
      input: { bailGrantedOn: '2026-03-01', bailFurnishedOn: '2026-03-02' },
      step: 'released',
      on: TODAY,
      problem: "step:Record the jail's Bail-Accept first.",
    },
    {
      why: 'release the day of Bail-Accept',
      input: { bailGrantedOn: '2026-03-01', bailFurnishedOn: '2026-03-02', bailVerifiedOn: '2026-03-04' },
      step: 'released',
      on: '2026-03-04',
      problem: null,
    },
    {
      why: 'release the day before Bail-Accept',
      input: { bailGrantedOn: '2026-03-01', bailFurnishedOn: '2026-03-02', bailVerifiedOn: '2026-03-04' },
      step: 'released',
      on: '2026-03-03',
      problem: "on:before the jail's Bail-Accept (2026-03-04)",
    },
    {
      why: 'release after Bail-Accept with the bonds never marked: checked against Bail-Accept',
      input: { bailGrantedOn: '2026-03-01', bailVerifiedOn: '2026-03-04' },
      step: 'released',
      on: '2026-03-05',
      problem: null,
    },
    {
      why: 'bonds after Bail-Accept: passed over, already done',
      input: { bailGrantedOn: '2026-03-01', bailVerifiedOn: '2026-03-04' },
      step: 'furnished',
      on: '2026-03-04',
      problem: 'step:Bonds and sureties furnished is already recorded.',
    },
    {
      why: 'release twice',
      input: { bailGrantedOn: '2026-03-01', bailVerifiedOn: '2026-03-04', releasedOn: '2026-03-05' },
      step: 'released',
      on: TODAY,
      problem: 'step:The release is already recorded.',
    },
    {
      why: 'release tomorrow',
      input: { bailGrantedOn: '2026-03-01', bailVerifiedOn: '2026-03-04' },
      step: 'released',
      on: '2026-03-11',
      problem: 'on:future',
    },
  ];
  it.each(rows)('$why', ({ input, step, on, problem }) => {
    const got = bailStepProblem({ ...none, ...input }, step, on, TODAY);
    if (problem === null) return expect(got).toBeNull();
    const [path, text] = [problem.slice(0, problem.indexOf(':')), problem.slice(problem.indexOf(':') + 1)];
    expect(got?.path).toBe(path);
    expect(got?.message).toContain(text === 'future' ? 'cannot be in the future' : text);
  });
});
