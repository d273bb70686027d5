// The release filters stay exact as facts change, as people are released and as days pass: after
// every step the stored member flags and the jail_counts counters equal a recount done in
// TypeScript with assessRelease on the clock's day (independent of the SQL that keeps them), and only
// people still in custody count. The day is moved by hand (the daily pass), through the dashboard
// (which catches up when the day has turned) and through the deadline pass, with a fake clock.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { RELEASE_FILTERS, assessCase, type CaseFactsInput, type ReleaseCounts, type ReleaseFilter } from '#shared/cases.ts';
import type { MembersPage } from '#shared/jail.ts';
import type { FamilyCases } from '#shared/family.ts';
import { ELIGIBLE_SOON_DAYS, addDays, addMonths, todayInIndia } from '#shared/release.ts';
import { bailReviews, cases, familyMembers, releaseClock } from '#server/db/schema.ts';
import { advanceReleaseClock, readFacts } from '#server/lib/case-facts.ts';
import { runDeadlinePass } from '#server/features/deadlines/deadlines.scheduler.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createLawyerRequest, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();
let jail: string;
let jailId: string;
beforeAll(async () => {
  jailId = (await createJailAuthority(t.db)).id;
  jail = await sessionCookie(t.db, jailId);
});
afterEach(() => {
  vi.useRealTimers();
});

const T = todayInIndia();

