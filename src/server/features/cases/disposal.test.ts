// The court's decision that ended a case (docs/retention.md#closed-cases): whoever may change the case's facts
// records it or takes it back; everyone who sees the case sees it, with the day the retention job deletes the
// case; a day after today, an unknown decision, another family's case or a read-only reader change nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CaseDetail } from '#shared/cases.ts';
import type { MembersPage } from '#shared/jail.ts';
import { checkDerived } from '#server/db/derived.ts';
import { refreshPrisonerCases } from '#server/lib/case-facts.ts';
import { addDays } from '#shared/deadlines.ts';
import { todayInIndia } from '#shared/release.ts';
import { accessLog, auditEvents, caseEvents, cases, prisoners, prisons, users } from '#server/db/schema.ts';
import { RETENTION_DEFAULTS } from '#server/lib/retention.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createLawyerRequest, createUser, sessionCookie, uniqueEmail } from '#tests/factories.ts';

const t = useTestApp();

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function setUp(n: number) {
  const [prison] = await t.db
    .insert(prisons)
    .values({ name: `Decision Jail ${n}`, district: 'Sitapur', state: 'UP', dlsaEmail: uniqueEmail('dlsa') })
    .returning();
  const fm = await createFamilyMember(t.db, { name: 'Geeta Devi', cases: [{ caseNumber: `DEC-${n}/2024`, prisonerName: 'Ramesh' }] });
  const c = fm.cases[0]!;
  await t.db.update(prisoners).set({ prisonId: prison!.id }).where(eq(prisoners.id, c.prisonerId));
  const jail = await createUser(t.db, { role: 'Jail-Authority', name: 'Jailor Verma' });
  await t.db.update(users).set({ prisonId: prison!.id }).where(eq(users.id, jail.id));
  const lawyer = await createLawyer(t.db);
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
  const pendingLawyer = await createLawyer(t.db);
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: pendingLawyer.user.id, status: 'pending' });
  const stranger = await createFamilyMember(t.db, { name: 'Another Family' });
  return {
    caseId: c.id,
    memberId: fm.user.id,
    family: await sessionCookie(t.db, fm.user.id),
    lawyer: { id: lawyer.user.id, cookie: await sessionCookie(t.db, lawyer.user.id) },
    pendingLawyer: await sessionCookie(t.db, pendingLawyer.user.id),
    jail: await sessionCookie(t.db, jail.id),
    stranger: await sessionCookie(t.db, stranger.user.id),
  };
}

const stored = async (caseId: string) =>
  (await t.db.select({ disposedOn: cases.disposedOn, disposal: cases.disposal }).from(cases).where(eq(cases.id, caseId)))[0];

