// Bail as one sequence at the API boundary (src/shared/bail-timeline.ts): order and bonds by the family or
// their lawyer, Bail-Accept and release by the jail; who may record what (401, 404, 403), the order of the
// steps and the dates (400, and nothing changes), the audit entry, and the timeline every side reads.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, indianDay, type CaseDeadlines } from '#shared/deadlines.ts';
import { auditEvents, bailReviews, cases, familyMembers, notifications } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import {
  createBailReview,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  sessionCookie,
} from '#tests/factories.ts';

const t = useTestApp();
const today = () => indianDay(new Date());

async function world() {
  const fm = await createFamilyMember(t.db, { name: 'Kamla Devi', cases: [{ caseNumber: 'BAIL-1' }] });
  const other = await createFamilyMember(t.db);
  const lawyer = await createLawyer(t.db);
  const pendingLawyer = await createLawyer(t.db);
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: pendingLawyer.user.id });
  const jail = await createJailAuthority(t.db);
  return {
    fm,
    caseId: fm.cases[0]!.id,
    family: await sessionCookie(t.db, fm.user.id),
    otherFamily: await sessionCookie(t.db, other.user.id),
    lawyer: await sessionCookie(t.db, lawyer.user.id),
    pendingLawyer: await sessionCookie(t.db, pendingLawyer.user.id),
    jail: await sessionCookie(t.db, jail.id),
    jailId: jail.id,
  };
}

const order = (on: string) => ({
  step: 'order',
  on,
  court: 'Sessions Court, Hardoi',
  bondAmount: 25000,
  sureties: 2,
  suretyAmount: 25000,
  conditions: 'Report to the police station every Monday.',
});

const bailColumns = {
  bailGrantedOn: cases.bailGrantedOn,
  bailCourt: cases.bailCourt,
  bailBondAmount: cases.bailBondAmount,
  bailSureties: cases.bailSureties,
  bailSuretyAmount: cases.bailSuretyAmount,
  bailConditions: cases.bailConditions,
  bailFurnishedOn: cases.bailFurnishedOn,
  releasedOn: cases.releasedOn,
};

