// Release tracker API: who may read and change a case's facts, validation, the timeline,
// the stored dates, the jail's release filters and counts, and the printed S.479(3) application.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseFactsCurrentSchema, type CaseDetail, type CaseFactsCurrent, type CaseFactsInput, type ReleaseCounts } from '#shared/cases.ts';
import type { FamilyCases } from '#shared/family.ts';
import type { MembersPage } from '#shared/jail.ts';
import type { LawyerClientList } from '#shared/lawyers.ts';
import { addDays, addMonths, todayInIndia } from '#shared/release.ts';
import { caseEvents, cases } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createLawyerRequest, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();
let jail: { id: string; cookie: string };
beforeAll(async () => {
  const j = await createJailAuthority(t.db, { name: 'Superintendent Rao' });
  jail = { id: j.id, cookie: await sessionCookie(t.db, j.id) };
});

const today = todayInIndia();

type Method = 'GET' | 'PUT' | 'POST';
function call(method: Method, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const theftFacts: CaseFactsInput = {
  prisonerName: 'Ravi Kumar',
  prisonerRelation: 'son',
  prison: 'Tihar Jail No. 4',
  custodySince: '2024-01-01',
  court: 'Saket District Court',
  cnr: 'dlst01-001234-2024',
  offences: [{ code: 'theft' }],
  firstOffence: true,
  otherPendingCases: 0,
  delayByAccusedDays: 0,
  chargesheetFiledOn: '2024-02-01',
};
/** The facts as a form loaded on a new case sends them: with the version they were loaded at (0). */
const theftSave = { ...theftFacts, version: 0 };

async function family(name = 'Sunita Devi') {
  const fm = await createFamilyMember(t.db, { name });
  return { ...fm, caseId: fm.cases[0]!.id, cookie: await sessionCookie(t.db, fm.user.id) };
}

async function lawyer(name = 'Adv. Mehra') {
  const l = await createLawyer(t.db, { name });
  return { id: l.user.id, cookie: await sessionCookie(t.db, l.user.id) };
}

const caseRow = async (id: string) => (await t.db.select().from(cases).where(eq(cases.id, id)))[0]!;

describe('family enters facts', () => {
  it('adding a case with facts stores them and the derived dates', async () => {
    const fm = await family();
    const res = await call('POST', '/api/family/cases', fm.cookie, {
      caseNumber: 'FIR-11/2024',
      detail: 'Son held for theft',
      caseType: 'Criminal Defense Lawyer',
      facts: theftFacts,
      // The case names a prisoner the member does not follow yet (docs/decisions/0053-notice-and-consent.md).
      prisonerConsent: 'visit',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; facts: CaseDetail['facts']; release: CaseDetail['release'] }>();
    expect(body.facts).toMatchObject({ prisonerName: 'Ravi Kumar', cnr: 'DLST010012342024', firstOffence: true });
    expect(body.facts.offences).toEqual([{ code: 'theft', label: null, maxMonths: 36, life: false, death: false }]);
    // One third of 36 months = 12 months; maximum 36 months; charge-sheet within 60 days.
    expect(body.release).toEqual({
      s479Status: 'counting',
      s479Fraction: '1/3',
      s479EligibleOn: '2025-01-01',
      maximumEndsOn: '2027-01-01',
      defaultBailDays: 60,
      defaultBailEligibleOn: null,
      releasedOn: null,
      bailGrantedOn: null,
      otherCasesHeld: 0,
      decidedOn: null,
    });
    const row = await caseRow(body.id);
    expect(row.s479EligibleOn).toBe('2025-01-01');
  });

  it('the /fmform registration takes the facts for the first case; the case page lists them', async () => {
    const user = await createUser(t.db, { role: 'Family-Member' });
    const cookie = await sessionCookie(t.db, user.id);
    const res = await call('PUT', '/api/family/registration', cookie, {
      phone: '9876543210',
      address: '1 Lane, Delhi',
      caseNumber: 'FIR-1',
      detail: 'Held',
      caseType: 'Criminal Defense Lawyer',
      facts: { ...theftFacts, offences: [{ code: 'murder' }], chargesheetFiledOn: null },
      prisonerConsent: 'legal-right',
    });
    expect(res.statusCode).toBe(200);
    const list = (await call('GET', '/api/family/cases', cookie)).json<FamilyCases>();
    expect(list.cases[0]!.facts.offences[0]).toMatchObject({ code: 'murder', life: true, death: true });
    expect(list.cases[0]!.release).toMatchObject({ s479Status: 'not-applicable', s479EligibleOn: null, defaultBailDays: 90 });
    // Facts given at registration are part of adding the case, not a later change.
    expect(list.cases[0]!.timeline.map((e) => e.kind)).toEqual(['case_added']);
  });

  it('a second /fmform submit from a form loaded before the jail changed the facts gets 409 stale_edit and keeps them', async () => {
    const user = await createUser(t.db, { role: 'Family-Member', name: 'Asha Rani' });
    const cookie = await sessionCookie(t.db, user.id);
    const form = {
      phone: '9876543210',
      address: '1 Lane, Delhi',
      caseNumber: 'FIR-2',
      detail: 'Held',
      caseType: 'Criminal Defense Lawyer',
      prisonerConsent: 'visit',
    };
    expect((await call('PUT', '/api/family/registration', cookie, { ...form, facts: theftFacts })).statusCode).toBe(200);
    const first = (await call('GET', '/api/family/registration', cookie)).json<{ cases: { id: string; factsVersion: number }[] }>()
      .cases[0]!;
    expect(first.factsVersion).toBe(0);
    const byJail = await call('PUT', `/api/cases/${first.id}/facts`, jail.cookie, { ...theftFacts, delayByAccusedDays: 45, version: 0 });
    expect(byJail.statusCode, byJail.body).toBe(200);

    const stale = await call('PUT', '/api/family/registration', cookie, { ...form, facts: theftFacts, factsVersion: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'stale_edit', current: { version: 1, facts: { delayByAccusedDays: 45 } } } });
    const missing = await call('PUT', '/api/family/registration', cookie, { ...form, facts: theftFacts });
    expect(missing.statusCode).toBe(400);
    expect((await caseRow(first.id)).delayByAccusedDays).toBe(45);
    // Loaded again, the same form goes through.
    const fresh = await call('PUT', '/api/family/registration', cookie, {
      ...form,
      facts: { ...theftFacts, delayByAccusedDays: 45 },
      factsVersion: 1,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('facts are optional: a case without them has no dates', async () => {
    const fm = await family();
    const res = await call('POST', '/api/family/cases', fm.cookie, { caseNumber: 'X-1', detail: 'd', caseType: 'Corporate Lawyer' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ release: CaseDetail['release'] }>().release.s479Status).toBeNull();
  });

  it('the case page carries the state the family gave for the prison (its courts’ language prints beside English), null when none', async () => {
    const inMaharashtra = await createFamilyMember(t.db, { location: { state: 'MH', district: 'Pune' } });
    const cookie = await sessionCookie(t.db, inMaharashtra.user.id);
    expect((await call('GET', `/api/cases/${inMaharashtra.cases[0]!.id}`, cookie)).json<CaseDetail>().courtState).toBe('MH');
    const fm = await family();
    expect((await call('GET', `/api/cases/${fm.caseId}`, fm.cookie)).json<CaseDetail>().courtState).toBeNull();
  });
});

describe('PUT /api/cases/:caseId/facts', () => {
  it('401 when signed out', async () => {
    const fm = await family();
    expect((await call('PUT', `/api/cases/${fm.caseId}/facts`, undefined, theftSave)).statusCode).toBe(401);
  });

  it('the owner, the accepted lawyer and the jail may change facts; each change is in the timeline with who made it', async () => {
    const fm = await family('Kamla Bai');
    const adv = await lawyer('Adv. Iyer');
    await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: adv.id, status: 'accepted' });

    const own = await call('PUT', `/api/cases/${fm.caseId}/facts`, fm.cookie, theftSave);
    expect(own.statusCode).toBe(200);
    expect(own.json<CaseDetail>().release.s479EligibleOn).toBe('2025-01-01');

    // The lawyer learns it is not a first offence: the date moves from one third to one half.
    const byLawyer = await call('PUT', `/api/cases/${fm.caseId}/facts`, adv.cookie, { ...theftFacts, firstOffence: false, version: 1 });
    expect(byLawyer.statusCode).toBe(200);
    expect(byLawyer.json<CaseDetail>().release).toMatchObject({ s479Fraction: '1/2', s479EligibleOn: '2025-07-01' });
    expect((await caseRow(fm.caseId)).s479EligibleOn).toBe('2025-07-01');

    // The jail records 30 days of delay caused by the accused.
    const byJail = await call('PUT', `/api/cases/${fm.caseId}/facts`, jail.cookie, {
      ...theftFacts,
      firstOffence: false,
      delayByAccusedDays: 30,
      version: 2,
    });
    expect(byJail.statusCode).toBe(200);
    const detail = byJail.json<CaseDetail>();
    expect(detail.release).toMatchObject({ s479EligibleOn: '2025-07-31', maximumEndsOn: '2027-01-31' });
    expect(detail.events.map((e) => [e.by.name, e.by.role, e.fields])).toEqual([
      ['Kamla Bai', 'Family-Member', expect.arrayContaining(['custodySince', 'offences', 'cnr'])],
      ['Adv. Iyer', 'Lawyer', ['firstOffence']],
      ['Superintendent Rao', 'Jail-Authority', ['delayByAccusedDays']],
    ]);

    const timeline = (await call('GET', '/api/family/cases', fm.cookie)).json<FamilyCases>().cases[0]!.timeline;
    expect(timeline.filter((e) => e.kind === 'facts_changed')).toHaveLength(3);

    // Saving the same facts again changes nothing and adds no entry.
    const same = { ...theftFacts, firstOffence: false, delayByAccusedDays: 30, version: 3 };
    expect((await call('PUT', `/api/cases/${fm.caseId}/facts`, jail.cookie, same)).json<CaseDetail>().factsVersion).toBe(3);
    expect(await t.db.select().from(caseEvents).where(eq(caseEvents.caseId, fm.caseId))).toHaveLength(3);

    // The lawyer's client list carries the facts too.
    const clients = (await call('GET', '/api/lawyers/clients', adv.cookie)).json<LawyerClientList>().clients;
    expect(clients.find((c) => c.id === fm.user.id)!.cases[0]!.facts.delayByAccusedDays).toBe(30);
  });

  it('a form loaded before the jail changed the offences gets 409 stale_edit with the jail’s facts and reverts nothing', async () => {
    const fm = await family('Meera Das');
    const adv = await lawyer('Adv. Kapoor');
    await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: adv.id, status: 'accepted' });
    // Theft (3 years), not a first offence, in custody since 10 July 2024: S.479 half date 10 January 2026.
    const start = { ...theftFacts, custodySince: '2024-07-10', firstOffence: false, chargesheetFiledOn: '2024-08-01' };
    const saved = await call('PUT', `/api/cases/${fm.caseId}/facts`, fm.cookie, { ...start, version: 0 });
    expect(saved.json<CaseDetail>()).toMatchObject({ factsVersion: 1, release: { s479EligibleOn: '2026-01-10' } });

    // The lawyer opens the form (version 1). The jail then records a graver offence: the date moves to 2029.
    const loaded = (await call('GET', `/api/cases/${fm.caseId}`, adv.cookie)).json<CaseDetail>();
    expect(loaded.factsVersion).toBe(1);
    const graver = { ...start, offences: [{ code: 'other' as const, label: 'Dacoity', maxMonths: 120 }] };
    const byJail = await call('PUT', `/api/cases/${fm.caseId}/facts`, jail.cookie, { ...graver, version: 1 });
    expect(byJail.json<CaseDetail>()).toMatchObject({ factsVersion: 2, release: { s479EligibleOn: '2029-07-10' } });

    // The lawyer saves the form as loaded, with the old offence and a new delay: refused, nothing written.
    const stale = await call('PUT', `/api/cases/${fm.caseId}/facts`, adv.cookie, {
      ...start,
      delayByAccusedDays: 10,
      version: loaded.factsVersion,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<{ error: { code: string; current: CaseFactsCurrent } }>();
    expect(body.error.code).toBe('stale_edit');
    expect(body.error.current).toMatchObject({
      version: 2,
      facts: { offences: [{ code: 'other', label: 'Dacoity', maxMonths: 120 }], delayByAccusedDays: 0 },
      changedBy: { name: 'Superintendent Rao', role: 'Jail-Authority' },
    });
    expect(CaseFactsCurrentSchema.parse(body.error.current).facts.custodySince).toBe('2024-07-10');
    const row = await caseRow(fm.caseId);
    expect(row).toMatchObject({ factsVersion: 2, s479EligibleOn: '2029-07-10', delayByAccusedDays: 0 });
    expect(row.offences).toEqual([{ code: 'other', label: 'Dacoity', maxMonths: 120, life: false, death: false }]);
    expect(await t.db.select().from(caseEvents).where(eq(caseEvents.caseId, fm.caseId))).toHaveLength(2);

    // A second stale save, this time by the family from an even older form: refused too.
    expect((await call('PUT', `/api/cases/${fm.caseId}/facts`, fm.cookie, { ...start, version: 0 })).statusCode).toBe(409);
    // Without the version at all: 400, the form must say what it was loaded at.
    const missing = await call('PUT', `/api/cases/${fm.caseId}/facts`, adv.cookie, start);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { details: { path: string }[] } }>().error.details[0]!.path).toBe('version');

    // With the current values loaded (version 2), the lawyer's own change goes through and keeps the jail's.
    const fresh = await call('PUT', `/api/cases/${fm.caseId}/facts`, adv.cookie, { ...graver, delayByAccusedDays: 10, version: 2 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json<CaseDetail>()).toMatchObject({
      factsVersion: 3,
      facts: { delayByAccusedDays: 10, offences: [{ label: 'Dacoity' }] },
    });
  });

  it('another family member and an unrelated lawyer get 404; a lawyer with a pending request 403; nothing changes', async () => {
    const fm = await family();
    const other = await family();
    const stranger = await lawyer();
    const asked = await lawyer();
    await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: asked.id, status: 'pending' });
    const declined = await lawyer();
    await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: declined.id, status: 'rejected' });

    const url = `/api/cases/${fm.caseId}/facts`;
    expect((await call('PUT', url, other.cookie, theftSave)).statusCode).toBe(404);
    expect((await call('PUT', url, stranger.cookie, theftSave)).statusCode).toBe(404);
    expect((await call('PUT', url, declined.cookie, theftSave)).statusCode).toBe(404);
    const pending = await call('PUT', url, asked.cookie, theftSave);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await call('GET', `/api/cases/${fm.caseId}`, asked.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/cases/${fm.caseId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/cases/00000000-0000-4000-8000-000000000000/facts', jail.cookie, theftSave)).statusCode).toBe(404);
    expect((await caseRow(fm.caseId)).custodySince).toBeNull();
  });

  it.each([
    ['a CNR of the wrong length', { cnr: 'DLST0100123' }, 'cnr'],
    ['a CNR with letters where digits go', { cnr: 'DLST01ABCDEF2024' }, 'cnr'],
    ['a custody date that is not a date', { custodySince: '2024-02-30' }, 'custodySince'],
    ['a custody date in the future', { custodySince: addDays(today, 2) }, 'custodySince'],
    ['a charge-sheet date in the future', { chargesheetFiledOn: addDays(today, 2) }, 'chargesheetFiledOn'],
    ['an unknown offence', { offences: [{ code: 'jaywalking' }] }, 'offences.0'],
    ['"other" without a maximum', { offences: [{ code: 'other', label: 'Forgery' }] }, 'offences.0'],
    ['a negative delay', { delayByAccusedDays: -1 }, 'delayByAccusedDays'],
    ['an unknown relation', { prisonerRelation: 'cousin' }, 'prisonerRelation'],
    ['an unknown field', { bailGrantedOn: '2024-01-01' }, ''],
  ])('400 for %s', async (_what, patch, path) => {
    const fm = await family();
    const res = await call('PUT', `/api/cases/${fm.caseId}/facts`, fm.cookie, { ...theftSave, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details?: { path: string }[] } }>();
    expect(body.error.code).toBe('validation');
    if (path) expect(body.error.details?.map((d) => d.path).some((p) => p.startsWith(path))).toBe(true);
    expect((await caseRow(fm.caseId)).custodySince).toBeNull();
  });

  it('"other" with a typed maximum in months is counted', async () => {
    const fm = await family();
    const res = await call('PUT', `/api/cases/${fm.caseId}/facts`, fm.cookie, {
      ...theftSave,
      firstOffence: false,
      offences: [{ code: 'other', label: 'Forgery', maxMonths: 24 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CaseDetail>().release).toMatchObject({ s479EligibleOn: '2025-01-01', maximumEndsOn: '2026-01-01' });
  });
});

describe('jail release filters, counts and the S.479(3) application', () => {
  /** A member whose only case has the given facts, saved through the API by the jail. */
  async function memberWith(facts: CaseFactsInput) {
    const fm = await family();
    const res = await call('PUT', `/api/cases/${fm.caseId}/facts`, jail.cookie, { ...theftSave, firstOffence: false, ...facts });
    expect(res.statusCode).toBe(200);
    return fm;
  }
  const oneMonth = [{ code: 'other', label: 'Petty offence', maxMonths: 1 }] as const;

  it('filters and counts members by the stored dates compared with today', async () => {
    const countsNow = async () => (await call('GET', '/api/jail/release-counts', jail.cookie)).json<ReleaseCounts>();
    const before = await countsNow();
    // Half of one month is 16 days (15.2 rounded up).
    const a = await memberWith({ custodySince: addDays(today, -20), offences: [...oneMonth], chargesheetFiledOn: addDays(today, -19) });
    const b = await memberWith({ custodySince: addDays(today, -10), offences: [...oneMonth], chargesheetFiledOn: addDays(today, -9) });
    const c = await memberWith({ custodySince: addDays(today, -61), offences: [{ code: 'theft' }], chargesheetFiledOn: null });
    const d = await memberWith({
      custodySince: addMonths(addDays(today, -40), -1),
      offences: [...oneMonth],
      chargesheetFiledOn: addMonths(addDays(today, -39), -1),
    });
    const e = await memberWith({ custodySince: addDays(today, -100), offences: [{ code: 'murder' }], chargesheetFiledOn: null });

    // Earlier tests in this file made members too: compare the change.
    const after = await countsNow();
    expect(after.asOf).toBe(today);
    expect({
      eligibleNow: after.eligibleNow - before.eligibleNow,
      eligibleSoon: after.eligibleSoon - before.eligibleSoon,
      defaultBailDue: after.defaultBailDue - before.defaultBailDue,
      pastMaximum: after.pastMaximum - before.pastMaximum,
    }).toEqual({ eligibleNow: 2, eligibleSoon: 1, defaultBailDue: 2, pastMaximum: 1 });

    const mine = new Set([a, b, c, d, e].map((m) => m.user.id));
    const ids = async (filter: string) =>
      (await call('GET', `/api/jail/members?filter=${filter}&pageSize=50`, jail.cookie))
        .json<MembersPage>()
        .items.map((m) => m.id)
        .filter((id) => mine.has(id))
        .sort();
    expect(await ids('eligible-now')).toEqual([a.user.id, d.user.id].sort());
    expect(await ids('eligible-30-days')).toEqual([b.user.id]);
    expect(await ids('default-bail-due')).toEqual([c.user.id, e.user.id].sort());
    expect(await ids('past-maximum')).toEqual([d.user.id]);

    const page = (await call('GET', '/api/jail/members?filter=eligible-now', jail.cookie)).json<MembersPage>();
    expect(page.items.find((m) => m.id === a.user.id)!.cases[0]!.release).toMatchObject({ s479EligibleOn: addDays(today, -4) });

    // The application: printed for an eligible case, refused for one whose date has not come.
    const printed = await call('POST', `/api/cases/${a.caseId}/application-printed`, jail.cookie);
    expect(printed.statusCode).toBe(201);
    const notYet = await call('POST', `/api/cases/${b.caseId}/application-printed`, jail.cookie);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ error: { code: 'not_eligible' } });
    const timeline = (await call('GET', '/api/family/cases', a.cookie)).json<FamilyCases>().cases[0]!.timeline;
    expect(timeline.at(-1)).toMatchObject({ kind: 'application_printed', by: { name: 'Superintendent Rao', role: 'Jail-Authority' } });
  });

  it('only the jail authority reads the counts and records a printed application', async () => {
    const fm = await family();
    const adv = await lawyer();
    await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: adv.id, status: 'accepted' });
    expect((await call('GET', '/api/jail/release-counts')).statusCode).toBe(401);
    expect((await call('GET', '/api/jail/release-counts', fm.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/cases/${fm.caseId}/application-printed`, fm.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/cases/${fm.caseId}/application-printed`, adv.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/jail/members?filter=eligible-soon', jail.cookie)).statusCode).toBe(400);
  });
});
