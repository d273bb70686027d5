import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PHONE_RULE } from '#shared/family.ts';
import { LIMITS } from '#shared/constants.ts';
import { auditEvents, cases, documents, emailOutbox, familyMembers, lawyerRequests, lawyers } from '#server/db/schema.ts';
import { deliverDueEmails } from '#server/lib/outbox.ts';
import { useTestApp } from '#tests/test-app.ts';
import {
  createBailReview,
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
  createUser,
  sessionCookie,
} from '#tests/factories.ts';
import { minimalJpeg, minimalPdf, minimalPng, multipartBody } from '#tests/fixtures/files.ts';

const t = useTestApp();

const validForm = {
  phone: '+91 98765-43210',
  address: '14 Gandhi Nagar, Delhi 110031',
  caseNumber: '  FIR-0421/2024 ',
  detail: 'Brother held at Tihar under IPC 379.',
  caseType: 'Criminal Defense Lawyer',
};

/** A signed-up Family-Member who has not submitted /fmform yet. */
async function newFamilyUser(name?: string) {
  const user = await createUser(t.db, { role: 'Family-Member', name });
  return { user, cookie: await sessionCookie(t.db, user.id) };
}

async function registeredFamily(input: Parameters<typeof createFamilyMember>[1] = {}) {
  const fm = await createFamilyMember(t.db, input);
  return { ...fm, cookie: await sessionCookie(t.db, fm.user.id) };
}