describe('POST /api/cases/:caseId/bail-steps', () => {
  it('who: 401 signed out, 404 for whoever cannot see the case, 403 for the side whose step it is not', async () => {
    const w = await world();
    const url = `/api/cases/${w.caseId}/bail-steps`;
    const body = order(addDays(today(), -3));
    expect((await t.request('POST', url, { body })).statusCode).toBe(401);
    for (const cookie of [w.otherFamily, w.pendingLawyer]) expect((await t.request('POST', url, { cookie, body })).statusCode).toBe(404);
    const unknown = `/api/cases/00000000-0000-4000-8000-000000000000/bail-steps`;
    expect((await t.request('POST', unknown, { cookie: w.lawyer, body })).statusCode).toBe(404);
    // The jail does not record the order or the bonds; the family and the lawyer do not record the release.
    expect((await t.request('POST', url, { cookie: w.jail, body })).statusCode).toBe(403);
    expect((await t.request('POST', url, { cookie: w.jail, body: { step: 'furnished', on: today() } })).statusCode).toBe(403);
    for (const cookie of [w.family, w.lawyer])
      expect((await t.request('POST', url, { cookie, body: { step: 'released', on: today() } })).statusCode).toBe(403);
    const [row] = await t.db.select(bailColumns).from(cases).where(eq(cases.id, w.caseId));
    expect(row).toMatchObject({ bailGrantedOn: null, releasedOn: null });
  });

  it('bad input: each field and each out-of-order step is a 400 naming it, and nothing changes', async () => {
    const w = await world();
    const url = `/api/cases/${w.caseId}/bail-steps`;
    const granted = addDays(today(), -5);
    const bad: [object, string, string | RegExp][] = [
      [{ ...order(granted), on: '2026-02-30' }, 'on', /date/],
      [{ ...order(granted), on: addDays(today(), 1) }, 'on', 'The date cannot be in the future.'],
      [{ ...order(granted), court: ' ' }, 'court', 'Court is required.'],
      [{ ...order(granted), bondAmount: -1 }, 'bondAmount', /negative/],
      [{ ...order(granted), bondAmount: 10.5 }, 'bondAmount', /whole/],
      [{ ...order(granted), sureties: 21 }, 'sureties', /./],
      [{ ...order(granted), extra: 1 }, '', /./],
      [{ step: 'furnished', on: granted }, 'step', 'Record the bail order first.'],
      [{ step: 'verified', on: granted }, 'step', /./],
    ];
    for (const [body, path, message] of bad) {
      const res = await t.request('POST', url, { cookie: w.lawyer, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0].path, JSON.stringify(body)).toBe(path);
      expect(res.json().error.details[0].message, JSON.stringify(body)).toMatch(message);
    }
    expect((await t.request('POST', url, { cookie: w.lawyer, body: order(granted) })).statusCode).toBe(200);
    const again = await t.request('POST', url, { cookie: w.family, body: order(granted) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details[0]).toEqual({ path: 'step', message: 'The bail order is already recorded.' });
    const early = await t.request('POST', url, { cookie: w.family, body: { step: 'furnished', on: addDays(granted, -1) } });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.details[0]).toEqual({ path: 'on', message: `The date cannot be before the bail order (${granted}).` });
    // The jail cannot release before it verified the paper (Bail-Accept).
    const unverified = await t.request('POST', url, { cookie: w.jail, body: { step: 'released', on: today() } });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error.details[0].path).toBe('step');
    const [row] = await t.db.select(bailColumns).from(cases).where(eq(cases.id, w.caseId));
    expect(row).toMatchObject({ bailGrantedOn: granted, bailFurnishedOn: null, releasedOn: null });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, w.fm.user.id), eq(auditEvents.action, 'case.bail_step_recorded')));
    expect(audits).toHaveLength(1);
  });

  it('the whole sequence: lawyer records the order, the family the bonds, the jail verifies and releases; each side reads the next step', async () => {
    const w = await world();
    const url = `/api/cases/${w.caseId}/bail-steps`;
    const read = async (cookie: string) => (await t.request('GET', `/api/cases/${w.caseId}/deadlines`, { cookie })).json<CaseDeadlines>();
    const granted = addDays(today(), -4);

    expect((await read(w.family)).bail.next).toEqual({ step: 'order', by: 'lawyer-or-family' });
    expect((await read(w.lawyer)).can.recordBail).toEqual(['order']);
    expect((await read(w.jail)).can.recordBail).toEqual([]);

    const ordered = await t.request('POST', url, { cookie: w.lawyer, body: order(granted) });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().bail).toMatchObject({
      next: { step: 'furnished', by: 'lawyer-or-family' },
      order: { court: 'Sessions Court, Hardoi', bondAmount: 25000, sureties: 2, suretyAmount: 25000 },
    });
    expect((await read(w.family)).can.recordBail).toEqual(['furnished']);

    const furnished = await t.request('POST', url, { cookie: w.family, body: { step: 'furnished', on: addDays(granted, 2) } });
    expect(furnished.statusCode, furnished.body).toBe(200);
    expect(furnished.json().bail.next).toEqual({ step: 'verified', by: 'jail' });
    expect(furnished.json().can.recordBail).toEqual([]);

    await createBailReview(t.db, { familyMemberId: w.fm.user.id, decidedBy: w.jailId });
    const jailView = await read(w.jail);
    expect(jailView.bail.next).toEqual({ step: 'released', by: 'jail' });
    expect(jailView.can.recordBail).toEqual(['released']);
    expect(jailView.bail.steps[2]).toMatchObject({ step: 'verified', on: today(), done: true });

    const released = await t.request('POST', url, { cookie: w.jail, body: { step: 'released', on: today() } });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().bail.next).toBeNull();
    expect((await read(w.family)).case.releasedOn).toBe(today());

    const [row] = await t.db.select(bailColumns).from(cases).where(eq(cases.id, w.caseId));
    expect(row).toEqual({
      bailGrantedOn: granted,
      bailCourt: 'Sessions Court, Hardoi',
      bailBondAmount: 25000,
      bailSureties: 2,
      bailSuretyAmount: 25000,
      bailConditions: 'Report to the police station every Monday.',
      bailFurnishedOn: addDays(granted, 2),
      releasedOn: today(),
    });
    const actions = await t.db
      .select({ actorId: auditEvents.actorId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, w.fm.user.id), eq(auditEvents.action, 'case.bail_step_recorded')));
    expect(actions.map((a) => (a.details as { step: string }).step).sort()).toEqual(['furnished', 'order', 'released']);
    // The family is told of the order (by the lawyer) and of the release (by the jail), not of its own step.
    const kinds = (await t.db.select().from(notifications).where(eq(notifications.userId, w.fm.user.id))).map((n) => n.kind).sort();
    expect(kinds).toEqual(['bail_granted', 'released']);
  });
});

