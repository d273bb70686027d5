// The "eligible soon" window is one constant (src/shared/release.ts ELIGIBLE_SOON_DAYS): changing it is
// the only edit needed (docs/decisions/0036-law-in-one-module.md). The day stored on each case follows
// the constant; the database functions and the code that reads the flags carry no number of days; and
// the flags follow whatever first day of the window is stored, so re-storing the dates
// (release:recompute) is all a new window needs.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseFactsInputSchema, storedRelease, toCaseFacts, type CaseFactsInput } from '#shared/cases.ts';
import { ELIGIBLE_SOON_DAYS, addDays, eligibleSoonFrom, releaseFlagsOn } from '#shared/release.ts';
import { checkDerived, rebuildDerived } from '#server/db/derived.ts';
import { cases, familyMembers } from '#server/db/schema.ts';
import { advanceReleaseClock, factColumns } from '#server/lib/case-facts.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { createFamilyMember } from './factories.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const facts = (input: CaseFactsInput) => toCaseFacts(CaseFactsInputSchema.parse(input));

describe('the stored first day of the window', () => {
  it.each<[string, CaseFactsInput]>([
    ['half of 3 years', { custodySince: '2025-01-31', offences: [{ code: 'theft' }] }],
    ['a third, first offence', { custodySince: '2024-08-15', offences: [{ code: 'cheating' }], firstOffence: true }],
    ['days of delay added', { custodySince: '2025-03-01', offences: [{ code: 'hurt' }], delayByAccusedDays: 45 }],
    ['a fraction of a month', { custodySince: '2025-05-10', offences: [{ code: 'other', label: 'Petty', maxMonths: 1 }] }],
  ])('is the S.479 date minus ELIGIBLE_SOON_DAYS (%s)', (_why, input) => {
    const r = storedRelease(facts(input));
    expect(r.s479EligibleOn).not.toBeNull();
    expect(r.s479EligibleSoonFrom).toBe(addDays(r.s479EligibleOn!, -ELIGIBLE_SOON_DAYS));
    expect(eligibleSoonFrom(r.s479EligibleOn!)).toBe(r.s479EligibleSoonFrom);
  });

  it('is null where S.479 gives no date', () => {
    expect(storedRelease(facts({ custodySince: '2025-01-01', offences: [{ code: 'murder' }] })).s479EligibleSoonFrom).toBeNull();
    expect(
      storedRelease(facts({ custodySince: '2025-01-01', offences: [{ code: 'theft' }], otherPendingCases: 1 })).s479EligibleSoonFrom,
    ).toBeNull();
    expect(storedRelease(facts({ custodySince: null })).s479EligibleSoonFrom).toBeNull();
  });

  it('opens the badge exactly ELIGIBLE_SOON_DAYS days before the date (releaseFlagsOn)', () => {
    const on = '2026-03-01';
    const dates = { s479EligibleOn: on, maximumEndsOn: null, defaultBailEligibleOn: null, releasedOn: null };
    const soon = (day: string) => releaseFlagsOn(dates, null, day).eligibleSoon;
    expect(soon(addDays(on, -ELIGIBLE_SOON_DAYS - 1))).toBe(false);
    expect(soon(addDays(on, -ELIGIBLE_SOON_DAYS))).toBe(true);
    expect(soon(addDays(on, -1))).toBe(true);
    expect(soon(on)).toBe(false);
    expect(releaseFlagsOn(dates, null, on).eligibleNow).toBe(true);
    // Released by then: no flag at all.
    expect(releaseFlagsOn({ ...dates, releasedOn: addDays(on, -5) }, null, addDays(on, -1)).eligibleSoon).toBe(false);
  });
});