function uploadAs(cookie: string | undefined, filename: string, contentType: string, bytes: Buffer) {
  const body = multipartBody(filename, contentType, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/family/documents',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

const rowsOf = async (userId: string) => ({
  members: await t.db.select().from(familyMembers).where(eq(familyMembers.userId, userId)),
  cases: await t.db.select().from(cases).where(eq(cases.familyMemberId, userId)),
});

describe('registration (/fmform)', () => {
  it('is 404 not_registered before the form is submitted', async () => {
    const { cookie } = await newFamilyUser();
    const res = await t.request('GET', '/api/family/registration', { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_registered' } });
  });

  it('creates the record and the first case in one go, with name and email from the account', async () => {
    const { user, cookie } = await newFamilyUser('Asha Verma');
    const res = await t.request('PUT', '/api/family/registration', { cookie, body: validForm });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Asha Verma',
      email: user.email,
      phone: '+919876543210',
      address: validForm.address,
      cases: [{ caseNumber: 'FIR-0421/2024', detail: validForm.detail, caseType: 'Criminal Defense Lawyer' }],
    });
    const again = await t.request('GET', '/api/family/registration', { cookie });
    expect(again.json()).toEqual(body);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'family.registered')));
    expect(event).toBeDefined();
  });

  it('a second submit does not create a second record: it updates the first', async () => {
    const { user, cookie } = await newFamilyUser();
    expect((await t.request('PUT', '/api/family/registration', { cookie, body: validForm })).statusCode).toBe(200);
    expect((await t.request('PUT', '/api/family/registration', { cookie, body: validForm })).statusCode).toBe(200);
    const changed = await t.request('PUT', '/api/family/registration', { cookie, body: { ...validForm, address: 'New address' } });
    expect(changed.statusCode).toBe(200);
    const rows = await rowsOf(user.id);
    expect(rows.members).toHaveLength(1);
    expect(rows.cases).toHaveLength(1);
    expect(rows.members[0]?.address).toBe('New address');
  });

  it('two submits at the same moment still make one record and one case', async () => {
    const { user, cookie } = await newFamilyUser();
    const results = await Promise.all([
      t.request('PUT', '/api/family/registration', { cookie, body: validForm }),
      t.request('PUT', '/api/family/registration', { cookie, body: validForm }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await rowsOf(user.id);
    expect(rows.members).toHaveLength(1);
    expect(rows.cases).toHaveLength(1);
  });

  for (const field of ['phone', 'address', 'caseNumber', 'detail', 'caseType'] as const) {
    it(`refuses a missing ${field} with a field error and writes nothing`, async () => {
      const { user, cookie } = await newFamilyUser();
      const { [field]: _omitted, ...body } = validForm;
      const res = await t.request('PUT', '/api/family/registration', { cookie, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
      const rows = await rowsOf(user.id);
      expect(rows.members).toHaveLength(0);
      expect(rows.cases).toHaveLength(0);
    });
  }

  it('refuses blank (whitespace-only) required fields', async () => {
    const { cookie } = await newFamilyUser();
    for (const field of ['phone', 'address', 'caseNumber', 'detail'] as const) {
      const res = await t.request('PUT', '/api/family/registration', { cookie, body: { ...validForm, [field]: '   ' } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.details[0].path, field).toBe(field);
    }
  });

  it('accepts the usual ways of writing an Indian mobile number', async () => {
    const { cookie } = await newFamilyUser();
    for (const phone of ['9876543210', '+919876543210', '09876543210', '98765 43210', '+91-98765-43210', '6000000000']) {
      const res = await t.request('PUT', '/api/family/registration', { cookie, body: { ...validForm, phone } });
      expect(res.statusCode, phone).toBe(200);
      expect(res.json().phone, phone).toMatch(/^\+91[6-9]\d{9}$/);
    }
  });

  it('refuses a bad phone number and states the rule', async () => {
    const { user, cookie } = await newFamilyUser();
    for (const phone of ['12345', '5876543210', '98765432101', 'abcdefghij', '+1 9876543210', '+91 98765', '98765-4321x']) {
      const res = await t.request('PUT', '/api/family/registration', { cookie, body: { ...validForm, phone } });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.details[0], phone).toMatchObject({ path: 'phone', message: PHONE_RULE });
    }
    expect((await rowsOf(user.id)).members).toHaveLength(0);
  });

  it('refuses too-long values and an unknown case type', async () => {
    const { user, cookie } = await newFamilyUser();
    const cases: [keyof typeof validForm, string][] = [
      ['address', 'a'.repeat(LIMITS.addressMax + 1)],
      ['caseNumber', 'C'.repeat(LIMITS.caseNumberMax + 1)],
      ['detail', 'd'.repeat(LIMITS.caseDetailMax + 1)],
      ['phone', '9'.repeat(200)],
      ['caseType', 'Tax Lawyer'],
    ];
    for (const [field, value] of cases) {
      const res = await t.request('PUT', '/api/family/registration', { cookie, body: { ...validForm, [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.details[0].path, field).toBe(field);
    }
    // Exactly at the limits is fine (case id trimmed first).
    const ok = await t.request('PUT', '/api/family/registration', {
      cookie,
      body: { ...validForm, address: 'a'.repeat(LIMITS.addressMax), caseNumber: ` ${'C'.repeat(LIMITS.caseNumberMax)} ` },
    });
    expect(ok.statusCode).toBe(200);
    expect((await rowsOf(user.id)).cases).toHaveLength(1);
  });

  it('refuses unknown fields (a client cannot choose whose record it writes)', async () => {
    const { cookie } = await newFamilyUser();
    const other = await createFamilyMember(t.db);
    const res = await t.request('PUT', '/api/family/registration', { cookie, body: { ...validForm, userId: other.user.id } });
    expect(res.statusCode).toBe(400);
  });

  it('is for family members only', async () => {
    const lawyer = await createLawyer(t.db);
    const jail = await createJailAuthority(t.db);
    for (const id of [lawyer.user.id, jail.id]) {
      const cookie = await sessionCookie(t.db, id);
      expect((await t.request('PUT', '/api/family/registration', { cookie, body: validForm })).statusCode).toBe(403);
      expect((await t.request('GET', '/api/family/registration', { cookie })).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/family/registration')).statusCode).toBe(401);
  });
});

describe('every family route', () => {
  const routes: [string, string][] = [
    ['GET', '/api/family/registration'],
    ['PUT', '/api/family/registration'],
    ['GET', '/api/family/cases'],
    ['POST', '/api/family/cases'],
    ['GET', '/api/family/lawyers'],
    ['POST', '/api/family/requests'],
    ['GET', '/api/family/ngo'],
    ['GET', '/api/family/documents'],
    ['POST', '/api/family/documents'],
  ];

  it('declares Family-Member only in the OpenAPI document', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).json();
    for (const [method, url] of routes)
      expect(doc.paths[url][method.toLowerCase()]['x-roles'], `${method} ${url}`).toEqual(['Family-Member']);
  });

  it('refuses other roles (403) and signed-out users (401)', async () => {
    const lawyer = await createLawyer(t.db);
    const jail = await createJailAuthority(t.db);
    for (const [method, url] of routes) {
      expect((await t.request(method as 'GET', url)).statusCode, `${method} ${url}`).toBe(401);
      for (const id of [lawyer.user.id, jail.id]) {
        const res = await t.request(method, url, {
          cookie: await sessionCookie(t.db, id),
          body: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('refuses an unregistered family member with not_registered and writes nothing', async () => {
    const { user, cookie } = await newFamilyUser();
    const lawyer = await createLawyer(t.db);
    const calls: [string, string, unknown][] = [
      ['GET', '/api/family/cases', undefined],
      ['POST', '/api/family/cases', { caseNumber: 'X-1', detail: 'd', caseType: 'Criminal Defense Lawyer' }],
      ['GET', '/api/family/lawyers', undefined],
      ['POST', '/api/family/requests', { lawyerId: lawyer.user.id }],
      ['GET', '/api/family/ngo', undefined],
      ['GET', '/api/family/documents', undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.request(method, url, { cookie, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error, `${method} ${url}`).toMatchObject({ code: 'not_registered' });
      expect(res.json().error.message).toMatch(/registration/);
    }
    const upload = await uploadAs(cookie, 'bail.pdf', 'application/pdf', minimalPdf());
    expect(upload.statusCode).toBe(403);
    expect(upload.json().error.code).toBe('not_registered');
    expect((await rowsOf(user.id)).cases).toHaveLength(0);
    expect(await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, user.id))).toHaveLength(0);
  });
});

describe('more than one case', () => {
  it('adds another case and lists all of them', async () => {
    const fm = await registeredFamily({ cases: [{ caseNumber: 'FIR-1', caseType: 'Criminal Defense Lawyer' }] });
    const res = await t.request('POST', '/api/family/cases', {
      cookie: fm.cookie,
      body: { caseNumber: ' FIR-2 ', detail: 'Second matter', caseType: 'Constitutional Lawyer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ caseNumber: 'FIR-2', detail: 'Second matter', caseType: 'Constitutional Lawyer' });
    const list = await t.request('GET', '/api/family/cases', { cookie: fm.cookie });
    expect(list.json().cases.map((c: { caseNumber: string }) => c.caseNumber)).toEqual(['FIR-1', 'FIR-2']);
    const reg = await t.request('GET', '/api/family/registration', { cookie: fm.cookie });
    expect(reg.json().cases).toHaveLength(2);
  });

  it('refuses a case id this member already has (409) but another member may use it', async () => {
    const fm = await registeredFamily({ cases: [{ caseNumber: 'FIR-9' }] });
    const dup = await t.request('POST', '/api/family/cases', {
      cookie: fm.cookie,
      body: { caseNumber: 'FIR-9', detail: 'again', caseType: 'Corporate Lawyer' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({ code: 'case_exists', message: 'You already have a case with this case ID.' });
    expect(await t.db.select().from(cases).where(eq(cases.familyMemberId, fm.user.id))).toHaveLength(1);
    const other = await registeredFamily();
    const ok = await t.request('POST', '/api/family/cases', {
      cookie: other.cookie,
      body: { caseNumber: 'FIR-9', detail: 'same number elsewhere', caseType: 'Corporate Lawyer' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a registration change that would duplicate a case id', async () => {
    const fm = await registeredFamily({ cases: [{ caseNumber: 'A-1' }] });
    const second = { caseNumber: 'A-2', detail: 'later case', caseType: 'Corporate Lawyer' };
    expect((await t.request('POST', '/api/family/cases', { cookie: fm.cookie, body: second })).statusCode).toBe(201);
    const res = await t.request('PUT', '/api/family/registration', { cookie: fm.cookie, body: { ...validForm, caseNumber: 'A-2' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('case_exists');
  });

  it('validates the new case like /fmform', async () => {
    const fm = await registeredFamily();
    for (const body of [
      { detail: 'x', caseType: 'Corporate Lawyer' },
      { caseNumber: ' ', detail: 'x', caseType: 'Corporate Lawyer' },
      { caseNumber: 'C'.repeat(65), detail: 'x', caseType: 'Corporate Lawyer' },
      { caseNumber: 'C-1', detail: '', caseType: 'Corporate Lawyer' },
      { caseNumber: 'C-1', detail: 'x', caseType: 'Select' },
      { caseNumber: 'C-1', detail: 'x', caseType: 'Corporate Lawyer', familyMemberId: fm.user.id },
    ]) {
      expect((await t.request('POST', '/api/family/cases', { cookie: fm.cookie, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('lawyer search', () => {
  it('lists lawyers whose type equals one of the case types, with their card details', async () => {
    const fm = await registeredFamily({ cases: [{ caseType: 'Environmental Lawyer' }] });
    const match = await createLawyer(t.db, { name: 'Adv. Green', lawyerType: 'Environmental Lawyer', courtArea: 'NGT Delhi' });
    await createLawyer(t.db, { lawyerType: 'Corporate Lawyer' });
    const res = await t.request('GET', '/api/family/lawyers', { cookie: fm.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      caseTypes: ['Environmental Lawyer'],
      location: null,
      lawyers: [
        {
          id: match.user.id,
          name: 'Adv. Green',
          email: match.user.email,
          phone: match.lawyer.phone,
          address: match.lawyer.address,
          lawyerType: 'Environmental Lawyer',
          courtArea: 'NGT Delhi',
          state: null,
          district: null,
          nearness: 'other',
          verified: true,
        },
      ],
      nextCursor: null,
    });
  });

  it('uses the types of all the member’s cases', async () => {
    const fm = await registeredFamily({
      cases: [{ caseType: 'Intellectual Property Lawyer' }, { caseType: 'International Law Attorney' }],
    });
    const a = await createLawyer(t.db, { lawyerType: 'Intellectual Property Lawyer' });
    const b = await createLawyer(t.db, { lawyerType: 'International Law Attorney' });
    const res = await t.request('GET', '/api/family/lawyers', { cookie: fm.cookie });
    expect(
      res
        .json()
        .lawyers.map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual([a.user.id, b.user.id].sort());
  });

  it('hides lawyers with a pending or accepted request from this member, not those who declined', async () => {
    const fm = await registeredFamily({ cases: [{ caseType: 'Technology/Tech Lawyer' }] });
    const [pending, accepted, rejected, free] = await Promise.all(
      [1, 2, 3, 4].map(() => createLawyer(t.db, { lawyerType: 'Technology/Tech Lawyer' })),
    );
    for (const row of [
      { familyMemberId: fm.user.id, lawyerId: pending!.user.id, status: 'pending' },
      { familyMemberId: fm.user.id, lawyerId: accepted!.user.id, status: 'accepted', decidedAt: new Date() },
      { familyMemberId: fm.user.id, lawyerId: rejected!.user.id, status: 'rejected', decidedAt: new Date() },
    ])
      await createLawyerRequest(t.db, row);
    // Another member's request hides nothing from this one.
    const other = await registeredFamily({ cases: [{ caseType: 'Technology/Tech Lawyer' }] });
    await createLawyerRequest(t.db, { familyMemberId: other.user.id, lawyerId: free!.user.id });
    const res = await t.request('GET', '/api/family/lawyers', { cookie: fm.cookie });
    expect(
      res
        .json()
        .lawyers.map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual([rejected!.user.id, free!.user.id].sort());
  });

  it('is empty (with the case types to explain why) when no lawyer matches', async () => {
    // No test in this file creates a lawyer of this type.
    const fm = await registeredFamily({ cases: [{ caseType: 'Labor & Employment Attorney' }] });
    await createLawyer(t.db, { lawyerType: 'Corporate Lawyer' });
    const res = await t.request('GET', '/api/family/lawyers', { cookie: fm.cookie });
    expect(res.json()).toEqual({ caseTypes: ['Labor & Employment Attorney'], location: null, lawyers: [], nextCursor: null });
  });

  it('runs the same number of SQL statements for one lawyer or many', async () => {
    const fm = await registeredFamily({ cases: [{ caseType: 'Corporate Lawyer' }, { caseType: 'Civil Litigation Attorney' }] });
    await createLawyer(t.db, { lawyerType: 'Civil Litigation Attorney' });
    const one = await t.countQueries(() => t.request('GET', '/api/family/lawyers', { cookie: fm.cookie }));
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createLawyer(t.db, { lawyerType: i % 2 ? 'Corporate Lawyer' : 'Civil Litigation Attorney' })),
    );
    for (const row of many.slice(0, 4).map((l) => ({ familyMemberId: fm.user.id, lawyerId: l.user.id })))
      await createLawyerRequest(t.db, row);
    const lots = await t.countQueries(() => t.request('GET', '/api/family/lawyers', { cookie: fm.cookie }));
    expect(lots.result.json().lawyers.length).toBeGreaterThanOrEqual(9);
    expect(lots.count).toBe(one.count);
    // The session lookup, the member's case types, and the lawyers: one statement for the whole list.
    expect(lots.count).toBeLessThanOrEqual(3);
  });
});

describe('lawyer requests', () => {
  it('creates a pending request, hides the lawyer from the search and queues an email to the lawyer', async () => {
    const fm = await registeredFamily({ name: 'Kamla Devi', cases: [{ caseType: 'Constitutional Lawyer' }] });
    const lawyer = await createLawyer(t.db, { name: 'Adv. Arjun', lawyerType: 'Constitutional Lawyer' });
    const res = await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: lawyer.user.id } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', lawyer: { id: lawyer.user.id, name: 'Adv. Arjun' } });
    const [row] = await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, fm.user.id));
    expect(row).toMatchObject({ lawyerId: lawyer.user.id, status: 'pending' });
    const search = await t.request('GET', '/api/family/lawyers', { cookie: fm.cookie });
    expect(search.json().lawyers.map((l: { id: string }) => l.id)).not.toContain(lawyer.user.id);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Kamla Devi');
    expect(mails[0]?.text).toContain('/pending-case');
    await deliverDueEmails(t.db, t.mailer, { warn: () => {}, error: () => {} });
    expect(t.mailer.sent.some((m) => m.to === lawyer.user.email && m.subject === 'New case request on Rihaai')).toBe(true);
  });

  it('refuses requesting the same lawyer twice (409) and queues no second email', async () => {
    const fm = await registeredFamily();
    const lawyer = await createLawyer(t.db);
    expect((await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: lawyer.user.id } })).statusCode).toBe(
      201,
    );
    const again = await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: lawyer.user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'already_requested', message: 'You have already requested this lawyer.' });
    expect(await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, fm.user.id))).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email))).toHaveLength(1);
  });

  it('refuses a request to a lawyer who already accepted, and allows one again after a decline', async () => {
    const fm = await registeredFamily();
    const acc = await createLawyer(t.db);
    const rej = await createLawyer(t.db);
    for (const row of [
      { familyMemberId: fm.user.id, lawyerId: acc.user.id, status: 'accepted', decidedAt: new Date() },
      { familyMemberId: fm.user.id, lawyerId: rej.user.id, status: 'rejected', decidedAt: new Date() },
    ])
      await createLawyerRequest(t.db, row);
    expect((await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: acc.user.id } })).statusCode).toBe(409);
    expect((await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: rej.user.id } })).statusCode).toBe(201);
  });

  it('two requests for the same lawyer at once make one request', async () => {
    const fm = await registeredFamily();
    const lawyer = await createLawyer(t.db);
    const results = await Promise.all(
      [1, 2].map(() => t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: lawyer.user.id } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, fm.user.id))).toHaveLength(1);
  });

  it('refuses a lawyer of another type', async () => {
    const fm = await registeredFamily({ cases: [{ caseType: 'Criminal Defense Lawyer' }] });
    const lawyer = await createLawyer(t.db, { lawyerType: 'Corporate Lawyer' });
    const res = await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: lawyer.user.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('lawyer_type_mismatch');
    expect(await t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, fm.user.id))).toHaveLength(0);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lawyer.user.email))).toHaveLength(0);
  });

  it('refuses a user who is not a registered lawyer (404)', async () => {
    const fm = await registeredFamily();
    const unregisteredLawyer = await createUser(t.db, { role: 'Lawyer' });
    const jail = await createJailAuthority(t.db);
    const other = await registeredFamily();
    for (const id of [unregisteredLawyer.id, jail.id, other.user.id, fm.user.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: id } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: 'No such lawyer.' });
    }
    expect((await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: { lawyerId: 'nope' } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/family/requests', { cookie: fm.cookie, body: {} })).statusCode).toBe(400);
  });

  it('refuses requests from users who are not family members', async () => {
    const lawyer = await createLawyer(t.db);
    const otherLawyer = await createLawyer(t.db);
    const res = await t.request('POST', '/api/family/requests', {
      cookie: await sessionCookie(t.db, otherLawyer.user.id),
      body: { lawyerId: lawyer.user.id },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('case status', () => {
  it('shows each case with its lawyers, papers, bail and NGO as a timeline in time order', async () => {
    const fm = await registeredFamily({
      cases: [
        { caseNumber: 'FIR-1', caseType: 'Criminal Defense Lawyer' },
        { caseNumber: 'WP-2', caseType: 'Constitutional Lawyer' },
      ],
    });
    const crim = await createLawyer(t.db, { name: 'Adv. Crim', lawyerType: 'Criminal Defense Lawyer' });
    const crim2 = await createLawyer(t.db, { name: 'Adv. Declines', lawyerType: 'Criminal Defense Lawyer' });
    const cons = await createLawyer(t.db, { name: 'Adv. Cons', lawyerType: 'Constitutional Lawyer' });
    const base = Date.now();
    const at = (min: number) => new Date(base + min * 60_000);
    for (const row of [
      { familyMemberId: fm.user.id, lawyerId: crim.user.id, status: 'accepted', createdAt: at(1), decidedAt: at(2) },
      { familyMemberId: fm.user.id, lawyerId: crim2.user.id, status: 'rejected', createdAt: at(1.5), decidedAt: at(3) },
      { familyMemberId: fm.user.id, lawyerId: cons.user.id, status: 'pending', createdAt: at(4) },
    ])
      await createLawyerRequest(t.db, row);
    const up = await uploadAs(fm.cookie, 'bail.pdf', 'application/pdf', minimalPdf());
    expect(up.statusCode).toBe(201);
    await t.db
      .update(documents)
      .set({ createdAt: at(5) })
      .where(eq(documents.id, up.json().id));
    const lawyerDoc = await createDocument(t.db, {
      familyMemberId: fm.user.id,
      uploadedBy: crim.user.id,
      filename: 'court.pdf',
      bytes: Buffer.from('%PDF-'),
      createdAt: at(6),
    });
    const jail = await createJailAuthority(t.db);
    const ngo = await createNgo(t.db, { name: 'Aasra' });
    await createNgoAssignment(t.db, { familyMemberId: fm.user.id, ngoId: ngo.id, assignedBy: jail.id, assignedAt: at(7) });
    await createBailReview(t.db, { familyMemberId: fm.user.id, decidedBy: jail.id, decidedAt: at(8) });

    const res = await t.request('GET', '/api/family/cases', { cookie: fm.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().cases;
    expect(first).toMatchObject({ caseNumber: 'FIR-1', caseType: 'Criminal Defense Lawyer', bailAcceptedAt: at(8).toISOString() });
    expect(first.lawyers.map((l: { name: string; status: string }) => [l.name, l.status])).toEqual([
      ['Adv. Declines', 'rejected'],
      ['Adv. Crim', 'accepted'],
    ]);
    expect(first.documents.map((d: { id: string }) => d.id)).toEqual([lawyerDoc.id, up.json().id]);
    expect(first.documents[0].uploadedBy).toMatchObject({ name: 'Adv. Crim', role: 'Lawyer' });
    expect(first.documents[1].uploadedBy).toMatchObject({ id: fm.user.id, role: 'Family-Member' });
    expect(first.ngo).toMatchObject({ name: 'Aasra' });
    expect(first.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'case_added',
      'lawyer_requested',
      'lawyer_requested',
      'lawyer_accepted',
      'lawyer_declined',
      'bail_paper',
      'bail_paper',
      'ngo_assigned',
      'bail_accepted',
    ]);
    const times = first.timeline.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(second.caseNumber).toBe('WP-2');
    expect(second.lawyers).toEqual([expect.objectContaining({ name: 'Adv. Cons', status: 'pending' })]);
    // The family can call the lawyer who accepted; a pending or declined lawyer's phone is not given.
    const [crimRow] = await t.db.select({ phone: lawyers.phone }).from(lawyers).where(eq(lawyers.userId, crim.user.id));
    expect(first.lawyers.map((l: { name: string; phone: string | null }) => [l.name, l.phone])).toEqual([
      ['Adv. Declines', null],
      ['Adv. Crim', crimRow!.phone],
    ]);
    expect(second.lawyers[0].phone).toBeNull();
    expect(second.timeline.filter((e: { kind: string }) => e.kind === 'lawyer_requested')).toHaveLength(1);
    expect(second.documents).toHaveLength(2);
  });

  it('shows nothing of another family member', async () => {
    const a = await registeredFamily({ cases: [{ caseNumber: 'MINE' }] });
    const b = await registeredFamily({ cases: [{ caseNumber: 'THEIRS' }] });
    await uploadAs(b.cookie, 'b.pdf', 'application/pdf', minimalPdf());
    const res = await t.request('GET', '/api/family/cases', { cookie: a.cookie });
    expect(res.json().cases).toHaveLength(1);
    expect(res.json().cases[0]).toMatchObject({ caseNumber: 'MINE', documents: [], lawyers: [], ngo: null, bailAcceptedAt: null });
    expect((await t.request('GET', '/api/family/documents', { cookie: a.cookie })).json()).toEqual({ documents: [] });
  });

  it('runs the same number of SQL statements for one or many cases, requests and papers', async () => {
    const fm = await registeredFamily({ cases: [{ caseType: 'Corporate Lawyer' }] });
    const l1 = await createLawyer(t.db, { lawyerType: 'Corporate Lawyer' });
    await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: l1.user.id });
    await uploadAs(fm.cookie, 'a.pdf', 'application/pdf', minimalPdf());
    const one = await t.countQueries(() => t.request('GET', '/api/family/cases', { cookie: fm.cookie }));
    expect(one.result.statusCode).toBe(200);

    for (let i = 0; i < 5; i++)
      await t.request('POST', '/api/family/cases', {
        cookie: fm.cookie,
        body: { caseNumber: `MORE-${i}`, detail: 'd', caseType: i % 2 ? 'Corporate Lawyer' : 'Civil Litigation Attorney' },
      });
    const lawyersMore = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createLawyer(t.db, { lawyerType: i % 2 ? 'Corporate Lawyer' : 'Civil Litigation Attorney' })),
    );
    for (const row of lawyersMore.map((l, i) => ({
      familyMemberId: fm.user.id,
      lawyerId: l.user.id,
      status: i % 3 ? ('pending' as const) : ('rejected' as const),
    })))
      await createLawyerRequest(t.db, row);
    for (let i = 0; i < 6; i++) await uploadAs(fm.cookie, `p${i}.png`, 'image/png', minimalPng());
    const many = await t.countQueries(() => t.request('GET', '/api/family/cases', { cookie: fm.cookie }));
    expect(many.result.json().cases).toHaveLength(6);
    expect(many.result.json().cases[0].documents).toHaveLength(7);
    expect(many.count).toBe(one.count);
  });
});

describe('NGO details', () => {
  it('is null until the jail authority assigns one, then shows it', async () => {
    const fm = await registeredFamily();
    expect((await t.request('GET', '/api/family/ngo', { cookie: fm.cookie })).json()).toEqual({ ngo: null });
    const ngo = await createNgo(t.db, { name: 'Nayi Disha' });
    await createNgoAssignment(t.db, { familyMemberId: fm.user.id, ngoId: ngo.id });
    const res = await t.request('GET', '/api/family/ngo', { cookie: fm.cookie });
    expect(res.json().ngo).toMatchObject({
      id: ngo.id,
      name: 'Nayi Disha',
      address: ngo.address,
      contactInfo: ngo.contactInfo,
      report: ngo.report,
    });
  });
});

describe('bail paper upload', () => {
  const files: [string, string, () => Buffer, string][] = [
    ['bail.pdf', 'application/pdf', minimalPdf, 'application/pdf'],
    ['photo.png', 'image/png', minimalPng, 'image/png'],
    ['scan.jpg', 'image/jpeg', minimalJpeg, 'image/jpeg'],
    // The browser's claim does not matter: the bytes decide.
    ['scan.pdf', 'application/octet-stream', minimalJpeg, 'image/jpeg'],
  ];
  for (const [name, claimed, bytes, stored] of files) {
    it(`stores a real ${name} (sent as ${claimed}) as ${stored} and serves it back to its owner`, async () => {
      const fm = await registeredFamily();
      const res = await uploadAs(fm.cookie, name, claimed, bytes());
      expect(res.statusCode, res.body).toBe(201);
      const meta = res.json();
      expect(meta).toMatchObject({
        familyMemberId: fm.user.id,
        contentType: stored,
        size: bytes().length,
        uploadedBy: { id: fm.user.id, role: 'Family-Member' },
        url: `/api/documents/${meta.id}`,
      });
      expect(meta.filename.endsWith(stored === 'application/pdf' ? '.pdf' : stored === 'image/png' ? '.png' : '.jpg')).toBe(true);
      const list = await t.request('GET', '/api/family/documents', { cookie: fm.cookie });
      expect(list.json().documents.map((d: { id: string }) => d.id)).toEqual([meta.id]);
      const file = await t.request('GET', meta.url, { cookie: fm.cookie });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(stored);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(String(file.headers['content-disposition'])).toMatch(/^inline; filename="/);
      expect(file.rawPayload.equals(bytes())).toBe(true);
    });
  }

  const refused: [string, string, string, () => Buffer, number, string][] = [
    [
      'a text file renamed .pdf',
      'notes.pdf',
      'application/pdf',
      () => Buffer.from('Just some notes, not a PDF at all.\n'),
      415,
      'unsupported_media_type',
    ],
    [
      'an HTML file sent as application/pdf',
      'bail.pdf',
      'application/pdf',
      () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      415,
      'unsupported_media_type',
    ],
    ['an empty file', 'empty.pdf', 'application/pdf', () => Buffer.alloc(0), 400, 'empty_file'],
    [
      'an 11 MiB file',
      'huge.pdf',
      'application/pdf',
      () => Buffer.concat([minimalPdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]),
      413,
      'payload_too_large',
    ],
  ];
  for (const [label, name, claimed, bytes, status, code] of refused) {
    it(`refuses ${label} (${status}) and leaves nothing behind`, async () => {
      const fm = await registeredFamily();
      const res = await uploadAs(fm.cookie, name, claimed, bytes());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      if (status === 415) expect(res.json().error.message).toBe('Unsupported file type. Please upload an image or a PDF.');
      expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.familyMemberId, fm.user.id))).toHaveLength(0);
      expect(
        await t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.subject, fm.user.id), eq(auditEvents.action, 'document.uploaded'))),
      ).toHaveLength(0);
    });
  }

  it('refuses a request with no file, and a JSON body', async () => {
    const fm = await registeredFamily();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/family/documents',
      headers: { 'sec-fetch-site': 'same-origin', cookie: fm.cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    const json = await t.request('POST', '/api/family/documents', { cookie: fm.cookie, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('serves the paper only to its owner, a lawyer who accepted them and the jail authority', async () => {
    const fm = await registeredFamily();
    const up = await uploadAs(fm.cookie, 'bail.pdf', 'application/pdf', minimalPdf());
    const url = up.json().url as string;
    const accepted = await createLawyer(t.db);
    const pending = await createLawyer(t.db);
    const declined = await createLawyer(t.db);
    const stranger = await createLawyer(t.db);
    for (const row of [
      { familyMemberId: fm.user.id, lawyerId: accepted.user.id, status: 'accepted', decidedAt: new Date() },
      { familyMemberId: fm.user.id, lawyerId: pending.user.id, status: 'pending' },
      { familyMemberId: fm.user.id, lawyerId: declined.user.id, status: 'rejected', decidedAt: new Date() },
    ])
      await createLawyerRequest(t.db, row);
    const jail = await createJailAuthority(t.db);
    const otherFamily = await registeredFamily();
    const unregisteredFamily = await createUser(t.db, { role: 'Family-Member' });
    const expectations: [string, string, number][] = [
      ['owner', fm.user.id, 200],
      ['accepted lawyer', accepted.user.id, 200],
      ['jail authority', jail.id, 200],
      ['pending lawyer', pending.user.id, 404],
      ['declined lawyer', declined.user.id, 404],
      ['unrelated lawyer', stranger.user.id, 404],
      ['another family member', otherFamily.user.id, 404],
      ['an unregistered family member', unregisteredFamily.id, 404],
    ];
    for (const [who, id, status] of expectations) {
      const res = await t.request('GET', url, { cookie: await sessionCookie(t.db, id) });
      expect(res.statusCode, who).toBe(status);
      if (status === 200) expect(res.rawPayload.subarray(0, 5).toString(), who).toBe('%PDF-');
      else expect(res.body, who).not.toContain('%PDF');
    }
    expect((await t.request('GET', url)).statusCode).toBe(401);
  });
});
