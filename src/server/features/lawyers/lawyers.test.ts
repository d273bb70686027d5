import { startSmtp } from '#tests/smtp.ts';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, documents, emailOutbox, lawyerRequests, lawyers } from '#server/db/schema.ts';
import { createMailer } from '#server/lib/mailer.ts';
import { deliverDueEmails } from '#server/lib/outbox.ts';
import { useTestApp } from '#tests/test-app.ts';
import { minimalPdf, minimalPng, multipartBody } from '#tests/fixtures/files.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createLawyerRequest, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

const PDF = minimalPdf();
const PNG = minimalPng();

function upload(cookie: string | undefined, familyMemberId: string, file = { name: 'bail.pdf', type: 'application/pdf', bytes: PDF }) {
  const { payload, contentType } = multipartBody(file.name, file.type, file.bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/lawyers/clients/${familyMemberId}/documents`,
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

async function lawyerWithCookie(input: Parameters<typeof createLawyer>[1] = {}) {
  const l = await createLawyer(t.db, input);
  return { ...l, cookie: await sessionCookie(t.db, l.user.id) };
}

/** A lawyer account that has not submitted /lawyerform. */
async function unregisteredLawyer() {
  const user = await createUser(t.db, { role: 'Lawyer' });
  return { user, cookie: await sessionCookie(t.db, user.id) };
}

const outboxTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const requestRow = async (id: string) => (await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.id, id)))[0]!;

const validRegistration = {
  phone: '+91 98765-43210',
  address: '12 Court Lane, Delhi',
  lawyerType: 'Criminal Defense Lawyer',
  courtArea: 'Saket District Court',
  barEnrolmentNumber: 'D/1234/2015',
  barCouncilState: 'DL',
};

describe('lawyer registration', () => {
  it('is 404 not_registered before /lawyerform is submitted', async () => {
    const { cookie } = await unregisteredLawyer();
    const res = await t.request('GET', '/api/lawyers/registration', { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_registered' } });
  });

  it('saves the record with the account name and email, and is idempotent', async () => {
    const { user, cookie } = await unregisteredLawyer();
    const first = await t.request('PUT', '/api/lawyers/registration', { cookie, body: validRegistration });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      name: user.name,
      email: user.email,
      phone: '+919876543210',
      address: '12 Court Lane, Delhi',
      lawyerType: 'Criminal Defense Lawyer',
      courtArea: 'Saket District Court',
    });
    const again = await t.request('PUT', '/api/lawyers/registration', { cookie, body: validRegistration });
    expect(again.statusCode).toBe(200);
    const changed = await t.request('PUT', '/api/lawyers/registration', {
      cookie,
      body: { ...validRegistration, lawyerType: 'Constitutional Lawyer', courtArea: 'High Court of Delhi' },
    });
    expect(changed.statusCode).toBe(200);
    const rows = await t.db.select().from(lawyers).where(eq(lawyers.userId, user.id));
    expect(rows).toHaveLength(1);
    const read = await t.request('GET', '/api/lawyers/registration', { cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ lawyerType: 'Constitutional Lawyer', courtArea: 'High Court of Delhi', phone: '+919876543210' });
    // docs/spec.md#4-states-and-transitions: a new lawyer starts with no clients and no requests.
    const requests = await t.request('GET', '/api/lawyers/requests', { cookie });
    expect(requests.json()).toEqual({ requests: [], nextCursor: null });
    const clients = await t.request('GET', '/api/lawyers/clients', { cookie });
    expect(clients.json()).toEqual({ clients: [], nextCursor: null });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a phone with too few digits', { ...validRegistration, phone: '98765' }, 'phone'],
    ['a phone that is not a mobile number', { ...validRegistration, phone: '1234567890' }, 'phone'],
    ['a missing phone', { ...validRegistration, phone: '' }, 'phone'],
    ['an empty address', { ...validRegistration, address: '   ' }, 'address'],
    ['a too long address', { ...validRegistration, address: 'x'.repeat(501) }, 'address'],
    ['an unknown lawyer type', { ...validRegistration, lawyerType: 'Tax Lawyer' }, 'lawyerType'],
    ['a missing court area', { phone: validRegistration.phone, address: 'a', lawyerType: 'Corporate Lawyer' }, 'courtArea'],
    ['an attempt to change the name', { ...validRegistration, name: 'Someone else' }, ''],
    ['an attempt to change the email', { ...validRegistration, email: 'other@gmail.com' }, ''],
  ];
  for (const [label, body, path] of bad) {
    it(`refuses ${label} with 400 and writes nothing`, async () => {
      const { user, cookie } = await unregisteredLawyer();
      const res = await t.request('PUT', '/api/lawyers/registration', { cookie, body });
      expect(res.statusCode).toBe(400);
      const error = res.json<{ error: { code: string; details: { path: string; message: string }[] } }>().error;
      expect(error.code).toBe('validation');
      if (path) expect(error.details.map((d) => d.path)).toContain(path);
      expect(await t.db.select().from(lawyers).where(eq(lawyers.userId, user.id))).toHaveLength(0);
    });
  }

  it('an unregistered lawyer never appears in a family member’s search; once registered they do', async () => {
    const type = 'Intellectual Property Lawyer';
    const member = await createFamilyMember(t.db, { cases: [{ caseType: type }] });
    const memberCookie = await sessionCookie(t.db, member.user.id);
    const { user, cookie } = await unregisteredLawyer();
    const search = async () => {
      const res = await t.request('GET', '/api/family/lawyers', { cookie: memberCookie });
      expect(res.statusCode).toBe(200);
      return res.json<{ lawyers: { id: string }[] }>().lawyers.map((l) => l.id);
    };
    expect(await search()).not.toContain(user.id);
    const requested = await t.request('POST', '/api/family/requests', { cookie: memberCookie, body: { lawyerId: user.id } });
    expect(requested.statusCode).toBeGreaterThanOrEqual(400);
    expect(requested.statusCode).toBeLessThan(500);
    expect(await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.lawyerId, user.id))).toHaveLength(0);
    const saved = await t.request('PUT', '/api/lawyers/registration', { cookie, body: { ...validRegistration, lawyerType: type } });
    expect(saved.statusCode).toBe(200);
    // Registered but not verified yet (docs/decisions/0048-lawyers-verified-before-families-see-them.md): still not found, nor requested.
    expect(await search()).not.toContain(user.id);
    const unverified = await t.request('POST', '/api/family/requests', { cookie: memberCookie, body: { lawyerId: user.id } });
    expect(unverified.statusCode).toBe(404);
    const admin = await createUser(t.db, { role: 'State-Administrator' });
    const verified = await t.request('POST', `/api/lawyer-verification/${user.id}/verify`, { cookie: await sessionCookie(t.db, admin.id) });
    expect(verified.statusCode).toBe(200);
    expect(await search()).toContain(user.id);
  });

  it('refuses every lawyer action until registered', async () => {
    const { cookie } = await unregisteredLawyer();
    const { user: member } = await createFamilyMember(t.db);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/lawyers/requests'],
      ['GET', '/api/lawyers/clients'],
      ['POST', `/api/lawyers/requests/${id}/accept`],
      ['POST', `/api/lawyers/requests/${id}/reject`],
    ] as const) {
      const res = await t.request(method, url, { cookie });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'not_registered' } });
    }
    const res = await upload(cookie, member.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'not_registered' } });
  });
});

describe('pending requests', () => {
  it('lists only this lawyer’s pending requests, with the family member’s contact and all their cases', async () => {
    const lawyer = await lawyerWithCookie();
    const other = await createLawyer(t.db);
    const asking = await createFamilyMember(t.db, {
      name: 'Asha Verma',
      phone: '9876500000',
      address: '3 Lake Road, Pune',
      cases: [
        { caseNumber: 'FIR-1', detail: 'Theft', caseType: 'Criminal Defense Lawyer' },
        { caseNumber: 'CIV-2', detail: 'Land dispute', caseType: 'Civil Litigation Attorney' },
      ],
    });
    const accepted = await createFamilyMember(t.db);
    const rejected = await createFamilyMember(t.db);
    const elsewhere = await createFamilyMember(t.db);
    const pending = await createLawyerRequest(t.db, { familyMemberId: asking.user.id, lawyerId: lawyer.user.id });
    await createLawyerRequest(t.db, { familyMemberId: accepted.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    await createLawyerRequest(t.db, { familyMemberId: rejected.user.id, lawyerId: lawyer.user.id, status: 'rejected' });
    await createLawyerRequest(t.db, { familyMemberId: elsewhere.user.id, lawyerId: other.user.id });

    const res = await t.request('GET', '/api/lawyers/requests', { cookie: lawyer.cookie });
    expect(res.statusCode).toBe(200);
    const { requests } = res.json<{ requests: { id: string; familyMember: { cases: { caseNumber: string }[] } }[] }>();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      id: pending.id,
      familyMember: {
        id: asking.user.id,
        name: 'Asha Verma',
        email: asking.user.email,
        phone: '9876500000',
        address: '3 Lake Road, Pune',
      },
    });
    expect(requests[0]!.familyMember.cases.map((c) => c.caseNumber).sort()).toEqual(['CIV-2', 'FIR-1']);
    expect(requests[0]!.familyMember.cases[0]).toMatchObject({ caseType: expect.any(String), detail: expect.any(String) });
  });

  it('costs a constant number of SQL statements whatever the number of requests', async () => {
    const lawyer = await lawyerWithCookie();
    const measure = () => t.countQueries(() => t.request('GET', '/api/lawyers/requests', { cookie: lawyer.cookie }));
    const m = await createFamilyMember(t.db, { cases: [{}, {}] });
    await createLawyerRequest(t.db, { familyMemberId: m.user.id, lawyerId: lawyer.user.id });
    const one = await measure();
    for (let i = 0; i < 6; i++) {
      const f = await createFamilyMember(t.db, { cases: [{}, {}, {}] });
      await createLawyerRequest(t.db, { familyMemberId: f.user.id, lawyerId: lawyer.user.id });
    }
    const seven = await measure();
    expect(seven.result.json().requests).toHaveLength(7);
    expect(seven.count).toBe(one.count);
    expect(seven.count).toBeLessThanOrEqual(4);
  });
});

describe('accept and reject', () => {
  async function setup() {
    const lawyer = await lawyerWithCookie({ name: 'Adv. Neha Gupta' });
    const member = await createFamilyMember(t.db, { name: 'Ravi Kumar' });
    const request = await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id });
    return { lawyer, member, request };
  }

  it('accept: the request is accepted, the family member becomes a client, leaves the list, and is emailed', async () => {
    const { lawyer, member, request } = await setup();
    const res = await t.request('POST', `/api/lawyers/requests/${request.id}/accept`, { cookie: lawyer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: request.id, status: 'accepted', decidedAt: expect.any(String) });
    expect(await requestRow(request.id)).toMatchObject({ status: 'accepted', decidedAt: expect.any(Date) });
    const pending = await t.request('GET', '/api/lawyers/requests', { cookie: lawyer.cookie });
    expect(pending.json()).toEqual({ requests: [], nextCursor: null });
    const clients = await t.request('GET', '/api/lawyers/clients', { cookie: lawyer.cookie });
    expect(clients.json().clients).toMatchObject([{ id: member.user.id, name: 'Ravi Kumar', email: member.user.email }]);
    const mails = await outboxTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'pending', subject: 'Adv. Neha Gupta accepted your lawyer request' });
    expect(mails[0]!.text).toContain('Adv. Neha Gupta');
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, lawyer.user.id), eq(auditEvents.action, 'lawyer_request.accepted')));
    expect(events).toHaveLength(1);
  });

  it('reject: the request is rejected, leaves the list, is not a client, and the family member is emailed', async () => {
    const { lawyer, member, request } = await setup();
    const res = await t.request('POST', `/api/lawyers/requests/${request.id}/reject`, { cookie: lawyer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: request.id, status: 'rejected' });
    expect((await requestRow(request.id)).status).toBe('rejected');
    expect((await t.request('GET', '/api/lawyers/requests', { cookie: lawyer.cookie })).json()).toEqual({ requests: [], nextCursor: null });
    expect((await t.request('GET', '/api/lawyers/clients', { cookie: lawyer.cookie })).json()).toEqual({ clients: [], nextCursor: null });
    const mails = await outboxTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Adv. Neha Gupta declined your lawyer request');
  });

  it('someone else’s request is 404 and changes nothing', async () => {
    const { member, request } = await setup();
    const intruder = await lawyerWithCookie();
    for (const action of ['accept', 'reject']) {
      const res = await t.request('POST', `/api/lawyers/requests/${request.id}/${action}`, { cookie: intruder.cookie });
      expect(res.statusCode, action).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await requestRow(request.id)).status).toBe('pending');
    expect(await outboxTo(member.user.email)).toHaveLength(0);
  });

  it('an unknown request is 404 and a malformed id is 400', async () => {
    const lawyer = await lawyerWithCookie();
    const unknown = await t.request('POST', '/api/lawyers/requests/00000000-0000-4000-8000-000000000001/accept', { cookie: lawyer.cookie });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request('POST', '/api/lawyers/requests/not-a-uuid/accept', { cookie: lawyer.cookie });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'validation' } });
  });

  for (const [first, second] of [
    ['accept', 'accept'],
    ['accept', 'reject'],
    ['reject', 'accept'],
    ['reject', 'reject'],
  ] as const) {
    it(`${second} after ${first} is 409 request_decided and changes nothing`, async () => {
      const { lawyer, member, request } = await setup();
      expect((await t.request('POST', `/api/lawyers/requests/${request.id}/${first}`, { cookie: lawyer.cookie })).statusCode).toBe(200);
      const before = await requestRow(request.id);
      const res = await t.request('POST', `/api/lawyers/requests/${request.id}/${second}`, { cookie: lawyer.cookie });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'request_decided' } });
      expect(await requestRow(request.id)).toEqual(before);
      expect(await outboxTo(member.user.email)).toHaveLength(1);
    });
  }

  it('two concurrent accepts of one request: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { lawyer, member, request } = await setup();
      const results = await Promise.all(
        Array.from({ length: 4 }, () => t.request('POST', `/api/lawyers/requests/${request.id}/accept`, { cookie: lawyer.cookie })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      expect((await requestRow(request.id)).status).toBe('accepted');
      expect(await outboxTo(member.user.email)).toHaveLength(1);
    }
  });

  it('a concurrent accept and reject: exactly one wins', async () => {
    const { lawyer, member, request } = await setup();
    const [a, r] = await Promise.all([
      t.request('POST', `/api/lawyers/requests/${request.id}/accept`, { cookie: lawyer.cookie }),
      t.request('POST', `/api/lawyers/requests/${request.id}/reject`, { cookie: lawyer.cookie }),
    ]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
    expect((await requestRow(request.id)).status).toBe(a.statusCode === 200 ? 'accepted' : 'rejected');
    expect(await outboxTo(member.user.email)).toHaveLength(1);
  });
});

describe('clients and bail papers', () => {
  async function client() {
    const lawyer = await lawyerWithCookie({ name: 'Adv. Farhan Ali' });
    const member = await createFamilyMember(t.db, { name: 'Meena Das', cases: [{ caseNumber: 'FIR-77', detail: 'Held since May' }] });
    await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    return { lawyer, member };
  }

  it('uploads a PDF for a client: stored, listed, readable by both, and the family member is emailed', async () => {
    const { lawyer, member } = await client();
    const res = await upload(lawyer.cookie, member.user.id, { name: 'bail order.pdf', type: 'application/pdf', bytes: PDF });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json<{ id: string; url: string }>();
    expect(doc).toMatchObject({
      familyMemberId: member.user.id,
      filename: 'bail order.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: { id: lawyer.user.id, name: 'Adv. Farhan Ali', role: 'Lawyer' },
    });
    const list = await t.request('GET', '/api/lawyers/clients', { cookie: lawyer.cookie });
    expect(list.json().clients).toMatchObject([
      {
        id: member.user.id,
        name: 'Meena Das',
        phone: '9876543210',
        cases: [{ caseNumber: 'FIR-77', detail: 'Held since May', caseType: 'Criminal Defense Lawyer' }],
        documents: [{ id: doc.id, filename: 'bail order.pdf' }],
      },
    ]);
    for (const cookie of [lawyer.cookie, await sessionCookie(t.db, member.user.id)]) {
      const file = await t.request('GET', doc.url, { cookie });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    const mails = await outboxTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A bail paper was uploaded for your case');
    expect(mails[0]!.text).toContain('Adv. Farhan Ali');
  });

  it('decides the type from the bytes: an image is accepted whatever its name, text is 415', async () => {
    const { lawyer, member } = await client();
    const png = await upload(lawyer.cookie, member.user.id, { name: 'scan.pdf', type: 'application/pdf', bytes: PNG });
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ contentType: 'image/png', filename: 'scan.png' });
    const text = await upload(lawyer.cookie, member.user.id, { name: 'fake.pdf', type: 'application/pdf', bytes: Buffer.from('hello') });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    const notMultipart = await t.request('POST', `/api/lawyers/clients/${member.user.id}/documents`, { cookie: lawyer.cookie, body: {} });
    expect(notMultipart.statusCode).toBe(415);
    const stored = await t.db.select({ id: documents.id }).from(documents).where(eq(documents.familyMemberId, member.user.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const { lawyer, member } = await client();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(lawyer.cookie, member.user.id, { name: 'big.pdf', type: 'application/pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.familyMemberId, member.user.id))).toHaveLength(0);
  });

  it('refuses an upload for anyone who is not the lawyer’s accepted client', async () => {
    const lawyer = await lawyerWithCookie();
    const otherLawyer = await createLawyer(t.db);
    const stranger = await createFamilyMember(t.db);
    const asking = await createFamilyMember(t.db);
    const declined = await createFamilyMember(t.db);
    const othersClient = await createFamilyMember(t.db);
    await createLawyerRequest(t.db, { familyMemberId: asking.user.id, lawyerId: lawyer.user.id });
    await createLawyerRequest(t.db, { familyMemberId: declined.user.id, lawyerId: lawyer.user.id, status: 'rejected' });
    await createLawyerRequest(t.db, { familyMemberId: othersClient.user.id, lawyerId: otherLawyer.user.id, status: 'accepted' });
    const cases: [string, string, number, string][] = [
      ['a stranger', stranger.user.id, 404, 'not_found'],
      ['a pending requester', asking.user.id, 403, 'not_client'],
      ['a declined requester', declined.user.id, 404, 'not_found'],
      ['another lawyer’s client', othersClient.user.id, 404, 'not_found'],
      ['a user id that is not a family member', lawyer.user.id, 404, 'not_found'],
    ];
    for (const [label, id, status, code] of cases) {
      const res = await upload(lawyer.cookie, id);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toMatchObject({ error: { code } });
    }
    expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.uploadedBy, lawyer.user.id))).toHaveLength(0);
  });

  it('lists clients with cases and papers in a constant number of SQL statements', async () => {
    const lawyer = await lawyerWithCookie();
    const measure = () => t.countQueries(() => t.request('GET', '/api/lawyers/clients', { cookie: lawyer.cookie }));
    const add = async () => {
      const m = await createFamilyMember(t.db, { cases: [{}, {}] });
      await createLawyerRequest(t.db, { familyMemberId: m.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
      expect((await upload(lawyer.cookie, m.user.id)).statusCode).toBe(201);
      expect((await upload(lawyer.cookie, m.user.id)).statusCode).toBe(201);
    };
    await add();
    const one = await measure();
    for (let i = 0; i < 5; i++) await add();
    const six = await measure();
    const clients = six.result.json().clients as { cases: unknown[]; documents: unknown[] }[];
    expect(clients).toHaveLength(6);
    for (const c of clients) {
      expect(c.cases).toHaveLength(2);
      expect(c.documents).toHaveLength(2);
    }
    expect(six.count).toBe(one.count);
    expect(six.count).toBeLessThanOrEqual(5);
  });
});

describe('who may call the lawyer routes', () => {
  it('refuses other roles with 403 and anonymous callers with 401', async () => {
    const lawyer = await createLawyer(t.db);
    const member = await createFamilyMember(t.db);
    const request = await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id });
    const jail = await createJailAuthority(t.db);
    const routes: ['GET' | 'PUT' | 'POST', string, unknown?][] = [
      ['GET', '/api/lawyers/registration'],
      ['PUT', '/api/lawyers/registration', validRegistration],
      ['GET', '/api/lawyers/requests'],
      ['POST', `/api/lawyers/requests/${request.id}/accept`],
      ['POST', `/api/lawyers/requests/${request.id}/reject`],
      ['GET', '/api/lawyers/clients'],
    ];
    for (const cookie of [await sessionCookie(t.db, member.user.id), await sessionCookie(t.db, jail.id), undefined]) {
      for (const [method, url, body] of routes) {
        const res = await t.request(method, url, { cookie, body });
        expect(res.statusCode, `${method} ${url}`).toBe(cookie ? 403 : 401);
      }
      const res = await upload(cookie, member.user.id);
      expect(res.statusCode, 'upload').toBe(cookie ? 403 : 401);
    }
    expect((await requestRow(request.id)).status).toBe('pending');
    expect(await t.db.select().from(lawyers).where(eq(lawyers.userId, member.user.id))).toHaveLength(0);
    expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.familyMemberId, member.user.id))).toHaveLength(0);
  });
});

describe('emails over SMTP', () => {
  it('the request, accept, reject and upload emails arrive at the SMTP server with the right recipient and text', async () => {
    const smtp = await startSmtp();
    const { received, port } = smtp;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rihaai <no-reply@rihaai.local>', log });
    try {
      const lawyer = await lawyerWithCookie({ name: 'Adv. Smtp Test' });
      const accepted = await createFamilyMember(t.db, { name: 'Accepted Member' });
      const rejected = await createFamilyMember(t.db, { name: 'Rejected Member' });
      // The requests are made as the Legal Services screen makes them, which emails the lawyer.
      const requestAs = async (memberId: string) => {
        const res = await t.request('POST', '/api/family/requests', {
          cookie: await sessionCookie(t.db, memberId),
          body: { lawyerId: lawyer.user.id },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: string }>();
      };
      const a = await requestAs(accepted.user.id);
      const r = await requestAs(rejected.user.id);
      expect((await t.request('POST', `/api/lawyers/requests/${a.id}/accept`, { cookie: lawyer.cookie })).statusCode).toBe(200);
      expect((await t.request('POST', `/api/lawyers/requests/${r.id}/reject`, { cookie: lawyer.cookie })).statusCode).toBe(200);
      expect((await upload(lawyer.cookie, accepted.user.id)).statusCode).toBe(201);
      // Deliver everything due, this test's three emails among them.
      while ((await deliverDueEmails(t.db, mailer, log)) > 0);
      const to = (email: string) => received.filter((m) => m.to.includes(email)).map((m) => unfold(m.raw));
      const acceptedMails = to(accepted.user.email);
      expect(acceptedMails).toHaveLength(2);
      expect(acceptedMails.some((m) => /Subject: Adv\. Smtp Test accepted your lawyer request/.test(m))).toBe(true);
      expect(acceptedMails.some((m) => m.includes('Subject: A bail paper was uploaded for your case') && m.includes('bail.pdf'))).toBe(
        true,
      );
      const lawyerMails = to(lawyer.user.email);
      expect(lawyerMails).toHaveLength(2);
      expect(lawyerMails.some((m) => m.includes('Accepted Member'))).toBe(true);
      expect(lawyerMails.some((m) => m.includes('Rejected Member'))).toBe(true);
      const rejectedMails = to(rejected.user.email);
      expect(rejectedMails).toHaveLength(1);
      expect(rejectedMails[0]).toMatch(/Subject: Adv\. Smtp Test declined your lawyer request/);
      expect(rejectedMails[0]).toContain('Dear Rejected Member');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});

/** The raw message with quoted-printable soft breaks and folded headers undone. */
function unfold(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');
}
