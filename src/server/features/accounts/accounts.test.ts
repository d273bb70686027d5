import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#tests/test-app.ts';
import { createLawyer, TEST_PASSWORD, uniqueEmail } from '#tests/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10' });
});
afterAll(() => t.close());

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? String(raw[0]) : String(raw);
  return first.split(';')[0]!;
};

describe('sign-up', () => {
  it('creates the account, signs in, and sets a safe cookie', async () => {
    const email = uniqueEmail('newfamily');
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: 'Asha', email, password: 'longenough1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Asha', email, role: 'Family-Member' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const session = await t.request('GET', '/api/auth/session', { cookie: cookieOf(res) });
    expect(session.json()).toMatchObject({ user: { email, role: 'Family-Member' } });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const s = await createTestApp({ PUBLIC_URL: 'https://rihaai.example' });
    try {
      const res = await s.request('POST', '/api/auth/signup', {
        body: { role: 'Lawyer', name: 'L', email: uniqueEmail('sec'), password: 'longenough1' },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age/);
    } finally {
      await s.close();
    }
  });

  it('refuses a non-gmail address with the SPEC message', async () => {
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'L', email: 'Someone@yahoo.com', password: 'longenough1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_email', message: 'Please use a valid @gmail.com email address.' } });
  });

  it('refuses an address that starts with a digit or capital', async () => {
    for (const email of ['1abc@gmail.com', 'Abc@gmail.com']) {
      const res = await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'L', email, password: 'longenough1' } });
      expect(res.statusCode, email).toBe(400);
    }
  });

  it('refuses a short password with the reason', async () => {
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'L', email: uniqueEmail(), password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('at least 8 characters');
  });

  it('refuses a duplicate email, whatever its case, and writes nothing', async () => {
    const email = uniqueEmail('dup');
    expect(
      (await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'A', email, password: 'longenough1' } })).statusCode,
    ).toBe(201);
    const res = await t.request('POST', '/api/auth/signup', { body: { role: 'Family-Member', name: 'B', email, password: 'longenough2' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'email_taken' } });
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('A');
  });

  it('needs the registration code for Jail-Authority', async () => {
    const body = { role: 'Jail-Authority', name: 'J', email: uniqueEmail('jail'), password: 'longenough1' };
    const wrong = await t.request('POST', '/api/auth/signup', { body: { ...body, registrationCode: 'nope' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: { code: 'bad_registration_code' } });
    const none = await t.request('POST', '/api/auth/signup', { body });
    expect(none.statusCode).toBe(403);
    const ok = await t.request('POST', '/api/auth/signup', { body: { ...body, registrationCode: t.env.JAIL_AUTHORITY_CODE } });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses unknown fields: a client cannot set its own id', async () => {
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'L', email: uniqueEmail(), password: 'longenough1', id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a missing or placeholder role', async () => {
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Select user category', name: 'L', email: uniqueEmail(), password: 'longenough1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].path).toBe('role');
  });

  it('answers malformed JSON with 400, not a crash', async () => {
    const res = await t.request('POST', '/api/auth/signup', { body: '{"role":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });
});

describe('sign-up rate limit', () => {
  it('answers 429 past the per-IP limit', async () => {
    const s = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await s.request('POST', '/api/auth/signup', {
          body: { role: 'Lawyer', name: 'L', email: uniqueEmail('rl'), password: 'longenough1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await s.close();
    }
  });
});

describe('sign-in', () => {
  it('signs in with the right role and starts a new session each time', async () => {
    const { user } = await createLawyer(t.db);
    const a = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    expect(a.statusCode).toBe(200);
    const b = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    expect(cookieOf(a)).not.toBe(cookieOf(b));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.length).toBe(2);
  });

  it('checks the password before the role', async () => {
    const { user } = await createLawyer(t.db);
    const wrongBoth = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Family-Member', email: user.email, password: 'wrong-password' },
    });
    expect(wrongBoth.statusCode).toBe(401);
    expect(wrongBoth.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    const mismatch = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Family-Member', email: user.email, password: TEST_PASSWORD },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ error: { code: 'role_mismatch', message: 'Role mismatch. Please select the correct role.' } });
    expect(mismatch.headers['set-cookie']).toBeUndefined();
  });

  it('gives one message for an unknown email and a wrong password', async () => {
    const { user } = await createLawyer(t.db);
    const unknown = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Lawyer', email: uniqueEmail('ghost'), password: TEST_PASSWORD },
    });
    const wrong = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: 'nope-nope-nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rate-limits attempts on one account: 429 after 10', async () => {
    const { user } = await createLawyer(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: 'wrong-password' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(/Too many sign-in attempts/);
  });
});

describe('sign-out and sessions', () => {
  it('deletes the session server-side: the old cookie no longer works', async () => {
    const { user } = await createLawyer(t.db);
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    const cookie = cookieOf(res);
    expect((await t.request('GET', '/api/profile', { cookie })).statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/signout', { cookie })).statusCode).toBe(204);
    const after = await t.request('GET', '/api/profile', { cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'unauthenticated', message: 'User not authenticated' } });
  });

  it('does not accept an expired session', async () => {
    const { user } = await createLawyer(t.db);
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.request('GET', '/api/profile', { cookie: cookieOf(res) })).statusCode).toBe(401);
  });

  it('remembers the chosen language on the account', async () => {
    const { user } = await createLawyer(t.db);
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    const cookie = cookieOf(res);
    expect((await t.request('PUT', '/api/profile/language', { cookie, body: { language: 'hi' } })).json()).toMatchObject({
      language: 'hi',
    });
    expect((await t.request('GET', '/api/profile', { cookie })).json()).toMatchObject({ language: 'hi' });
    expect((await t.request('PUT', '/api/profile/language', { cookie, body: { language: 'xx' } })).statusCode).toBe(400);
  });
});

describe('health', () => {
  it('answers health and ready', async () => {
    expect((await t.request('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/api/ready')).json()).toEqual({ status: 'ok' });
  });
  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.request('GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
