import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PHONE_RULE } from '#shared/family.ts';
import { cases, emailOutbox, familyMembers, lawyers, passwordResets, sessions, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import {
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createPasswordReset,
  createUser,
  sessionCookie,
  TEST_PASSWORD,
} from '#tests/factories.ts';

const t = useTestApp();

const cookieFor = (id: string) => sessionCookie(t.db, id);

describe('GET /api/profile/details', () => {
  it('returns each role’s editable details', async () => {
    const fm = await createFamilyMember(t.db, { phone: '+919876543210', address: '1 Test Lane' });
    expect((await t.request('GET', '/api/profile/details', { cookie: await cookieFor(fm.user.id) })).json()).toMatchObject({
      id: fm.user.id,
      email: fm.user.email,
      role: 'Family-Member',
      kind: 'family',
      registered: true,
      phone: '+919876543210',
      address: '1 Test Lane',
      lawyerType: null,
    });
    const l = await createLawyer(t.db, { lawyerType: 'Constitutional Lawyer', courtArea: 'Delhi High Court' });
    expect((await t.request('GET', '/api/profile/details', { cookie: await cookieFor(l.user.id) })).json()).toMatchObject({
      kind: 'lawyer',
      registered: true,
      lawyerType: 'Constitutional Lawyer',
      courtArea: 'Delhi High Court',
    });
    const j = await createJailAuthority(t.db);
    expect((await t.request('GET', '/api/profile/details', { cookie: await cookieFor(j.id) })).json()).toMatchObject({
      kind: 'name-only',
      registered: true,
      phone: null,
    });
    const unregistered = await createUser(t.db, { role: 'Lawyer' });
    expect((await t.request('GET', '/api/profile/details', { cookie: await cookieFor(unregistered.id) })).json()).toMatchObject({
      kind: 'name-only',
      registered: false,
    });
  });

  it('needs a session', async () => {
    expect((await t.request('GET', '/api/profile/details')).statusCode).toBe(401);
    expect((await t.request('PUT', '/api/profile/details', { body: { name: 'X' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/profile/details', () => {
  it('updates a family member’s name, phone and address, and leaves the cases alone', async () => {
    const fm = await createFamilyMember(t.db, { cases: [{ caseNumber: 'FIR-1' }, { caseNumber: 'FIR-2' }] });
    const cookie = await cookieFor(fm.user.id);
    const res = await t.request('PUT', '/api/profile/details', {
      cookie,
      body: { name: '  Asha Verma ', phone: '098765 43210', address: '22 New Road, Pune' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Asha Verma', phone: '+919876543210', address: '22 New Road, Pune', email: fm.user.email });
    expect((await t.request('GET', '/api/profile', { cookie })).json()).toMatchObject({ name: 'Asha Verma' });
    const rows = await t.db.select().from(cases).where(eq(cases.familyMemberId, fm.user.id));
    expect(rows.map((c) => c.caseNumber).sort()).toEqual(['FIR-1', 'FIR-2']);
  });

  it('updates a lawyer’s type and court area too', async () => {
    const l = await createLawyer(t.db);
    const res = await t.request('PUT', '/api/profile/details', {
      cookie: await cookieFor(l.user.id),
      body: { name: 'Adv. K', phone: '9811111112', address: 'Chamber 9', lawyerType: 'Corporate Lawyer', courtArea: 'Saket' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(lawyers).where(eq(lawyers.userId, l.user.id));
    expect(row).toMatchObject({ phone: '+919811111112', address: 'Chamber 9', lawyerType: 'Corporate Lawyer', courtArea: 'Saket' });
  });

  it('lets a jail authority and an unregistered user edit only their name', async () => {
    const j = await createJailAuthority(t.db);
    const jc = await cookieFor(j.id);
    expect((await t.request('PUT', '/api/profile/details', { cookie: jc, body: { name: 'Supt. R' } })).json()).toMatchObject({
      name: 'Supt. R',
    });
    const refused = await t.request('PUT', '/api/profile/details', { cookie: jc, body: { name: 'Supt. R', phone: '9876543210' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].path).toBe('phone');

    const u = await createUser(t.db, { role: 'Family-Member' });
    const uc = await cookieFor(u.id);
    expect((await t.request('PUT', '/api/profile/details', { cookie: uc, body: { name: 'New Name' } })).statusCode).toBe(200);
    const res = await t.request('PUT', '/api/profile/details', {
      cookie: uc,
      body: { name: 'New Name', phone: '9876543210', address: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].message).toMatch(/Complete the registration form first/);
    expect(await t.db.select().from(familyMembers).where(eq(familyMembers.userId, u.id))).toHaveLength(0);
  });

  it('validates as the registration forms do, field by field, and changes nothing on error', async () => {
    const l = await createLawyer(t.db, { name: 'Original' });
    const cookie = await cookieFor(l.user.id);
    const good = { name: 'Changed', phone: '9811111112', address: 'Chamber 9', lawyerType: 'Corporate Lawyer', courtArea: 'Saket' };
    const bad: [Record<string, unknown>, string, string | RegExp][] = [
      [{ ...good, name: '  ' }, 'name', 'Name is required.'],
      [{ ...good, phone: '12345' }, 'phone', PHONE_RULE],
      [{ ...good, phone: '5876543210' }, 'phone', PHONE_RULE],
      [{ ...good, address: '' }, 'address', 'Address is required.'],
      [{ ...good, address: 'a'.repeat(501) }, 'address', /500/],
      [{ ...good, lawyerType: 'Astrologer' }, 'lawyerType', 'Choose a lawyer type.'],
      [{ ...good, courtArea: ' ' }, 'courtArea', 'Court area is required.'],
      [{ name: 'Changed', phone: '9811111112', address: 'Chamber 9' }, 'lawyerType', 'Choose a lawyer type.'],
      [{ ...good, email: 'other@gmail.com' }, '', /email/],
    ];
    for (const [body, path, message] of bad) {
      const res = await t.request('PUT', '/api/profile/details', { cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const detail = res.json().error.details[0];
      if (path) expect(detail.path, JSON.stringify(body)).toBe(path);
      if (typeof message === 'string') expect(detail.message).toBe(message);
      else expect(detail.message).toMatch(message);
    }
    const [user] = await t.db.select().from(users).where(eq(users.id, l.user.id));
    expect(user).toMatchObject({ name: 'Original', email: l.user.email });
    const [row] = await t.db.select().from(lawyers).where(eq(lawyers.userId, l.user.id));
    expect(row).toMatchObject({ lawyerType: 'Criminal Defense Lawyer', courtArea: 'Tis Hazari' });
  });

  it('never edits another user: the target is always the session’s user', async () => {
    const a = await createFamilyMember(t.db, { name: 'Alpha' });
    const b = await createFamilyMember(t.db, { name: 'Bravo', phone: '9000000001', address: 'B street' });
    const cookie = await cookieFor(a.user.id);
    const attempts = [
      t.request('PUT', '/api/profile/details', { cookie, body: { id: b.user.id, name: 'Hacked', phone: '9876543210', address: 'X' } }),
      t.request('PUT', '/api/profile/details', { cookie, body: { userId: b.user.id, name: 'Hacked', phone: '9876543210', address: 'X' } }),
      t.request('PUT', `/api/profile/details?userId=${b.user.id}`, {
        cookie,
        body: { name: 'Alpha 2', phone: '9876543210', address: 'X' },
      }),
      t.request('PUT', `/api/profile/details/${b.user.id}`, { cookie, body: { name: 'Hacked', phone: '9876543210', address: 'X' } }),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses).toEqual([400, 400, 200, 404]);
    const [bravo] = await t.db.select().from(users).where(eq(users.id, b.user.id));
    expect(bravo?.name).toBe('Bravo');
    const [bravoFm] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, b.user.id));
    expect(bravoFm).toMatchObject({ phone: '9000000001', address: 'B street' });
    const [alpha] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    expect(alpha?.name).toBe('Alpha 2');
  });
});

describe('PUT /api/profile/password', () => {
  it('needs the current password and a new one of at least 8 characters', async () => {
    const { user } = await createLawyer(t.db);
    const cookie = await cookieFor(user.id);
    const wrong = await t.request('PUT', '/api/profile/password', {
      cookie,
      body: { currentPassword: 'not-it-at-all', newPassword: 'long-enough-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_password', details: [{ path: 'currentPassword' }] });
    const short = await t.request('PUT', '/api/profile/password', {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details[0]).toMatchObject({ path: 'newPassword', message: 'Password must be at least 8 characters.' });
    const common = await t.request('PUT', '/api/profile/password', {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Password1' },
    });
    expect(common.json().error).toMatchObject({ code: 'password_common', details: [{ path: 'newPassword' }] });
    const missing = await t.request('PUT', '/api/profile/password', { cookie, body: { newPassword: 'long-enough-1' } });
    expect(missing.statusCode).toBe(400);
    // Still the old password.
    const signin = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    expect(signin.statusCode).toBe(200);
  });

  it('changes the password, keeps this session and signs out every other one', async () => {
    const { user } = await createFamilyMember(t.db);
    const here = await cookieFor(user.id);
    const phone = await cookieFor(user.id);
    const laptop = await cookieFor(user.id);
    await createPasswordReset(t.db, { id: 'pending-reset-hash', userId: user.id, expiresAt: new Date(Date.now() + 600_000) });
    const res = await t.request('PUT', '/api/profile/password', {
      cookie: here,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-password' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.request('GET', '/api/profile', { cookie: here })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/profile', { cookie: phone })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/profile', { cookie: laptop })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0);
    const old = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Family-Member', email: user.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Family-Member', email: user.email, password: 'brand-new-password' },
    });
    expect(fresh.statusCode).toBe(200);
    const [notice] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(notice?.subject).toBe('Your Rihaai password was changed');
  });

  it('rate-limits guesses of the current password', async () => {
    const { user } = await createLawyer(t.db);
    const cookie = await cookieFor(user.id);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await t.request('PUT', '/api/profile/password', { cookie, body: { currentPassword: `guess-${i}`, newPassword: 'long-enough-1' } })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
