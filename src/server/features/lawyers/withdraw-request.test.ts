// A family member withdraws a pending lawyer request: role, ownership, state, the race with the
// lawyer's answer, the lawyer's notice in their language, the audit entry and the timeline.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, emailOutbox, lawyerRequests, notifications, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createLawyerRequest, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

const requestRow = async (id: string) => (await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.id, id)))[0]!;
const noticesOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const withdrawalAudits = (requestId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'lawyer_request.withdrawn')))
    .then((rows) => rows.filter((r) => (r.details as { requestId?: string } | null)?.requestId === requestId));

async function setup(options: { lawyerLanguage?: string } = {}) {
  const lawyer = await createLawyer(t.db, { name: 'Adv. Meera Iyer' });
  if (options.lawyerLanguage) await t.db.update(users).set({ language: options.lawyerLanguage }).where(eq(users.id, lawyer.user.id));
  const member = await createFamilyMember(t.db, { name: 'Sunita Devi' });
  const request = await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id });
  return {
    lawyer: { ...lawyer, cookie: await sessionCookie(t.db, lawyer.user.id) },
    member: { ...member, cookie: await sessionCookie(t.db, member.user.id) },
    request,
  };
}

const withdraw = (requestId: string, cookie?: string) => t.request('POST', `/api/family/requests/${requestId}/withdraw`, { cookie });

