// A family member ends an accepted lawyer's engagement (decision 0033, probe defect 8): role, ownership, state, the
// race with a second ending, the lawyer's notice in their language, the audit entry, the timeline,
// and above all that the lawyer loses the record: the case, its papers and hearings, the clients list.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, emailOutbox, familyMembers, lawyerRequests, notifications, users } from '#server/db/schema.ts';
import { memberRecordDecision } from '#server/policies/member-record.policy.ts';
import { useTestApp } from '#tests/test-app.ts';
import {
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  sessionCookie,
} from '#tests/factories.ts';
import { minimalPdf, multipartBody } from '#tests/fixtures/files.ts';

const t = useTestApp();

const requestRow = async (id: string) => (await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.id, id)))[0]!;
const noticesOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const endingAudits = (requestId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'lawyer_request.ended')))
    .then((rows) => rows.filter((r) => (r.details as { requestId?: string } | null)?.requestId === requestId));

async function setup(options: { lawyerLanguage?: string } = {}) {
  const lawyer = await createLawyer(t.db, { name: 'Adv. Meera Iyer' });
  if (options.lawyerLanguage) await t.db.update(users).set({ language: options.lawyerLanguage }).where(eq(users.id, lawyer.user.id));
  const member = await createFamilyMember(t.db, { name: 'Sunita Devi' });
  const request = await createLawyerRequest(t.db, {
    familyMemberId: member.user.id,
    lawyerId: lawyer.user.id,
    status: 'accepted',
    createdAt: new Date(Date.now() - 20 * 60_000),
    decidedAt: new Date(Date.now() - 10 * 60_000),
  });
  return {
    lawyer: { ...lawyer, cookie: await sessionCookie(t.db, lawyer.user.id) },
    member: { ...member, caseId: member.cases[0]!.id, cookie: await sessionCookie(t.db, member.user.id) },
    request,
  };
}

const end = (requestId: string, cookie?: string) => t.request('POST', `/api/family/requests/${requestId}/end`, { cookie });

const clientIds = async (cookie: string) =>
  (await t.request('GET', '/api/lawyers/clients', { cookie })).json<{ clients: { id: string }[] }>().clients.map((c) => c.id);

function uploadPaper(familyMemberId: string, cookie: string) {
  const { payload, contentType } = multipartBody('bail.pdf', 'application/pdf', minimalPdf());
  return t.app.inject({
    method: 'POST',
    url: `/api/lawyers/clients/${familyMemberId}/documents`,
    headers: { 'content-type': contentType, cookie, 'sec-fetch-site': 'same-origin' },
    payload,
  });
}