describe('no number of days outside the constant', () => {
  /** The bodies of the SQL functions a migration defines, comments removed. */
  const functionBodies = (file: string) =>
    [...read(file).matchAll(/CREATE (?:OR REPLACE )?FUNCTION (\w+)[\s\S]*?\$\$([\s\S]*?)\$\$/g)].map((m) => ({
      name: m[1]!,
      body: m[2]!.replace(/--.*$/gm, ''),
    }));

  it('drizzle/0022 defines the flags and the daily pass with no number in them but 0', () => {
    const bodies = functionBodies('drizzle/0022_release_window_in_ts.sql');
    expect(bodies.map((b) => b.name).sort()).toEqual(['member_release_refresh', 'release_clock_advance']);
    for (const { name, body } of bodies) {
      const numbers = [...body.replace(/"[^"]*"/g, '').matchAll(/\b\d+\b/g)].map((m) => m[0]);
      expect(
        numbers.filter((n) => n !== '0'),
        name,
      ).toEqual([]);
      expect(body, name).toContain('s479_eligible_soon_from');
    }
  });

  it('and no later migration redefines them', () => {
    const later = fs
      .readdirSync(path.join(ROOT, 'drizzle'))
      .filter((f) => f.endsWith('.sql') && f > '0022_release_window_in_ts.sql')
      .filter((f) => /FUNCTION (member_release_refresh|release_clock_advance)\b/.test(read(`drizzle/${f}`)));
    expect(later).toEqual([]);
  });

  it('the code that reads the flags or draws the badges has no window of its own', () => {
    for (const file of [
      'src/server/db/derived.ts',
      'src/server/lib/case-facts.ts',
      'src/server/features/jail/jail.release.ts',
      'src/client/features/cases/jail-release.tsx',
      'src/client/features/jail/members-toolbar.tsx',
    ]) {
      const code = read(file)
        .replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')
        .replace(/eligible-30-days/g, '');
      for (const days of new Set([30, ELIGIBLE_SOON_DAYS])) expect(code, file).not.toMatch(new RegExp(`\\b${days}\\b`));
    }
  });
});

describe('the flags follow the stored first day of the window', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  }, 180_000);
  afterAll(() => t?.close());

  const soonFlag = async (memberId: string) => {
    const [row] = await t.db
      .select({ soon: familyMembers.releaseEligibleSoon })
      .from(familyMembers)
      .where(sql`${familyMembers.userId} = ${memberId}`);
    return row!.soon;
  };

  it('a window of another length, once stored, is what the trigger, the daily pass and the check use', async () => {
    const fm = await createFamilyMember(t.db);
    const caseId = fm.cases[0]!.id;
    const { columns } = factColumns(
      CaseFactsInputSchema.parse({ custodySince: '2025-01-31', offences: [{ code: 'theft' }] }),
      '2026-01-01',
    );
    const on = columns.s479EligibleOn!;
    await advanceReleaseClock(t.db, addDays(on, -ELIGIBLE_SOON_DAYS - 20));
    await t.db
      .update(cases)
      .set(columns)
      .where(sql`${cases.id} = ${caseId}`);
    expect(await soonFlag(fm.user.id)).toBe(false);
    await advanceReleaseClock(t.db, addDays(on, -ELIGIBLE_SOON_DAYS));
    expect(await soonFlag(fm.user.id)).toBe(true);
    await advanceReleaseClock(t.db, addDays(on, -ELIGIBLE_SOON_DAYS - 1));
    expect(await soonFlag(fm.user.id)).toBe(false);

    // As if the constant were 15 days longer: the stored day moves, the same functions follow it.
    const longer = ELIGIBLE_SOON_DAYS + 15;
    await t.db
      .update(cases)
      .set({ s479EligibleSoonFrom: addDays(on, -longer) })
      .where(sql`${cases.id} = ${caseId}`);
    expect(await soonFlag(fm.user.id)).toBe(true);
    await advanceReleaseClock(t.db, addDays(on, -longer - 1));
    expect(await soonFlag(fm.user.id)).toBe(false);
    await advanceReleaseClock(t.db, addDays(on, -longer));
    expect(await soonFlag(fm.user.id)).toBe(true);
    expect(await checkDerived(t.db, { only: ['member-release-flags'] })).toEqual({ counts: {}, total: 0, sample: [] });

    // The constant did not change, so the case's stored day is drift; re-storing it (release:recompute)
    // puts the window back and the flag follows through the cases trigger.
    const drift = await checkDerived(t.db, { only: ['case-release-dates'] });
    expect(drift.counts).toEqual({ 'case-release-dates': 1 });
    await rebuildDerived(t.db, { only: ['case-release-dates'] });
    const [row] = await t.db
      .select()
      .from(cases)
      .where(sql`${cases.id} = ${caseId}`);
    expect(row!.s479EligibleSoonFrom).toBe(eligibleSoonFrom(on));
    expect(await soonFlag(fm.user.id)).toBe(false);
    expect((await checkDerived(t.db)).total).toBe(0);
  });
});
