// The second factor (docs/decisions/0043-second-factor-for-officials.md): enrolment, the second step
// of sign-in, a code accepted once, recovery codes once, the sign-in limits, the gate in front of
// every route for officials, and family members left alone unless they add one.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '#shared/constants.ts';
import { SECOND_FACTOR_ROLES } from '#shared/second-factor.ts';
import { cookieOf, useTestApp, type TestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, sessionCookie, TEST_PASSWORD } from '#tests/factories.ts';
import { recoveryCodes, secondFactors } from '#server/db/schema.ts';
import { openSecret, stepAt, totpOf } from './second-factor.secrets.ts';

const t = useTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5' });
const SECOND = 1000;
const STEP = 30 * SECOND;

/** The code of the secret at `offsetSteps` steps from now (one either side is accepted). */
const codeAt = (secret: string, offsetSteps = 0) => totpOf(secret).generate({ timestamp: Date.now() + offsetSteps * STEP });

async function signIn(role: Role, email: string) {
  const res = await t.request('POST', '/api/auth/signin', { body: { role, email, password: TEST_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieOf(res), user: res.json<{ secondFactor?: string }>() };
}

async function enrol(cookie: string) {
  const start = await t.request('POST', '/api/second-factor/enrolment', { cookie });
  expect(start.statusCode, start.body).toBe(200);
  const { secret, uri, qrSvg } = start.json<{ secret: string; uri: string; qrSvg: string }>();
  const confirm = await t.request('POST', '/api/second-factor/enrolment/confirm', { cookie, body: { code: codeAt(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, uri, qrSvg, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const errorCode = (res: { json<T>(): T }) => res.json<{ error: { code: string } }>().error.code;

describe('officials', () => {
  it('must pass a second factor: every role but the family member, including roles added later', () => {
    expect(SECOND_FACTOR_ROLES).toEqual(ROLES.filter((r) => r !== 'Family-Member'));
    expect(SECOND_FACTOR_ROLES).toContain('Lawyer');
    expect(SECOND_FACTOR_ROLES).toContain('Jail-Authority');
  });

  for (const [role, make, dataRoute] of [
    ['Jail-Authority', (t: TestApp) => createJailAuthority(t.db), '/api/jail/members'],
    ['Lawyer', async (t: TestApp) => (await createLawyer(t.db)).user, '/api/lawyers/clients'],
  ] as const) {
    it(`${role}: 403 second_factor_required on every route of the role before enrolment, 200 after`, async () => {
      const user = await make(t);
      const { cookie, user: signedIn } = await signIn(role, user.email);
      expect(signedIn.secondFactor).toBe('enrol');
      const session = await t.request('GET', '/api/auth/session', { cookie });
      expect(session.json<{ user: { secondFactor?: string } }>().user.secondFactor).toBe('enrol');

      // Every operation declared for the role, from the API document: refused, except the second factor's own.
      const doc = (await t.request('GET', '/api/openapi.json')).json<{ paths: Record<string, Record<string, { 'x-roles'?: string[] }>> }>();
      let refused = 0;
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const roles = op['x-roles'] ?? [];
          if (roles.includes('public') || path.startsWith('/api/second-factor') || path === '/api/profile/language') continue;
          if (!roles.includes(role) && !roles.includes('signed-in')) continue;
          const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
          const res = await t.request(method.toUpperCase(), url, { cookie, body: method === 'get' ? undefined : {} });
          expect(res.statusCode, `${method} ${path}`).toBe(403);
          expect(errorCode(res), `${method} ${path}`).toBe('second_factor_required');
          refused += 1;
        }
      }
      expect(refused).toBeGreaterThan(2);

      const { qrSvg, uri, recoveryCodes: codes } = await enrol(cookie);
      expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      expect(uri).toMatch(/^otpauth:\/\/totp\/Rihaai:/);
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const data = await t.request('GET', dataRoute, { cookie });
      expect(data.statusCode, data.body).toBe(200);
      const after = await t.request('GET', '/api/auth/session', { cookie });
      expect(after.json<{ user: { secondFactor?: string } }>().user.secondFactor).toBeUndefined();
    });
  }

  it('stores the secret sealed and only hashes of the recovery codes', async () => {
    const jail = await createJailAuthority(t.db);
    const { cookie } = await signIn('Jail-Authority', jail.email);
    const { secret, recoveryCodes: codes } = await enrol(cookie);
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.userId, jail.id));
    expect(row!.secretSealed).not.toContain(secret);
    expect(openSecret(t.env.SECOND_FACTOR_KEY, jail.id, row!.secretSealed)).toBe(secret);
    // Bound to its account and its key: moved to another account's row, or under another key, it does not open.
    expect(() => openSecret(t.env.SECOND_FACTOR_KEY, '00000000-0000-4000-8000-000000000000', row!.secretSealed)).toThrow();
    expect(() => openSecret('another-key-of-at-least-thirty-two-characters', jail.id, row!.secretSealed)).toThrow();
    const stored = await t.db.select({ codeHash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, jail.id));
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((s) => s.codeHash).join()).not.toContain(c.replace('-', ''));
  });

  it('a signed-in official with a second factor is asked for a code; a wrong one is refused, a right one passes once', async () => {
    const jail = await createJailAuthority(t.db);
    const first = await signIn('Jail-Authority', jail.email);
    const { secret } = await enrol(first.cookie);

    const { cookie, user } = await signIn('Jail-Authority', jail.email);
    expect(user.secondFactor).toBe('verify');
    expect((await t.request('GET', '/api/jail/members', { cookie })).statusCode).toBe(403);
    // Enrolling again with only the password is refused: it would replace the owner's secret.
    const again = await t.request('POST', '/api/second-factor/enrolment', { cookie });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('second_factor_enrolled');

    const rightStep = stepAt(Date.now()) + 1;
    const right = codeAt(secret, 1);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const bad = await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toBe('second_factor_code_invalid');
    expect((await t.request('GET', '/api/jail/members', { cookie })).statusCode).toBe(403);

    const good = await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: right } });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<{ secondFactor?: string }>().secondFactor).toBeUndefined();
    expect((await t.request('GET', '/api/jail/members', { cookie })).statusCode).toBe(200);

    // The same code in another session (a code seen over a shoulder) is refused, and so is an older one.
    const other = await signIn('Jail-Authority', jail.email);
    const replay = await t.request('POST', '/api/second-factor/verify', { cookie: other.cookie, body: { code: right } });
    expect(replay.statusCode).toBe(400);
    expect(errorCode(replay)).toBe('second_factor_code_used');
    const older = await t.request('POST', '/api/second-factor/verify', { cookie: other.cookie, body: { code: codeAt(secret, -1) } });
    expect(errorCode(older)).toBe('second_factor_code_used');
    expect((await t.request('GET', '/api/jail/members', { cookie: other.cookie })).statusCode).toBe(403);
    const [row] = await t.db.select({ lastStep: secondFactors.lastStep }).from(secondFactors).where(eq(secondFactors.userId, jail.id));
    expect(row!.lastStep).toBe(rightStep);
  });

  it('a recovery code passes the second step once', async () => {
    const lawyer = (await createLawyer(t.db)).user;
    const first = await signIn('Lawyer', lawyer.email);
    const { recoveryCodes: codes } = await enrol(first.cookie);
    const code = codes[3]!;

    const a = await signIn('Lawyer', lawyer.email);
    // Typed as people type it: upper case, spaces instead of the dash.
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const ok = await t.request('POST', '/api/second-factor/verify', { cookie: a.cookie, body: { code: typed } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.request('GET', '/api/lawyers/clients', { cookie: a.cookie })).statusCode).toBe(200);
    const status = await t.request('GET', '/api/second-factor', { cookie: a.cookie });
    expect(status.json()).toEqual({ required: true, enrolled: true, recoveryCodesLeft: 9 });

    const b = await signIn('Lawyer', lawyer.email);
    const twice = await t.request('POST', '/api/second-factor/verify', { cookie: b.cookie, body: { code } });
    expect(twice.statusCode).toBe(400);
    expect(errorCode(twice)).toBe('second_factor_code_used');
    const made = await t.request('POST', '/api/second-factor/verify', { cookie: b.cookie, body: { code: 'aaaaa-bbbbb' } });
    expect(errorCode(made)).toBe('second_factor_code_invalid');
    expect((await t.request('GET', '/api/lawyers/clients', { cookie: b.cookie })).statusCode).toBe(403);
  });

  it('enrolment needs a right code of the new secret', async () => {
    const jail = await createJailAuthority(t.db);
    const { cookie } = await signIn('Jail-Authority', jail.email);
    const start = await t.request('POST', '/api/second-factor/enrolment', { cookie });
    const { secret } = start.json<{ secret: string }>();
    const right = codeAt(secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const bad = await t.request('POST', '/api/second-factor/enrolment/confirm', { cookie, body: { code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toBe('second_factor_code_invalid');
    const empty = await t.request('POST', '/api/second-factor/enrolment/confirm', { cookie, body: { code: ' ' } });
    expect(empty.statusCode).toBe(400);
    const [row] = await t.db.select({ enabledAt: secondFactors.enabledAt }).from(secondFactors).where(eq(secondFactors.userId, jail.id));
    expect(row!.enabledAt).toBeNull();
    expect((await t.request('GET', '/api/jail/members', { cookie })).statusCode).toBe(403);
    // Confirming a second time (another tab) does not hand out new recovery codes.
    expect((await t.request('POST', '/api/second-factor/enrolment/confirm', { cookie, body: { code: right } })).statusCode).toBe(200);
    const twice = await t.request('POST', '/api/second-factor/enrolment/confirm', { cookie, body: { code: codeAt(secret, 1) } });
    expect(twice.statusCode).toBe(409);
  });
});

describe('the sign-in limits apply to codes', () => {
  it('refuses codes with 429 past the per-account budget, a right code then too', async () => {
    const jail = await createJailAuthority(t.db);
    const first = await signIn('Jail-Authority', jail.email);
    const { secret } = await enrol(first.cookie);
    const { cookie } = await signIn('Jail-Authority', jail.email);
    const right = codeAt(secret, 1);
    const wrong = String((Number(right) + 3) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: wrong } });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const limited = await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: right } });
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.request('GET', '/api/jail/members', { cookie })).statusCode).toBe(403);
  });

  it('a right code gives its hit back, so the owner is not locked out by their own sign-ins', async () => {
    const lawyer = (await createLawyer(t.db)).user;
    const first = await signIn('Lawyer', lawyer.email);
    const { secret } = await enrol(first.cookie);
    const { cookie } = await signIn('Lawyer', lawyer.email);
    for (let i = 0; i < 4; i++) {
      const wrong = String((Number(codeAt(secret, 1)) + 7 + i) % 1_000_000).padStart(6, '0');
      expect((await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: wrong } })).statusCode).toBe(400);
    }
    const ok = await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: codeAt(secret, 1) } });
    expect(ok.statusCode, ok.body).toBe(200);
    // Four failures and a success: one attempt left in the budget of five.
    const next = await signIn('Lawyer', lawyer.email);
    const wrong = String((Number(codeAt(secret, 0)) + 11) % 1_000_000).padStart(6, '0');
    expect((await t.request('POST', '/api/second-factor/verify', { cookie: next.cookie, body: { code: wrong } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/second-factor/verify', { cookie: next.cookie, body: { code: wrong } })).statusCode).toBe(429);
  });
});

