// The prisoner's consent or legal basis, and the member's own consent to the notice: refused without
// it, recorded with which, when and by whom, withdrawn in one tap with what that stops, given again
// (docs/decisions/0053-notice-and-consent.md).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accessLog,
  auditEvents,
  cases,
  emailOutbox,
  familyMembers,
  hearings,
  lawyerRequests,
  notifications,
  prisoners,
  users,
} from '#server/db/schema.ts';
import { runDeadlinePass } from '#server/features/deadlines/deadlines.scheduler.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createNgo, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

const form = {
  phone: '+91 98765-43210',
  address: '14 Gandhi Nagar, Delhi 110031',
  caseNumber: 'FIR-77/2025',
  detail: 'Held at Tihar.',
  caseType: 'Criminal Defense Lawyer',
  facts: { prisonerName: 'Ravi Kumar' },
};

async function newMember(name = 'Sunita Devi') {
  const user = await createUser(t.db, { role: 'Family-Member', name });
  return { user, cookie: await sessionCookie(t.db, user.id) };
}

async function consentsOf(cookie: string) {
  const res = await t.request('GET', '/api/family/consents', { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<{
    prisoners: {
      prisonerId: string;
      prisonerName: string;
      basis: string | null;
      recordedBy: string | null;
      withdrawnAt: string | null;
      withdrawnBy: string | null;
      recordedAt: string | null;
    }[];
  }>().prisoners;
}

describe("the prisoner's consent at registration", () => {
  it('refuses the first /fmform submit without it (400 prisoner_consent_required) and writes nothing', async () => {
    const { user, cookie } = await newMember();
    const res = await t.request('PUT', '/api/family/registration', { cookie, body: form, asTyped: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('prisoner_consent_required');
    expect(res.json().error.details[0].path).toBe('prisonerConsent');
    expect(await t.db.select().from(familyMembers).where(eq(familyMembers.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(cases).where(eq(cases.familyMemberId, user.id))).toEqual([]);
  });

  it('refuses a basis not in the list (400 validation)', async () => {
    const { cookie } = await newMember();
    const res = await t.request('PUT', '/api/family/registration', {
      cookie,
      body: { ...form, prisonerConsent: 'neighbour' },
      asTyped: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });

  it('records which, when and by whom, audited, and shows it to the family', async () => {
    const { user, cookie } = await newMember('Sunita Devi');
    const before = Date.now();
    const res = await t.request('PUT', '/api/family/registration', {
      cookie,
      body: { ...form, prisonerConsent: 'paralegal' },
      asTyped: true,
    });
    expect(res.statusCode).toBe(200);
    const [shown] = await consentsOf(cookie);
    expect(shown).toMatchObject({ prisonerName: 'Ravi Kumar', basis: 'paralegal', recordedBy: 'Sunita Devi', withdrawnAt: null });
    expect(Date.parse(shown!.recordedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.db.select().from(prisoners).where(eq(prisoners.id, shown!.prisonerId));
    expect(row).toMatchObject({ consentBasis: 'paralegal', consentBy: user.id, consentWithdrawnAt: null });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, shown!.prisonerId), eq(auditEvents.action, 'prisoner.consent_recorded')));
    expect(events.map((e) => [e.actorId, e.details])).toEqual([[user.id, { basis: 'paralegal' }]]);
    // A later submit makes no prisoner and needs no consent.
    const again = await t.request('PUT', '/api/family/registration', {
      cookie,
      body: { ...form, facts: undefined, detail: 'Moved to Rohini.' },
      asTyped: true,
    });
    expect(again.statusCode).toBe(200);
  });

  it('a new case naming a new prisoner needs it too; a case of a prisoner already followed does not', async () => {
    const { cookie } = await newMember();
    await t.request('PUT', '/api/family/registration', { cookie, body: { ...form, prisonerConsent: 'visit' }, asTyped: true });
    const sameRes = await t.request('POST', '/api/family/cases', {
      cookie,
      body: { caseNumber: 'FIR-78/2025', detail: 'x', caseType: 'Criminal Defense Lawyer', facts: { prisonerName: 'Ravi Kumar' } },
      asTyped: true,
    });
    expect(sameRes.statusCode).toBe(201);
    const newBody = { caseNumber: 'FIR-79/2025', detail: 'x', caseType: 'Criminal Defense Lawyer', facts: { prisonerName: 'Mohan Lal' } };
    const refused = await t.request('POST', '/api/family/cases', { cookie, body: newBody, asTyped: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('prisoner_consent_required');
    expect((await consentsOf(cookie)).map((p) => p.prisonerName)).toEqual(['Ravi Kumar']);
    const ok = await t.request('POST', '/api/family/cases', {
      cookie,
      body: { ...newBody, prisonerConsent: 'legal-right' },
      asTyped: true,
    });
    expect(ok.statusCode).toBe(201);
    expect((await consentsOf(cookie)).map((p) => [p.prisonerName, p.basis])).toEqual([
      ['Ravi Kumar', 'visit'],
      ['Mohan Lal', 'legal-right'],
    ]);
  });
});

/** A registered member with one prisoner whose consent was given in a visit. */
async function registered(name = 'Sunita Devi', caseType = 'Criminal Defense Lawyer') {
  const m = await newMember(name);
  const res = await t.request('PUT', '/api/family/registration', {
    cookie: m.cookie,
    body: { ...form, caseType, prisonerConsent: 'visit' },
    asTyped: true,
  });
  expect(res.statusCode).toBe(200);
  const [p] = await consentsOf(m.cookie);
  return { ...m, prisonerId: p!.prisonerId };
}

describe("withdrawing the prisoner's consent", () => {
  it('is one tap, recorded with when and by whom, audited and access-logged; giving it again clears it', async () => {
    const m = await registered('Sunita Devi');
    const res = await t.request('POST', `/api/family/prisoners/${m.prisonerId}/consent/withdraw`, { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().prisoners[0]).toMatchObject({ basis: 'visit', withdrawnBy: 'Sunita Devi' });
    expect(res.json().prisoners[0].withdrawnAt).not.toBeNull();
    // A second tap changes nothing (the first time stays).
    const again = await t.request('POST', `/api/family/prisoners/${m.prisonerId}/consent/withdraw`, { cookie: m.cookie });
    expect(again.json().prisoners[0].withdrawnAt).toBe(res.json().prisoners[0].withdrawnAt);
    const actions = async () =>
      (await t.db.select().from(auditEvents).where(eq(auditEvents.subject, m.prisonerId))).map((e) => e.action).sort();
    expect(await actions()).toEqual(['prisoner.consent_recorded', 'prisoner.consent_withdrawn']);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, m.user.id), eq(accessLog.what, 'prisoner.consent')));
    expect(logged.length).toBe(2);

    const given = await t.request('PUT', `/api/family/prisoners/${m.prisonerId}/consent`, { cookie: m.cookie, body: { basis: 'lawyer' } });
    expect(given.statusCode).toBe(200);
    expect(given.json().prisoners[0]).toMatchObject({ basis: 'lawyer', withdrawnAt: null, withdrawnBy: null, recordedBy: 'Sunita Devi' });
  });

  it('refuses someone who does not follow the prisoner (404) and another role (403), changing nothing', async () => {
    const m = await registered();
    const other = await registered('Other Person');
    const res = await t.request('POST', `/api/family/prisoners/${m.prisonerId}/consent/withdraw`, { cookie: other.cookie });
    expect(res.statusCode).toBe(404);
    const lawyer = await createLawyer(t.db);
    const asLawyer = await t.request('POST', `/api/family/prisoners/${m.prisonerId}/consent/withdraw`, {
      cookie: await sessionCookie(t.db, lawyer.user.id, { secondFactor: true }),
    });
    expect(asLawyer.statusCode).toBe(403);
    const [row] = await t.db.select().from(prisoners).where(eq(prisoners.id, m.prisonerId));
    expect(row!.consentWithdrawnAt).toBeNull();
  });

  it('stops new lawyer requests and NGO assignments (409 prisoner_consent_withdrawn); given again, both work', async () => {
    const m = await registered('Sunita Devi', 'Constitutional Lawyer');
    const lawyer = await createLawyer(t.db, { lawyerType: 'Constitutional Lawyer' });
    const jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id, { secondFactor: true });
    const ngo = await createNgo(t.db, { seatsFree: 3 });
    await t.request('POST', `/api/family/prisoners/${m.prisonerId}/consent/withdraw`, { cookie: m.cookie });

    const request = await t.request('POST', '/api/family/requests', { cookie: m.cookie, body: { lawyerId: lawyer.user.id } });
    expect(request.statusCode).toBe(409);
    expect(request.json().error.code).toBe('prisoner_consent_withdrawn');
    expect(await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, m.user.id))).toEqual([]);
    const assign = await t.request('POST', `/api/jail/members/${m.user.id}/ngo`, { cookie: jail, body: { ngoId: ngo.id } });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().error.code).toBe('prisoner_consent_withdrawn');

    await t.request('PUT', `/api/family/prisoners/${m.prisonerId}/consent`, { cookie: m.cookie, body: { basis: 'visit' } });
    expect((await t.request('POST', '/api/family/requests', { cookie: m.cookie, body: { lawyerId: lawyer.user.id } })).statusCode).toBe(
      201,
    );
    expect((await t.request('POST', `/api/jail/members/${m.user.id}/ngo`, { cookie: jail, body: { ngoId: ngo.id } })).statusCode).toBe(200);
  });

  it('sends no hearing-reminder email about the prisoner, keeps the in-app one, and keeps the hearing', async () => {
    const m = await registered('Sunita Devi');
    const [c] = await t.db.select().from(cases).where(eq(cases.familyMemberId, m.user.id));
    await t.db.insert(hearings).values({ caseId: c!.id, hearingOn: '2031-04-15', court: 'Saket Court 4', purpose: 'Bail hearing' });
    await t.request('POST', `/api/family/prisoners/${m.prisonerId}/consent/withdraw`, { cookie: m.cookie });
    await runDeadlinePass(t.db, { now: new Date('2031-04-14T06:00:00Z'), publicUrl: 'http://localhost:3000' });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(notes.map((n) => n.kind)).toContain('hearing_reminder');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    expect(mails.filter((e) => /hearing|Reminder/i.test(e.subject))).toEqual([]);
    expect(await t.db.select().from(hearings).where(eq(hearings.caseId, c!.id))).toHaveLength(1);
  });
});

describe("the member's own consent to the notice", () => {
  it('is withdrawn in one tap on the profile: no registration, new case or lawyer request, no reminder email; given again with the box', async () => {
    const m = await registered('Sunita Devi', 'Constitutional Lawyer');
    await t.db
      .update(users)
      .set({ noticeVersion: 'old', noticeAcceptedAt: new Date('2026-01-01') })
      .where(eq(users.id, m.user.id));
    const lawyer = await createLawyer(t.db, { lawyerType: 'Constitutional Lawyer' });
    const res = await t.request('POST', '/api/profile/consent/withdraw', { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawnAt).not.toBeNull();

    const reg = await t.request('PUT', '/api/family/registration', { cookie: m.cookie, body: form });
    expect([reg.statusCode, reg.json().error.code]).toEqual([403, 'notice_consent_withdrawn']);
    const add = await t.request('POST', '/api/family/cases', {
      cookie: m.cookie,
      body: { caseNumber: 'N-1', detail: 'x', caseType: 'Constitutional Lawyer' },
    });
    expect([add.statusCode, add.json().error.code]).toEqual([403, 'notice_consent_withdrawn']);
    const request = await t.request('POST', '/api/family/requests', { cookie: m.cookie, body: { lawyerId: lawyer.user.id } });
    expect([request.statusCode, request.json().error.code]).toEqual([403, 'notice_consent_withdrawn']);
    // Reading what Rihaai holds still works.
    expect((await t.request('GET', '/api/family/cases', { cookie: m.cookie })).statusCode).toBe(200);

    const [c] = await t.db.select().from(cases).where(eq(cases.familyMemberId, m.user.id));
    await t.db.insert(hearings).values({ caseId: c!.id, hearingOn: '2031-05-20', court: 'Court 2', purpose: 'Evidence' });
    await runDeadlinePass(t.db, { now: new Date('2031-05-19T06:00:00Z'), publicUrl: 'http://localhost:3000' });
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id))).map((n) => n.kind)).toContain(
      'hearing_reminder',
    );
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email))).toEqual([]);

    const unticked = await t.request('PUT', '/api/profile/consent', { cookie: m.cookie, body: {} });
    expect([unticked.statusCode, unticked.json().error.code]).toEqual([400, 'notice_not_accepted']);
    const given = await t.request('PUT', '/api/profile/consent', { cookie: m.cookie, body: { acceptNotice: true } });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ withdrawnAt: null, noticeVersion: given.json().currentVersion });
    expect((await t.request('POST', '/api/family/requests', { cookie: m.cookie, body: { lawyerId: lawyer.user.id } })).statusCode).toBe(
      201,
    );
    const actions = (await t.db.select().from(auditEvents).where(eq(auditEvents.subject, m.user.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['account.consent_withdrawn', 'account.consent_given']));
  });

  it('a prisoner registered before consent was recorded shows no basis', async () => {
    const fm = await createFamilyMember(t.db);
    const list = await consentsOf(await sessionCookie(t.db, fm.user.id));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ basis: null, recordedAt: null, withdrawnAt: null });
  });
});