describe('ending a lawyer’s engagement', () => {
  it('is declared for family members only in the OpenAPI document', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).json();
    expect(doc.paths['/api/family/requests/{id}/end'].post['x-roles']).toEqual(['Family-Member']);
  });

  it('marks it ended, tells the lawyer in the app and by email, audits, and shows on the case status', async () => {
    const { lawyer, member, request } = await setup();
    const res = await end(request.id, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: request.id,
      status: 'ended',
      endedAt: expect.any(String),
      lawyer: { id: lawyer.user.id, name: 'Adv. Meera Iyer' },
    });
    // The acceptance time stays; the ending has its own.
    expect(await requestRow(request.id)).toMatchObject({ status: 'ended', decidedAt: request.decidedAt, endedAt: expect.any(Date) });

    const notices = await noticesOf(lawyer.user.id);
    expect(notices).toMatchObject([{ kind: 'engagement_ended', params: { family: 'Sunita Devi' }, link: '/lawyer-cases' }]);
    const inApp = await t.request('GET', '/api/notifications', { cookie: lawyer.cookie });
    expect(inApp.json().items[0]).toMatchObject({ kind: 'engagement_ended', title: 'Sunita Devi ended your engagement on their case' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email));
    expect(mails.map((m) => m.subject)).toEqual(['Sunita Devi ended your engagement on their case']);

    expect(await endingAudits(request.id)).toMatchObject([
      { actorId: member.user.id, subject: member.user.id, details: { requestId: request.id, lawyerId: lawyer.user.id } },
    ]);

    const cases = (await t.request('GET', '/api/family/cases', { cookie: member.cookie })).json().cases;
    expect(cases[0].lawyers).toMatchObject([{ id: lawyer.user.id, requestId: request.id, status: 'ended' }]);
    const kinds: string[] = cases[0].timeline.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k) => k.startsWith('lawyer_'))).toEqual(['lawyer_requested', 'lawyer_accepted', 'lawyer_ended']);
    expect(kinds.at(-1)).toBe('lawyer_ended');
  });

  it('takes the member’s record away from the lawyer: case, papers, hearings, uploads, clients list', async () => {
    const { lawyer, member, request } = await setup();
    const paper = await createDocument(t.db, { familyMemberId: member.user.id });
    const actor = { id: lawyer.user.id, role: 'Lawyer' as const };
    // Before: the lawyer sees and may change the record.
    expect(await clientIds(lawyer.cookie)).toEqual([member.user.id]);
    const caseBefore = await t.request('GET', `/api/cases/${member.caseId}`, { cookie: lawyer.cookie });
    expect(caseBefore.statusCode).toBe(200);
    expect(caseBefore.json().can.editFacts).toBe(true);
    expect((await t.request('GET', `/api/documents/${paper.id}`, { cookie: lawyer.cookie })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/cases/${member.caseId}/deadlines`, { cookie: lawyer.cookie })).statusCode).toBe(200);

    expect((await end(request.id, member.cookie)).statusCode).toBe(200);

    expect(await clientIds(lawyer.cookie)).toEqual([]);
    for (const url of [`/api/cases/${member.caseId}`, `/api/documents/${paper.id}`, `/api/cases/${member.caseId}/deadlines`]) {
      const res = await t.request('GET', url, { cookie: lawyer.cookie });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const hearing = await t.request('POST', `/api/cases/${member.caseId}/hearings`, {
      cookie: lawyer.cookie,
      body: { hearingOn: '2030-01-15', court: 'Sessions Court', purpose: 'Bail hearing' },
    });
    expect(hearing.statusCode).toBe(404);
    expect((await uploadPaper(member.user.id, lawyer.cookie)).statusCode).toBe(404);
    for (const action of ['read-record', 'read-request', 'edit-case', 'record-hearing', 'upload-bail-paper'] as const) {
      expect(await memberRecordDecision(t.db, actor, member.user.id, action), action).toBe('not_found');
    }
    // The member's counters and the jail authority's card no longer count the lawyer.
    const [counts] = await t.db
      .select({ accepted: familyMembers.acceptedLawyers, pending: familyMembers.pendingLawyers, stage: familyMembers.stage })
      .from(familyMembers)
      .where(eq(familyMembers.userId, member.user.id));
    expect(counts).toEqual({ accepted: 0, pending: 0, stage: 'bail-paper-waiting' });
    const jail = await createJailAuthority(t.db);
    const page = await t.request('GET', `/api/jail/members?q=${encodeURIComponent(member.user.email)}`, {
      cookie: await sessionCookie(t.db, jail.id),
    });
    expect(page.json().items).toMatchObject([{ id: member.user.id, lawyers: [] }]);
    // The family's own record is untouched.
    expect((await t.request('GET', `/api/documents/${paper.id}`, { cookie: member.cookie })).statusCode).toBe(200);
  });

  it('tells the lawyer in the lawyer’s own language', async () => {
    const { lawyer, member, request } = await setup({ lawyerLanguage: 'hi' });
    expect((await end(request.id, member.cookie)).statusCode).toBe(200);
    const inApp = await t.request('GET', '/api/notifications', { cookie: lawyer.cookie });
    expect(inApp.json().items[0].title).toBe('Sunita Devi ने अपने मामले में आपकी सेवाएँ समाप्त कर दीं');
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email));
    expect(mail!.subject).toBe('Sunita Devi ने अपने मामले में आपकी सेवाएँ समाप्त कर दीं');
  });

  it('lets the family member then request another lawyer, or the same one again', async () => {
    const { lawyer, member, request } = await setup();
    const other = await createLawyer(t.db);
    expect((await end(request.id, member.cookie)).statusCode).toBe(200);
    const search = (await t.request('GET', '/api/family/lawyers', { cookie: member.cookie })).json();
    expect(search.lawyers.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([lawyer.user.id, other.user.id]));
    const another = await t.request('POST', '/api/family/requests', { cookie: member.cookie, body: { lawyerId: other.user.id } });
    expect(another.statusCode).toBe(201);
    const again = await t.request('POST', '/api/family/requests', { cookie: member.cookie, body: { lawyerId: lawyer.user.id } });
    expect(again.statusCode).toBe(201);
    // A new request is only a request: the lawyer sees it pending, not the record.
    expect(await clientIds(lawyer.cookie)).toEqual([]);
    const [counts] = await t.db
      .select({ accepted: familyMembers.acceptedLawyers, pending: familyMembers.pendingLawyers })
      .from(familyMembers)
      .where(eq(familyMembers.userId, member.user.id));
    expect(counts).toEqual({ accepted: 0, pending: 2 });
  });

  it('refuses other roles with 403 and anonymous callers with 401, changing nothing', async () => {
    const { lawyer, member, request } = await setup();
    const jail = await createJailAuthority(t.db);
    expect((await end(request.id, lawyer.cookie)).statusCode).toBe(403);
    expect((await end(request.id, await sessionCookie(t.db, jail.id))).statusCode).toBe(403);
    const anonymous = await end(request.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    expect((await requestRow(request.id)).status).toBe('accepted');
    expect(await noticesOf(lawyer.user.id)).toHaveLength(0);
    expect(await clientIds(lawyer.cookie)).toEqual([member.user.id]);
  });

  it('another family member’s request is 404 and changes nothing; an unknown id is 404, a malformed one 400', async () => {
    const { lawyer, request } = await setup();
    const stranger = await createFamilyMember(t.db);
    const strangerCookie = await sessionCookie(t.db, stranger.user.id);
    const res = await end(request.id, strangerCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await requestRow(request.id)).status).toBe('accepted');
    expect(await noticesOf(lawyer.user.id)).toHaveLength(0);
    expect(await endingAudits(request.id)).toHaveLength(0);

    expect((await end('00000000-0000-4000-8000-000000000001', strangerCookie)).statusCode).toBe(404);
    const malformed = await end('not-a-uuid', strangerCookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'validation' } });
  });

  for (const status of ['pending', 'rejected', 'withdrawn'] as const) {
    it(`a ${status} request is 409 not_engaged and changes nothing`, async () => {
      const lawyer = await createLawyer(t.db);
      const member = await createFamilyMember(t.db);
      const request = await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id, status });
      const before = await requestRow(request.id);
      const res = await end(request.id, await sessionCookie(t.db, member.user.id));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'not_engaged' } });
      expect(await requestRow(request.id)).toEqual(before);
      expect(await noticesOf(lawyer.user.id)).toHaveLength(0);
    });
  }

  it('ending twice: the second is 409 engagement_ended and the lawyer is told once', async () => {
    const { lawyer, member, request } = await setup();
    expect((await end(request.id, member.cookie)).statusCode).toBe(200);
    const second = await end(request.id, member.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'engagement_ended' } });
    expect(await noticesOf(lawyer.user.id)).toHaveLength(1);
    expect(await endingAudits(request.id)).toHaveLength(1);
  });

  it('two endings at once (two tabs): exactly one wins, the other gets a 409, and the lawyer is told once', async () => {
    for (let round = 0; round < 3; round++) {
      const { lawyer, member, request } = await setup();
      const answers = await Promise.all([end(request.id, member.cookie), end(request.id, member.cookie)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ error: { code: 'engagement_ended' } });
      expect(await noticesOf(lawyer.user.id)).toHaveLength(1);
      expect(await endingAudits(request.id)).toHaveLength(1);
      const [counts] = await t.db
        .select({ accepted: familyMembers.acceptedLawyers })
        .from(familyMembers)
        .where(eq(familyMembers.userId, member.user.id));
      expect(counts).toEqual({ accepted: 0 });
    }
  });

  it('the lawyer answering an ended request again gets a 409 and the family is told nothing', async () => {
    const { lawyer, member, request } = await setup();
    expect((await end(request.id, member.cookie)).statusCode).toBe(200);
    const before = (await noticesOf(member.user.id)).length;
    for (const action of ['accept', 'reject']) {
      const res = await t.request('POST', `/api/lawyers/requests/${request.id}/${action}`, { cookie: lawyer.cookie });
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'request_decided' } });
    }
    expect((await requestRow(request.id)).status).toBe('ended');
    expect(await noticesOf(member.user.id)).toHaveLength(before);
  });
});