describe('withdrawing a lawyer request', () => {
  it('marks it withdrawn, leaves the lawyer’s pending list, tells the lawyer, audits, and shows on the timeline', async () => {
    const { lawyer, member, request } = await setup();
    const before = await t.request('GET', '/api/lawyers/requests', { cookie: lawyer.cookie });
    expect(before.json().requests.map((r: { id: string }) => r.id)).toEqual([request.id]);

    const res = await withdraw(request.id, member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: request.id,
      status: 'withdrawn',
      withdrawnAt: expect.any(String),
      lawyer: { id: lawyer.user.id, name: 'Adv. Meera Iyer' },
    });
    expect(await requestRow(request.id)).toMatchObject({ status: 'withdrawn', decidedAt: expect.any(Date) });

    const after = await t.request('GET', '/api/lawyers/requests', { cookie: lawyer.cookie });
    expect(after.json()).toEqual({ requests: [], nextCursor: null });

    const notices = await noticesOf(lawyer.user.id);
    expect(notices).toMatchObject([{ kind: 'request_withdrawn', params: { family: 'Sunita Devi' }, link: '/pending-case' }]);
    const inApp = await t.request('GET', '/api/notifications', { cookie: lawyer.cookie });
    expect(inApp.json().items[0]).toMatchObject({ kind: 'request_withdrawn', title: 'Sunita Devi withdrew their case request' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email));
    expect(mails.map((m) => m.subject)).toEqual(['Sunita Devi withdrew their case request']);

    const audits = await withdrawalAudits(request.id);
    expect(audits).toMatchObject([
      { actorId: member.user.id, subject: member.user.id, details: { requestId: request.id, lawyerId: lawyer.user.id } },
    ]);

    const cases = (await t.request('GET', '/api/family/cases', { cookie: member.cookie })).json().cases;
    expect(cases[0].lawyers).toMatchObject([{ id: lawyer.user.id, requestId: request.id, status: 'withdrawn' }]);
    expect(cases[0].timeline.map((e: { kind: string }) => e.kind)).toEqual(['case_added', 'lawyer_requested', 'lawyer_withdrawn']);
  });

  it('tells the lawyer in the lawyer’s own language', async () => {
    const { lawyer, member, request } = await setup({ lawyerLanguage: 'hi' });
    expect((await withdraw(request.id, member.cookie)).statusCode).toBe(200);
    const inApp = await t.request('GET', '/api/notifications', { cookie: lawyer.cookie });
    expect(inApp.json().items[0].title).toBe('Sunita Devi ने अपना मामला अनुरोध वापस ले लिया');
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email));
    expect(mail!.subject).toBe('Sunita Devi ने अपना मामला अनुरोध वापस ले लिया');
  });

  it('lets the family member then request the same lawyer, or another, again', async () => {
    const { lawyer, member, request } = await setup();
    const other = await createLawyer(t.db);
    expect((await withdraw(request.id, member.cookie)).statusCode).toBe(200);
    const search = (await t.request('GET', '/api/family/lawyers', { cookie: member.cookie })).json();
    expect(search.lawyers.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([lawyer.user.id, other.user.id]));
    const again = await t.request('POST', '/api/family/requests', { cookie: member.cookie, body: { lawyerId: lawyer.user.id } });
    expect(again.statusCode).toBe(201);
    const another = await t.request('POST', '/api/family/requests', { cookie: member.cookie, body: { lawyerId: other.user.id } });
    expect(another.statusCode).toBe(201);
  });

  it('refuses other roles with 403 and anonymous callers with 401, changing nothing', async () => {
    const { lawyer, request } = await setup();
    const jail = await createJailAuthority(t.db);
    expect((await withdraw(request.id, lawyer.cookie)).statusCode).toBe(403);
    expect((await withdraw(request.id, await sessionCookie(t.db, jail.id))).statusCode).toBe(403);
    expect((await withdraw(request.id)).statusCode).toBe(401);
    expect((await requestRow(request.id)).status).toBe('pending');
    expect(await noticesOf(lawyer.user.id)).toHaveLength(0);
  });

  it('another family member’s request is 404 and changes nothing; an unknown id is 404, a malformed one 400', async () => {
    const { lawyer, request } = await setup();
    const stranger = await createFamilyMember(t.db);
    const res = await withdraw(request.id, await sessionCookie(t.db, stranger.user.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await requestRow(request.id)).status).toBe('pending');
    expect(await noticesOf(lawyer.user.id)).toHaveLength(0);
    expect(await withdrawalAudits(request.id)).toHaveLength(0);

    const strangerCookie = await sessionCookie(t.db, stranger.user.id);
    expect((await withdraw('00000000-0000-4000-8000-000000000001', strangerCookie)).statusCode).toBe(404);
    const malformed = await withdraw('not-a-uuid', strangerCookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'validation' } });
  });

  for (const status of ['accepted', 'rejected'] as const) {
    it(`a request the lawyer has ${status} is 409 request_decided and changes nothing`, async () => {
      const lawyer = await createLawyer(t.db);
      const member = await createFamilyMember(t.db);
      const request = await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id, status });
      const before = await requestRow(request.id);
      const res = await withdraw(request.id, await sessionCookie(t.db, member.user.id));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'request_decided' } });
      expect(await requestRow(request.id)).toEqual(before);
      expect(await noticesOf(lawyer.user.id)).toHaveLength(0);
    });
  }

  it('withdrawing twice: the second is 409 request_withdrawn and the lawyer is told once', async () => {
    const { lawyer, member, request } = await setup();
    expect((await withdraw(request.id, member.cookie)).statusCode).toBe(200);
    const second = await withdraw(request.id, member.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'request_withdrawn' } });
    expect(await noticesOf(lawyer.user.id)).toHaveLength(1);
    expect(await withdrawalAudits(request.id)).toHaveLength(1);
  });

  it('the lawyer answering a withdrawn request gets 409 request_withdrawn and the family is told nothing', async () => {
    const { lawyer, member, request } = await setup();
    expect((await withdraw(request.id, member.cookie)).statusCode).toBe(200);
    for (const action of ['accept', 'reject']) {
      const res = await t.request('POST', `/api/lawyers/requests/${request.id}/${action}`, { cookie: lawyer.cookie });
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'request_withdrawn' } });
    }
    expect((await requestRow(request.id)).status).toBe('withdrawn');
    expect(await noticesOf(member.user.id)).toHaveLength(0);
  });

  it('a withdrawal racing the lawyer’s accept: exactly one wins, the other gets a 409, and only the winner tells anyone', async () => {
    for (let round = 0; round < 4; round++) {
      const { lawyer, member, request } = await setup();
      // Alternate who is sent first so either side can win.
      const calls = [
        () => withdraw(request.id, member.cookie),
        () => t.request('POST', `/api/lawyers/requests/${request.id}/accept`, { cookie: lawyer.cookie }),
      ];
      if (round % 2) calls.reverse();
      const [first, second] = await Promise.all(calls.map((c) => c()));
      const [w, a] = round % 2 ? [second!, first!] : [first!, second!];
      expect([w.statusCode, a.statusCode].sort()).toEqual([200, 409]);
      const row = await requestRow(request.id);
      const memberNotices = await noticesOf(member.user.id);
      const lawyerNotices = await noticesOf(lawyer.user.id);
      if (w.statusCode === 200) {
        expect(row.status).toBe('withdrawn');
        expect(a.json()).toMatchObject({ error: { code: 'request_withdrawn' } });
        expect(memberNotices).toHaveLength(0);
        expect(lawyerNotices.map((n) => n.kind)).toEqual(['request_withdrawn']);
      } else {
        expect(row.status).toBe('accepted');
        expect(w.json()).toMatchObject({ error: { code: 'request_decided' } });
        expect(memberNotices.map((n) => n.kind)).toEqual(['request_accepted']);
        expect(lawyerNotices).toHaveLength(0);
        expect(await withdrawalAudits(request.id)).toHaveLength(0);
      }
    }
  });
});