describe('family members', () => {
  let family: { id: string; email: string };
  beforeAll(async () => {
    family = (await createFamilyMember(t.db)).user;
  });

  it('are not asked for a second factor', async () => {
    const { cookie, user } = await signIn('Family-Member', family.email);
    expect(user.secondFactor).toBeUndefined();
    expect((await t.request('GET', '/api/family/registration', { cookie })).statusCode).toBe(200);
    const status = await t.request('GET', '/api/second-factor', { cookie });
    expect(status.json()).toEqual({ required: false, enrolled: false, recoveryCodesLeft: 0 });
  });

  it('may add one from their profile, and are then asked for it at sign-in', async () => {
    const { cookie } = await signIn('Family-Member', family.email);
    const { secret } = await enrol(cookie);
    expect((await t.request('GET', '/api/family/registration', { cookie })).statusCode).toBe(200);

    const again = await signIn('Family-Member', family.email);
    expect(again.user.secondFactor).toBe('verify');
    const blocked = await t.request('GET', '/api/family/registration', { cookie: again.cookie });
    expect(blocked.statusCode).toBe(403);
    expect(errorCode(blocked)).toBe('second_factor_required');
    const ok = await t.request('POST', '/api/second-factor/verify', { cookie: again.cookie, body: { code: codeAt(secret, 1) } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.request('GET', '/api/family/registration', { cookie: again.cookie })).statusCode).toBe(200);
  });
});

describe('test sessions go through the same gate', () => {
  it('sessionCookie enrols an official and passes the step; without it the gate refuses', async () => {
    const jail = await createJailAuthority(t.db);
    const before = await sessionCookie(t.db, jail.id, { secondFactor: false });
    expect((await t.request('GET', '/api/jail/members', { cookie: before })).statusCode).toBe(403);
    const passed = await sessionCookie(t.db, jail.id);
    expect((await t.request('GET', '/api/jail/members', { cookie: passed })).statusCode).toBe(200);
    // The account is enrolled now: a session without the step is asked for a code.
    const later = await sessionCookie(t.db, jail.id, { secondFactor: false });
    const session = await t.request('GET', '/api/auth/session', { cookie: later });
    expect(session.json<{ user: { secondFactor?: string } }>().user.secondFactor).toBe('verify');
  });
});