describe('on bail, out of the release tracker', () => {
  it('an eligible prisoner leaves "eligible now" once the bail order is recorded, and a Bail-Accept alone does the same', async () => {
    const flags = async (id: string) => {
      const [row] = await t.db
        .select({ now: familyMembers.releaseEligibleNow, due: familyMembers.releaseDefaultBailDue })
        .from(familyMembers)
        .where(eq(familyMembers.userId, id));
      return row;
    };
    // Held since two years ago for an offence of at most one month: long past half, eligible now.
    const facts = {
      prisonerName: 'Ravi',
      prisonerRelation: 'son',
      prison: 'Tihar Jail No. 4',
      court: 'Saket District Court',
      custodySince: addDays(today(), -730),
      offences: [{ code: 'other', label: 'Petty offence', maxMonths: 1 }],
      firstOffence: true,
      otherPendingCases: 0,
      delayByAccusedDays: 0,
      version: 0,
    };
    const a = await world();
    const b = await world();
    for (const w of [a, b]) {
      const res = await t.request('PUT', `/api/cases/${w.caseId}/facts`, { cookie: w.jail, body: facts });
      expect(res.statusCode, res.body).toBe(200);
      expect((await flags(w.fm.user.id))?.now).toBe(true);
    }
    expect((await t.request('POST', `/api/cases/${a.caseId}/application-printed`, { cookie: a.jail })).statusCode).toBe(201);
    expect((await t.request('POST', `/api/cases/${a.caseId}/bail-steps`, { cookie: a.lawyer, body: order(today()) })).statusCode).toBe(200);
    expect(await flags(a.fm.user.id)).toEqual({ now: false, due: false });
    // No S.479(3) application for a person on bail.
    expect((await t.request('POST', `/api/cases/${a.caseId}/application-printed`, { cookie: a.jail })).statusCode).toBe(409);
    await createBailReview(t.db, { familyMemberId: b.fm.user.id, decidedBy: b.jailId });
    expect(await flags(b.fm.user.id)).toEqual({ now: false, due: false });
    // A Bail-Accept with no order recorded on the case is bail all the same: no application.
    expect((await t.request('POST', `/api/cases/${b.caseId}/application-printed`, { cookie: b.jail })).statusCode).toBe(409);
    // An undone Bail-Accept puts them back.
    await t.db.delete(bailReviews).where(eq(bailReviews.familyMemberId, b.fm.user.id));
    expect((await flags(b.fm.user.id))?.now).toBe(true);
    expect((await t.request('POST', `/api/cases/${b.caseId}/application-printed`, { cookie: b.jail })).statusCode).toBe(201);
  });
});