describe("the court's decision on a case", () => {
  it('the lawyer records it; every side sees it with the day the case is deleted; the timeline, audit and access log say who', async () => {
    const s = await setUp(1);
    const before = (await call('GET', `/api/cases/${s.caseId}`, s.family)).json<CaseDetail>();
    expect(before.disposal).toBeNull();
    expect(before.can.recordDisposal).toBe(true);

    const res = await call('POST', `/api/cases/${s.caseId}/disposal`, s.lawyer.cookie, { disposedOn: '2026-03-12', disposal: 'acquitted' });
    expect(res.statusCode, res.body).toBe(200);
    const deletedFrom = addDays('2026-03-12', RETENTION_DEFAULTS.closedCasesDays + 1);
    expect(res.json<CaseDetail>().disposal).toEqual({ disposedOn: '2026-03-12', disposal: 'acquitted', deletedFrom });
    expect(await stored(s.caseId)).toEqual({ disposedOn: '2026-03-12', disposal: 'acquitted' });
    for (const cookie of [s.family, s.jail, s.pendingLawyer]) {
      const seen = (await call('GET', `/api/cases/${s.caseId}`, cookie)).json<CaseDetail>();
      expect(seen.disposal).toEqual({ disposedOn: '2026-03-12', disposal: 'acquitted', deletedFrom });
    }
    const events = await t.db.select().from(caseEvents).where(eq(caseEvents.caseId, s.caseId));
    expect(events.map((e) => [e.actorId, e.details])).toContainEqual([s.lawyer.id, { fields: ['disposal'] }]);
    const audits = await t.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'case.disposal_recorded'), eq(auditEvents.subject, s.memberId)));
    expect(audits).toEqual([{ details: { caseId: s.caseId, disposal: 'acquitted', disposedOn: '2026-03-12' } }]);
    const logged = await t.db
      .select({ what: accessLog.what, action: accessLog.action })
      .from(accessLog)
      .where(and(eq(accessLog.actorId, s.lawyer.id), eq(accessLog.what, 'case.disposal')));
    expect(logged).toEqual([{ what: 'case.disposal', action: 'change' }]);

    // The jail corrects it, the family takes it back: the case is pending again.
    const corrected = await call('POST', `/api/cases/${s.caseId}/disposal`, s.jail, { disposedOn: '2026-03-13', disposal: 'convicted' });
    expect(corrected.json<CaseDetail>().disposal?.disposal).toBe('convicted');
    const undone = await call('DELETE', `/api/cases/${s.caseId}/disposal`, s.family);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<CaseDetail>().disposal).toBeNull();
    expect(await stored(s.caseId)).toEqual({ disposedOn: null, disposal: null });
  });

  it("a decided case leaves the jail's release lists and no longer bars the prisoner's other case (S.479(2)); taken back, both return", async () => {
    const s = await setUp(4);
    // Theft, first offence, in custody since January 2024: one third passed long ago — eligible now.
    const facts = {
      prisonerName: 'Ramesh',
      custodySince: '2024-01-01',
      offences: [{ code: 'theft' }],
      firstOffence: true,
      chargesheetFiledOn: '2024-02-01',
    };
    const put = async (caseId: string) => {
      const version = (await call('GET', `/api/cases/${caseId}`, s.family)).json<CaseDetail>().factsVersion;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/cases/${caseId}/facts`,
        headers: { 'sec-fetch-site': 'same-origin', cookie: s.family },
        payload: { ...facts, version },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CaseDetail>();
    };
    const eligibleNow = async () =>
      (await call('GET', '/api/jail/members?filter=eligible-now&pageSize=50', s.jail)).json<MembersPage>().items.map((m) => m.id);
    expect((await put(s.caseId)).release).toMatchObject({ s479Status: 'counting', decidedOn: null });
    expect(await eligibleNow()).toContain(s.memberId);

    // A second case of the same prisoner bars the one-third rule for both (S.479(2)).
    const [second] = await t.db
      .insert(cases)
      .values({
        familyMemberId: s.memberId,
        caseNumber: 'DEC-4B/2024',
        detail: 'Held',
        caseType: 'Criminal Defense Lawyer',
        prisonerName: 'Ramesh',
      })
      .returning();
    await refreshPrisonerCases(t.db, [second!.prisonerId]);
    expect((await call('GET', `/api/cases/${s.caseId}`, s.family)).json<CaseDetail>().release).toMatchObject({
      s479Status: 'barred',
      otherCasesHeld: 1,
    });
    expect(await eligibleNow()).not.toContain(s.memberId);

    // The second case is decided: it bars no more, and the first is eligible again.
    const decided = await call('POST', `/api/cases/${second!.id}/disposal`, s.family, { disposedOn: '2026-01-20', disposal: 'acquitted' });
    expect(decided.json<CaseDetail>().release).toMatchObject({ s479Status: null, s479EligibleOn: null, decidedOn: '2026-01-20' });
    expect((await call('GET', `/api/cases/${s.caseId}`, s.family)).json<CaseDetail>().release).toMatchObject({
      s479Status: 'counting',
      otherCasesHeld: 0,
    });
    expect(await eligibleNow()).toContain(s.memberId);

    // The first is decided too (convicted): nothing of his is an undertrial's any more, and he leaves the list.
    await call('POST', `/api/cases/${s.caseId}/disposal`, s.jail, { disposedOn: '2026-02-01', disposal: 'convicted' });
    expect(await eligibleNow()).not.toContain(s.memberId);
    // Facts saved after the decision store no dates either.
    expect((await put(s.caseId)).release).toMatchObject({ s479Status: null, decidedOn: '2026-02-01' });
    expect((await checkDerived(t.db, { only: ['case-release-dates', 'member-release-flags'] })).total).toBe(0);

    // Taken back: the case is pending again and counts.
    await call('DELETE', `/api/cases/${s.caseId}/disposal`, s.family);
    expect(await eligibleNow()).toContain(s.memberId);
    expect((await checkDerived(t.db, { only: ['case-release-dates', 'member-release-flags'] })).total).toBe(0);
  });

  it('refuses a day after today, an unknown decision and a missing day, with nothing written', async () => {
    const s = await setUp(2);
    const tomorrow = addDays(todayInIndia(), 1);
    for (const [body, path] of [
      [{ disposedOn: tomorrow, disposal: 'acquitted' }, 'disposedOn'],
      [{ disposedOn: '2026-02-30', disposal: 'acquitted' }, 'disposedOn'],
      [{ disposedOn: '2026-02-01', disposal: 'pardoned' }, 'disposal'],
      [{ disposal: 'acquitted' }, 'disposedOn'],
      [{ disposedOn: '2026-02-01', disposal: 'acquitted', extra: 1 }, ''],
    ] as const) {
      const res = await call('POST', `/api/cases/${s.caseId}/disposal`, s.family, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
      if (path) expect(res.json<{ error: { details: { path: string }[] } }>().error.details.map((d) => d.path)).toContain(path);
    }
    expect(await stored(s.caseId)).toEqual({ disposedOn: null, disposal: null });
    expect(await t.db.select().from(caseEvents).where(eq(caseEvents.caseId, s.caseId))).toHaveLength(0);
  });

  it('another family, a jail of another prison get 404 and a lawyer not yet accepted 403; nothing is written', async () => {
    const s = await setUp(3);
    const [otherPrison] = await t.db
      .insert(prisons)
      .values({ name: 'Decision Other Jail', district: 'Lucknow', state: 'UP', dlsaEmail: uniqueEmail('dlsa') })
      .returning();
    const otherJail = await createUser(t.db, { role: 'Jail-Authority', name: 'Other Jailor' });
    await t.db.update(users).set({ prisonId: otherPrison!.id }).where(eq(users.id, otherJail.id));
    const body = { disposedOn: '2026-01-05', disposal: 'discharged' };
    expect((await call('POST', `/api/cases/${s.caseId}/disposal`, s.stranger, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cases/${s.caseId}/disposal`, s.stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/cases/${s.caseId}/disposal`, await sessionCookie(t.db, otherJail.id), body)).statusCode).toBe(404);
    const readOnly = await call('POST', `/api/cases/${s.caseId}/disposal`, s.pendingLawyer, body);
    expect(readOnly.statusCode).toBe(403);
    const seen = (await call('GET', `/api/cases/${s.caseId}`, s.pendingLawyer)).json<CaseDetail>();
    expect(seen.can.recordDisposal).toBe(false);
    expect(await stored(s.caseId)).toEqual({ disposedOn: null, disposal: null });
  });
});