function call(method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const base: CaseFactsInput = {
  prisonerName: 'Ravi',
  prisonerRelation: 'son',
  prison: 'Tihar Jail No. 4',
  court: 'Saket District Court',
  firstOffence: false,
  otherPendingCases: 0,
  delayByAccusedDays: 0,
};
/** Half of one month: 16 days (15.2 rounded up); the maximum ends one calendar month after custody. */
const petty = [{ code: 'other', label: 'Petty offence', maxMonths: 1 }] as const;

async function member(facts: CaseFactsInput) {
  const fm = await createFamilyMember(t.db);
  const caseId = fm.cases[0]!.id;
  const res = await call('PUT', `/api/cases/${caseId}/facts`, jail, { ...base, ...facts, version: 0 });
  expect(res.statusCode, res.body).toBe(200);
  return { id: fm.user.id, caseId, cookie: await sessionCookie(t.db, fm.user.id) };
}

const KEYS: Record<ReleaseFilter, keyof Omit<ReleaseCounts, 'asOf'>> = {
  'eligible-now': 'eligibleNow',
  'eligible-30-days': 'eligibleSoon',
  'default-bail-due': 'defaultBailDue',
  'past-maximum': 'pastMaximum',
};

/** Members per filter on `day`, recounted from the facts with assessRelease; released people and people on bail left out. */
async function recount(day: string): Promise<Record<ReleaseFilter, string[]>> {
  const out: Record<ReleaseFilter, Set<string>> = {
    'eligible-now': new Set(),
    'eligible-30-days': new Set(),
    'default-bail-due': new Set(),
    'past-maximum': new Set(),
  };
  const bailAccepted = new Set((await t.db.select().from(bailReviews)).map((b) => b.familyMemberId));
  for (const row of await t.db.select().from(cases)) {
    if (row.releasedOn && row.releasedOn <= day) continue;
    // On bail (the order's day come, or the jail's Bail-Accept): the way out is the bond, not an application.
    if ((row.bailGrantedOn && row.bailGrantedOn <= day) || bailAccepted.has(row.familyMemberId)) continue;
    const a = assessCase(readFacts(row), day);
    if (!a) continue;
    if (a.s479.status === 'eligible') out['eligible-now'].add(row.familyMemberId);
    if (a.s479.status === 'not-yet' && a.s479.eligibleOn && a.s479.eligibleOn <= addDays(day, ELIGIBLE_SOON_DAYS))
      out['eligible-30-days'].add(row.familyMemberId);
    if (a.defaultBail.status === 'eligible') out['default-bail-due'].add(row.familyMemberId);
    if (a.s479.maximumEndsOn && a.s479.maximumEndsOn <= day) out['past-maximum'].add(row.familyMemberId);
  }
  return Object.fromEntries(RELEASE_FILTERS.map((f) => [f, [...out[f]].sort()])) as Record<ReleaseFilter, string[]>;
}

/** The stored flags, the counters (through the API) and the recount agree on `day`; returns the counts. */
async function expectExact(day: string): Promise<ReleaseCounts> {
  const [clock] = await t.db.select().from(releaseClock);
  expect(clock!.asOf).toBe(day);
  const expected = await recount(day);
  const members = await t.db.select().from(familyMembers);
  const flagged = (col: 'releaseEligibleNow' | 'releaseEligibleSoon' | 'releaseDefaultBailDue' | 'releasePastMaximum') =>
    members
      .filter((m) => m[col])
      .map((m) => m.userId)
      .sort();
  expect({
    'eligible-now': flagged('releaseEligibleNow'),
    'eligible-30-days': flagged('releaseEligibleSoon'),
    'default-bail-due': flagged('releaseDefaultBailDue'),
    'past-maximum': flagged('releasePastMaximum'),
  }).toEqual(expected);
  const res = await call('GET', '/api/jail/release-counts', jail);
  expect(res.statusCode, res.body).toBe(200);
  const counts = res.json<ReleaseCounts>();
  expect(counts.asOf).toBe(day);
  for (const f of RELEASE_FILTERS) expect(counts[KEYS[f]], f).toBe(expected[f].length);
  return counts;
}

async function listed(filter: ReleaseFilter, cookie = jail): Promise<string[]> {
  const res = await call('GET', `/api/jail/members?filter=${filter}&pageSize=50`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json<MembersPage>();
  expect(page.total).toBe(page.items.length);
  return page.items.map((m) => m.id).sort();
}

/** Sets the fake clock to noon in India on `day`. */
function setIndianDay(day: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00+05:30`));
  expect(todayInIndia()).toBe(day);
}

describe('release filters only count people in custody, exactly', () => {
  let a: Awaited<ReturnType<typeof member>>;
  let b: Awaited<ReturnType<typeof member>>;
  let c: Awaited<ReturnType<typeof member>>;

  it('starts on today with the counters equal to a recount', async () => {
    // a: the half date is tomorrow. b: 60 days of custody without a charge-sheet end today, so
    // default bail is due from tomorrow. c: eligible since 4 days, the maximum ends in about 10 days.
    a = await member({ custodySince: addDays(T, -15), offences: [...petty], chargesheetFiledOn: addDays(T, -14) });
    b = await member({ custodySince: addDays(T, -59), offences: [{ code: 'theft' }], chargesheetFiledOn: null });
    c = await member({ custodySince: addDays(T, -20), offences: [...petty], chargesheetFiledOn: addDays(T, -19) });
    const counts = await expectExact(T);
    expect(counts).toMatchObject({ eligibleNow: 1, eligibleSoon: 1, defaultBailDue: 0, pastMaximum: 0 });
    expect(await listed('eligible-now')).toEqual([c.id]);
    expect(await listed('eligible-30-days')).toEqual([a.id]);
  });

  it('a recorded release removes the person from every filter; clearing it brings them back', async () => {
    const adv = await createLawyer(t.db);
    await createLawyerRequest(t.db, { familyMemberId: c.id, lawyerId: adv.user.id, status: 'accepted' });
    const lawyer = await sessionCookie(t.db, adv.user.id);
    const released = await call('PUT', `/api/cases/${c.caseId}/bail`, jail, { bailGrantedOn: addDays(T, -2), releasedOn: T });
    expect(released.statusCode, released.body).toBe(200);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 0, eligibleSoon: 1 });
    expect(await listed('eligible-now')).toEqual([]);

    // The family and the lawyer are told the release date instead of an eligibility date.
    const own = (await call('GET', '/api/family/cases', c.cookie)).json<FamilyCases>();
    expect(own.cases[0]!.release).toMatchObject({ releasedOn: T, s479EligibleOn: addDays(T, -4) });
    const detail = await call('GET', `/api/cases/${c.caseId}`, lawyer);
    expect(detail.json<{ release: { releasedOn: string } }>().release.releasedOn).toBe(T);
    // No application to print for someone already released.
    expect((await call('POST', `/api/cases/${c.caseId}/application-printed`, jail)).statusCode).toBe(409);

    // The release cleared, the bail order kept: on bail, so still in no filter (src/shared/bail-timeline.ts).
    const cleared = await call('PUT', `/api/cases/${c.caseId}/bail`, jail, { bailGrantedOn: addDays(T, -2), releasedOn: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 0 });
    expect(await listed('eligible-now')).toEqual([]);
    // The bail order cleared too: eligible again.
    const noBail = await call('PUT', `/api/cases/${c.caseId}/bail`, jail, { bailGrantedOn: null, releasedOn: null });
    expect(noBail.statusCode, noBail.body).toBe(200);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 1 });
    expect(await listed('eligible-now')).toEqual([c.id]);
    expect((await call('POST', `/api/cases/${c.caseId}/application-printed`, jail)).statusCode).toBe(201);
  });

  it('editing the facts moves the member between filters in the same request', async () => {
    // A first offence: one third of one month is 11 days (10.1 rounded up), so a is eligible now.
    const res = await call('PUT', `/api/cases/${a.caseId}/facts`, jail, {
      ...base,
      custodySince: addDays(T, -15),
      offences: [...petty],
      chargesheetFiledOn: addDays(T, -14),
      firstOffence: true,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 2, eligibleSoon: 0 });
    // Refused input changes nothing.
    const bad = await call('PUT', `/api/cases/${a.caseId}/facts`, jail, {
      ...base,
      custodySince: addDays(T, 3),
      offences: [...petty],
      version: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 2, eligibleSoon: 0 });
    // Back to not first: the date is tomorrow again.
    const back = await call('PUT', `/api/cases/${a.caseId}/facts`, jail, {
      ...base,
      custodySince: addDays(T, -15),
      offences: [...petty],
      chargesheetFiledOn: addDays(T, -14),
      version: 2,
    });
    expect(back.statusCode).toBe(200);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 1, eligibleSoon: 1 });
  });

  it('the daily pass turns eligibility on as days pass and recomputes only the members whose dates it crosses', async () => {
    // To tomorrow: a's half date and b's default-bail date come; nobody else's dates lie in between.
    expect(await advanceReleaseClock(t.db, addDays(T, 1))).toBe(2);
    expect(await expectExact(addDays(T, 1))).toMatchObject({ eligibleNow: 2, eligibleSoon: 0, defaultBailDue: 1, pastMaximum: 0 });
    expect(await listed('eligible-now')).toEqual([a.id, c.id].sort());
    expect(await listed('default-bail-due')).toEqual([b.id]);
    // Moving to the same day again does nothing.
    expect(await advanceReleaseClock(t.db, addDays(T, 1))).toBe(0);
    // Past c's maximum (custody + 1 month).
    const cMax = addMonths(addDays(T, -20), 1);
    await advanceReleaseClock(t.db, cMax);
    expect(await expectExact(cMax)).toMatchObject({ pastMaximum: 1 });
    expect(await listed('past-maximum')).toEqual([c.id]);
    // And back (a correction of the clock): everything as it was.
    await advanceReleaseClock(t.db, T);
    expect(await expectExact(T)).toMatchObject({ eligibleNow: 1, eligibleSoon: 1, defaultBailDue: 0, pastMaximum: 0 });
  });

  it('when the day turns, the dashboard and the deadline pass move the clock forward (never back)', async () => {
    setIndianDay(addDays(T, 1));
    const cookie = await sessionCookie(t.db, jailId);
    expect(await listed('eligible-now', cookie)).toEqual([a.id, c.id].sort());
    vi.useRealTimers();
    // A session made under the fake clock counts as new; sign the jail in again with the real one.
    jail = await sessionCookie(t.db, jailId);
    expect(await expectExact(addDays(T, 1))).toMatchObject({ eligibleNow: 2, defaultBailDue: 1 });

    await runDeadlinePass(t.db, { now: new Date(`${addDays(T, 2)}T09:00:00+05:30`), publicUrl: 'http://localhost' });
    expect(await expectExact(addDays(T, 2))).toMatchObject({ eligibleNow: 2, defaultBailDue: 1 });
    // A pass with an older clock (another instance behind) leaves the day where it is.
    await runDeadlinePass(t.db, { now: new Date(`${T}T09:00:00+05:30`), publicUrl: 'http://localhost' });
    const [clock] = await t.db.select().from(releaseClock);
    expect(clock!.asOf).toBe(addDays(T, 2));
    // A charge-sheet filed now ends b's default bail.
    const filed = await call('PUT', `/api/cases/${b.caseId}/facts`, jail, {
      ...base,
      custodySince: addDays(T, -59),
      offences: [{ code: 'theft' }],
      chargesheetFiledOn: T,
      version: 1,
    });
    expect(filed.statusCode).toBe(200);
    expect(await expectExact(addDays(T, 2))).toMatchObject({ defaultBailDue: 0 });
    // Deleting a case (the member's account) takes its counts with it.
    await t.db.delete(familyMembers).where(eq(familyMembers.userId, c.id));
    expect(await expectExact(addDays(T, 2))).toMatchObject({ eligibleNow: 1 });
  });
});
