import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, passwordResets, sessions, users } from '#server/db/schema.ts';
import { buildApp } from '#server/app.ts';
import { INVALID_CREDENTIALS } from '#server/features/accounts/accounts.routes.ts';
import { RESEND_CONFIRMATION_REPLY, SIGN_UP_REPLY } from '#shared/accounts.ts';
import {
  confirmTokenFor,
  cookieOf,
  createTestApp,
  passSecondFactor,
  recordingMailer,
  signUpConfirmed,
  useTestApp,
  type TestApp,
} from '#tests/test-app.ts';
import { createLawyer, TEST_PASSWORD, uniqueEmail } from '#tests/factories.ts';

const t = useTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10' });

/** A sign-in from a given address (inject's remoteAddress; no proxy is trusted in tests). */
function signInFrom(app: TestApp['app'], ip: string, body: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: ip,
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const mailTo = (db: TestApp['db'], to: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt);

describe('sign-up', () => {
  it('creates an account that is not open yet, signs no one in, and emails the link that opens it', async () => {
    const email = uniqueEmail('newfamily');
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: 'Asha', email, password: 'longenough1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SIGN_UP_REPLY });
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Asha', role: 'Family-Member', confirmedAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toEqual([]);
    const mails = await mailTo(t.db, email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your email to open your Rihaai account']);
    expect(mails[0]!.text).toContain('Dear Asha,');
    expect(mails[0]!.text).toMatch(/http:\/\/[^/\s]+\/confirm-email\?token=[\w-]{40,}/);
    expect(mails[0]!.text).toContain('expires in 24 hours');
    // The token is stored hashed: the emailed value is nowhere in the database.
    const token = await confirmTokenFor(t.db, email);
    const links = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, row!.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: 'confirm', usedAt: null });
    expect(links[0]!.id).not.toContain(token);
    expect(links[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
  });

  it('the emailed link opens the account and starts its session with a safe cookie', async () => {
    const email = uniqueEmail('opens');
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'Vik', email, password: 'longenough1' } });
    const res = await t.request('POST', '/api/auth/confirm', {
      body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Vik', email, role: 'Lawyer' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const session = await t.request('GET', '/api/auth/session', { cookie: cookieOf(res) });
    expect(session.json()).toMatchObject({ user: { email, role: 'Lawyer' } });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    const signIn = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email, password: 'longenough1' } });
    expect(signIn.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const s = await createTestApp({ PUBLIC_URL: 'https://rihaai.example' });
    try {
      const email = uniqueEmail('sec');
      await s.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'L', email, password: 'longenough1' } });
      const token = await confirmTokenFor(s.db, email);
      expect((await mailTo(s.db, email))[0]!.text).toContain(`https://rihaai.example/confirm-email?token=${token}`);
      const res = await s.request('POST', '/api/auth/confirm', { body: { token, password: 'longenough1' } });
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

  it('refuses an address that starts with a digit, with the SPEC message', async () => {
    for (const email of ['1abc@gmail.com', '.abc@gmail.com']) {
      const res = await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'L', email, password: 'longenough1' } });
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toMatchObject({
        error: { code: 'invalid_email', message: 'Please use a valid @gmail.com email address.' },
      });
    }
  });

  it('takes a capitalised address (a phone capitalises the first letter) as its lower case', async () => {
    const email = uniqueEmail('geeta');
    const typed = email.charAt(0).toUpperCase() + email.slice(1);
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'Geeta', email: typed, password: 'longenough1' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.email).toBe(email);
  });

  it('refuses common and published passwords, in any case (decision 0033, probe defect 8)', async () => {
    for (const password of ['password', 'Password', '12345678', 'iloveyou', 'rihaai-demo-2024', 'RIHAAI-JAIL-2024']) {
      const res = await t.request('POST', '/api/auth/signup', {
        body: { role: 'Lawyer', name: 'L', email: uniqueEmail('common'), password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ error: { code: 'password_common', details: [{ path: 'password' }] } });
    }
    const ok = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'L', email: uniqueEmail('fine'), password: 'seven lemons sing' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a short password with the reason', async () => {
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'L', email: uniqueEmail(), password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('at least 8 characters');
  });

  it('an opened account: the same answer, nothing changes, no one is signed in, and the owner is told', async () => {
    const email = uniqueEmail('dup');
    const first = await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'A', email, password: 'longenough1' } });
    await t.request('POST', '/api/auth/confirm', { body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' } });
    const [before] = await t.db.select().from(users).where(eq(users.email, email));
    const again = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: 'B', email, password: 'longenough2' },
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['set-cookie']).toBeUndefined();
    // Even the owner's own password signs no one in here: sign-up is no way around the sign-in lock-out.
    const owner = await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'A', email, password: 'longenough1' } });
    expect(owner.json()).toEqual({ message: SIGN_UP_REPLY });
    expect(owner.headers['set-cookie']).toBeUndefined();
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([before]);
    // The newcomer's password does not open the account; the owner's still does.
    expect((await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email, password: 'longenough2' } })).statusCode).toBe(
      401,
    );
    expect((await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email, password: 'longenough1' } })).statusCode).toBe(
      200,
    );
    const mails = await mailTo(t.db, email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your email to open your Rihaai account',
      'Someone tried to sign up to Rihaai with your email',
      'Someone tried to sign up to Rihaai with your email',
    ]);
    expect(mails[1]!.text).toContain('Dear A,');
    expect(mails[1]!.text).toContain('/forgot-password');
    expect(mails[1]!.text).not.toContain('/confirm-email');
  });

  it('an account not opened yet: the same answer; the latest sign-up replaces the earlier, and each link opens only its own sign-up', async () => {
    const email = uniqueEmail('waiting');
    const first = await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'A', email, password: 'longenough1' } });
    const firstToken = await confirmTokenFor(t.db, email);
    const again = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: 'B', email, password: 'longenough2' },
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['set-cookie']).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'B', role: 'Family-Member', confirmedAt: null });
    const mails = await mailTo(t.db, email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your email to open your Rihaai account',
      'Confirm your email to open your Rihaai account',
    ]);
    expect(mails[1]!.text).toContain('Dear B,');
    const secondToken = await confirmTokenFor(t.db, email);
    expect(secondToken).not.toBe(firstToken);
    // The first link opens the first sign-up only for who chose its password.
    const wrong = await t.request('POST', '/api/auth/confirm', { body: { token: firstToken, password: 'longenough2' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'confirm_password_wrong', details: [{ path: 'password' }] } });
    const opened = await t.request('POST', '/api/auth/confirm', { body: { token: firstToken, password: 'longenough1' } });
    expect(opened.json()).toMatchObject({ name: 'A', role: 'Lawyer' });
    expect((await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email, password: 'longenough1' } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.request('POST', '/api/auth/signin', { body: { role: 'Family-Member', email, password: 'longenough2' } })).statusCode,
    ).toBe(401);
    // Once open, the other sign-up's link is dead.
    const late = await t.request('POST', '/api/auth/confirm', { body: { token: secondToken, password: 'longenough2' } });
    expect(late.json()).toMatchObject({ error: { code: 'confirm_link_invalid' } });
  });

  it('the probe: a squatter’s earlier sign-up never decides the account its owner opens (decision 0033, probe defect 2)', async () => {
    const email = uniqueEmail('victim');
    // The attacker signs up the victim's address first, as a Lawyer called Squatter.
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'Squatter', email, password: 'attacker-pass-1' } });
    // The victim signs up later and opens the newest email's link with their own password.
    await t.request('POST', '/api/auth/signup', { body: { role: 'Family-Member', name: 'Geeta', email, password: 'victim-pass-12' } });
    const opened = await t.request('POST', '/api/auth/confirm', {
      body: { token: await confirmTokenFor(t.db, email), password: 'victim-pass-12' },
    });
    expect(opened.json()).toMatchObject({ name: 'Geeta', role: 'Family-Member' });
    for (const role of ['Lawyer', 'Family-Member']) {
      const res = await t.request('POST', '/api/auth/signin', { body: { role, email, password: 'attacker-pass-1' } });
      expect(res.statusCode, role).toBe(401);
    }
    // Variant: the attacker signs up again after the victim; the victim opens a resent link.
    const email2 = uniqueEmail('victim');
    await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: 'Geeta', email: email2, password: 'victim-pass-12' },
    });
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'Squatter', email: email2, password: 'attacker-pass-1' } });
    await t.request('POST', '/api/auth/confirm/resend', { body: { email: email2 } });
    const resent = await confirmTokenFor(t.db, email2);
    // The resent link opens the latest sign-up's choices, and only with its password: the victim's fails.
    const refused = await t.request('POST', '/api/auth/confirm', { body: { token: resent, password: 'victim-pass-12' } });
    expect(refused.json()).toMatchObject({ error: { code: 'confirm_password_wrong' } });
    expect((await t.db.select().from(users).where(eq(users.email, email2)))[0]!.confirmedAt).toBeNull();
  });

  it('one account per Gmail inbox: dots and a +suffix find the same account', async () => {
    const email = uniqueEmail('ab');
    await signUpConfirmed(t, { role: 'Family-Member', name: 'Asha', email, password: 'longenough1' });
    const [name = '', domain] = email.split('@');
    const variant = `${name[0]}.${name.slice(1)}+x@${domain}`;
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Lawyer', name: 'Other', email: variant, password: 'longenough2' },
    });
    expect(res.statusCode).toBe(201);
    expect(await t.db.select().from(users).where(eq(users.email, variant))).toEqual([]);
    // The owner is told at their own address; signing in by the variant reaches the same account.
    expect((await mailTo(t.db, email)).at(-1)!.subject).toBe('Someone tried to sign up to Rihaai with your email');
    const signIn = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Family-Member', email: variant, password: 'longenough1' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ email });
  });

  it('runs as many statements for a taken address (opened or not) as for a new one', async () => {
    const email = uniqueEmail('samework');
    const body = { role: 'Lawyer', name: 'Same', email, password: 'longenough1' };
    const fresh = await t.countQueries(() => t.request('POST', '/api/auth/signup', { body }));
    const waiting = await t.countQueries(() => t.request('POST', '/api/auth/signup', { body }));
    await t.request('POST', '/api/auth/confirm', { body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' } });
    const opened = await t.countQueries(() => t.request('POST', '/api/auth/signup', { body }));
    // What each did: a new account, a fresh link, a notice.
    expect((await mailTo(t.db, email)).map((m) => m.subject)).toEqual([
      'Confirm your email to open your Rihaai account',
      'Confirm your email to open your Rihaai account',
      'Someone tried to sign up to Rihaai with your email',
    ]);
    for (const r of [fresh, waiting, opened]) expect(r.result.json()).toEqual({ message: SIGN_UP_REPLY });
    expect(fresh.count).toBeGreaterThan(4);
    expect(waiting.count).toBe(fresh.count);
    expect(opened.count).toBe(fresh.count);
  });

  it("writes the link in the language chosen at sign-up, and the notice in the owner's saved language", async () => {
    const email = uniqueEmail('hindi');
    const body = { role: 'Family-Member', name: 'Sita', email, password: 'longenough1', language: 'hi' };
    expect((await t.request('POST', '/api/auth/signup', { body })).statusCode).toBe(201);
    const [link] = await mailTo(t.db, email);
    expect(link!.subject).toBe('अपना रिहाई खाता खोलने के लिए अपने ईमेल की पुष्टि करें');
    expect(link!.text).toContain('प्रिय Sita,');
    expect(link!.text).toContain('/confirm-email?token=');
    // The language chosen at sign-up is the account's: the opened account comes back in Hindi.
    const opened = await t.request('POST', '/api/auth/confirm', {
      body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' },
    });
    expect(opened.json()).toMatchObject({ language: 'hi' });
    // The owner saved German; a sign-up in French with their address still writes to them in German.
    await t.db.update(users).set({ language: 'de' }).where(eq(users.email, email));
    expect((await t.request('POST', '/api/auth/signup', { body: { ...body, name: 'X', language: 'fr' } })).statusCode).toBe(201);
    const notice = (await mailTo(t.db, email))[1]!;
    expect(notice.subject).toBe('Jemand hat versucht, sich mit Ihrer E-Mail-Adresse bei Rihaai zu registrieren');
    expect(notice.text).toContain('Guten Tag Sita,');
    expect(notice.text).toContain('/forgot-password');
  });

  it('refuses a sign-up language it has no texts for (400)', async () => {
    const body = { role: 'Family-Member', name: 'Z', email: uniqueEmail('xx'), password: 'longenough1', language: 'xx' };
    expect((await t.request('POST', '/api/auth/signup', { body })).statusCode).toBe(400);
  });

  it('needs the registration code for Jail-Authority, and opens that account by its link too', async () => {
    const email = uniqueEmail('jail');
    const body = { role: 'Jail-Authority', name: 'J', email, password: 'longenough1' };
    const wrong = await t.request('POST', '/api/auth/signup', { body: { ...body, registrationCode: 'nope' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: { code: 'bad_registration_code' } });
    const none = await t.request('POST', '/api/auth/signup', { body });
    expect(none.statusCode).toBe(403);
    expect(await mailTo(t.db, email)).toEqual([]);
    const ok = await t.request('POST', '/api/auth/signup', { body: { ...body, registrationCode: t.env.JAIL_AUTHORITY_CODE } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ message: SIGN_UP_REPLY });
    expect(ok.headers['set-cookie']).toBeUndefined();
    const opened = await t.request('POST', '/api/auth/confirm', {
      body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' },
    });
    expect(opened.json()).toMatchObject({ role: 'Jail-Authority' });
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

describe('the confirmation link', () => {
  async function signUpWaiting(name = 'W') {
    const email = uniqueEmail('link');
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name, email, password: 'longenough1' } });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return { email, user: user!, token: await confirmTokenFor(t.db, email) };
  }
  const confirm = (token: unknown) => t.request('POST', '/api/auth/confirm', { body: { token, password: 'longenough1' } });
  const isOpen = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.confirmedAt !== null;

  it('works once: a used link is refused and starts no session', async () => {
    const { token, user } = await signUpWaiting();
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'confirm_link_invalid', details: [{ path: 'token' }] } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('two requests racing with one link: one session, one refusal', async () => {
    const { token, user } = await signUpWaiting();
    const statuses = (await Promise.all([confirm(token), confirm(token)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('an expired link is refused and leaves the account closed', async () => {
    const { token, user } = await signUpWaiting();
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'confirm_link_invalid' } });
    expect(await isOpen(user.id)).toBe(false);
  });

  it('a made-up, empty or over-long token is refused and changes nothing', async () => {
    const { user } = await signUpWaiting();
    const madeUp = await confirm('x'.repeat(43));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ error: { code: 'confirm_link_invalid' } });
    for (const bad of ['', 'x'.repeat(201), 42]) expect((await confirm(bad)).statusCode, String(bad)).toBe(400);
    expect((await t.request('POST', '/api/auth/confirm', { body: {} })).statusCode).toBe(400);
    expect(await isOpen(user.id)).toBe(false);
  });

  it('a password-reset link opens no account, and a confirmation link sets no password', async () => {
    const { email, token, user } = await signUpWaiting();
    await t.request('POST', '/api/passwords/forgot', { body: { email } });
    const resetToken = /\/reset-password\?token=([\w-]+)/.exec((await mailTo(t.db, email)).at(-1)!.text)![1]!;
    expect((await confirm(resetToken)).statusCode).toBe(400);
    expect(await isOpen(user.id)).toBe(false);
    const reset = await t.request('POST', '/api/passwords/reset', { body: { token, password: 'another-password' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ error: { code: 'reset_link_invalid' } });
    // The confirmation link still works for what it is for.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('setting a new password by the emailed reset link opens the account (it proves the mailbox)', async () => {
    const { email, user } = await signUpWaiting();
    await t.request('POST', '/api/passwords/forgot', { body: { email } });
    const resetToken = /\/reset-password\?token=([\w-]+)/.exec((await mailTo(t.db, email)).at(-1)!.text)![1]!;
    expect((await t.request('POST', '/api/passwords/reset', { body: { token: resetToken, password: 'brand-new-pass' } })).statusCode).toBe(
      200,
    );
    expect(await isOpen(user.id)).toBe(true);
    expect((await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email, password: 'brand-new-pass' } })).statusCode).toBe(
      200,
    );
  });

  it('a new link on request: the same answer for any address, sent only to an account waiting to be opened', async () => {
    const waiting = await signUpWaiting();
    const { user: opened } = await createLawyer(t.db);
    const stranger = uniqueEmail('nobody');
    const answers = [];
    for (const email of [waiting.email, opened.email, stranger]) {
      const res = await t.request('POST', '/api/auth/confirm/resend', { body: { email } });
      expect(res.headers['set-cookie']).toBeUndefined();
      answers.push({ status: res.statusCode, body: res.json<unknown>() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { message: RESEND_CONFIRMATION_REPLY } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await mailTo(t.db, waiting.email)).map((m) => m.subject)).toEqual([
      'Confirm your email to open your Rihaai account',
      'Confirm your email to open your Rihaai account',
    ]);
    expect(await mailTo(t.db, opened.email)).toEqual([]);
    expect(await mailTo(t.db, stranger)).toEqual([]);
    const fresh = await confirmTokenFor(t.db, waiting.email);
    expect(fresh).not.toBe(waiting.token);
    expect((await confirm(fresh)).statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/confirm/resend', { body: { email: 'not an address' } })).statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/confirm/resend', { body: {} })).statusCode).toBe(400);
  });

  it('asking for new links runs the same statements for any address', async () => {
    const waiting = await signUpWaiting();
    const { user: opened } = await createLawyer(t.db);
    const counts = [];
    for (const email of [waiting.email, opened.email, uniqueEmail('nobody')]) {
      counts.push((await t.countQueries(() => t.request('POST', '/api/auth/confirm/resend', { body: { email } }))).count);
    }
    expect(new Set(counts).size).toBe(1);
  });
});

describe('sign-in before the account is opened', () => {
  it('answers as a wrong password does to a stranger, and the right password re-sends the link', async () => {
    const email = uniqueEmail('early');
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'E', email, password: 'longenough1' } });
    const right = await signInFrom(t.app, '198.51.100.60', { role: 'Lawyer', email, password: 'longenough1' });
    const wrong = await signInFrom(t.app, '198.51.100.61', { role: 'Lawyer', email, password: 'not-the-one' });
    const stranger = await signInFrom(t.app, '198.51.100.62', { role: 'Lawyer', email: uniqueEmail('ghost'), password: 'longenough1' });
    for (const res of [right, wrong]) {
      expect(res.statusCode).toBe(stranger.statusCode);
      expect(res.json()).toEqual(stranger.json());
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(right.json()).toEqual({ error: { code: 'invalid_credentials', message: INVALID_CREDENTIALS } });
    expect(INVALID_CREDENTIALS).toContain('If you have just signed up, open the link we emailed you first');
    // Only the right password sent a new link (to the address, so only its owner learns anything).
    const mails = await mailTo(t.db, email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your email to open your Rihaai account',
      'Confirm your email to open your Rihaai account',
    ]);
    expect(
      (await t.request('POST', '/api/auth/confirm', { body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' } }))
        .statusCode,
    ).toBe(200);
    expect((await signInFrom(t.app, '198.51.100.60', { role: 'Lawyer', email, password: 'longenough1' })).statusCode).toBe(200);
  });

  it('the wrong role with the right password tells nothing either (no role mismatch before the account is opened)', async () => {
    const email = uniqueEmail('earlyrole');
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'E', email, password: 'longenough1' } });
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Family-Member', email, password: 'longenough1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
  });

  it('runs the same statements as a wrong password and as an unknown address', async () => {
    const email = uniqueEmail('earlycount');
    await t.request('POST', '/api/auth/signup', { body: { role: 'Lawyer', name: 'E', email, password: 'longenough1' } });
    const { user } = await createLawyer(t.db);
    const count = async (ip: string, body: Record<string, string>) => (await t.countQueries(() => signInFrom(t.app, ip, body))).count;
    const right = await count('198.51.100.70', { role: 'Lawyer', email, password: 'longenough1' });
    const wrongOnWaiting = await count('198.51.100.71', { role: 'Lawyer', email, password: 'not-the-one' });
    const wrongOnOpened = await count('198.51.100.72', { role: 'Lawyer', email: user.email, password: 'not-the-one' });
    const stranger = await count('198.51.100.73', { role: 'Lawyer', email: uniqueEmail('ghost'), password: 'longenough1' });
    expect([wrongOnWaiting, wrongOnOpened, stranger]).toEqual([right, right, right]);
  });
});

describe('sign-up rate limit', () => {
  // Boots a second app: generous on a loaded machine.
  it('answers 429 past the per-IP limit', { timeout: 180_000 }, async () => {
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
      const limited = await s.request('POST', '/api/auth/signup', {
        body: { role: 'Lawyer', name: 'L', email: uniqueEmail('rl'), password: 'longenough1' },
      });
      expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Opening links has twice the sign-up budget.
      const confirms: number[] = [];
      for (let i = 0; i < 5; i++)
        confirms.push(
          (await s.request('POST', '/api/auth/confirm', { body: { token: `made-up-${i}`, password: 'longenough1' } })).statusCode,
        );
      expect(confirms).toEqual([400, 400, 400, 400, 429]);
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

  it('takes a capitalised address as its lower case', async () => {
    const { user } = await createLawyer(t.db);
    const typed = user.email.charAt(0).toUpperCase() + user.email.slice(1);
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: typed, password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
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

describe('sign-in lock-out', () => {
  it('ten wrong passwords from one address lock that address out, not the owner elsewhere', async () => {
    const { user } = await createLawyer(t.db);
    const wrong = { role: 'Lawyer', email: user.email, password: 'wrong-password' };
    for (let i = 0; i < 10; i++) expect((await signInFrom(t.app, '203.0.113.9', wrong)).statusCode).toBe(401);
    expect((await signInFrom(t.app, '203.0.113.9', wrong)).statusCode).toBe(429);
    expect((await signInFrom(t.app, '203.0.113.9', { ...wrong, password: TEST_PASSWORD })).statusCode).toBe(429);
    const owner = await signInFrom(t.app, '198.51.100.20', { ...wrong, password: TEST_PASSWORD });
    expect(owner.statusCode).toBe(200);
  });

  it('only failures count: an owner who signs in often still has all ten attempts', async () => {
    const { user } = await createLawyer(t.db);
    const right = { role: 'Lawyer', email: user.email, password: TEST_PASSWORD };
    for (let i = 0; i < 12; i++) expect((await signInFrom(t.app, '198.51.100.30', right)).statusCode, `sign-in ${i}`).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signInFrom(t.app, '198.51.100.30', { ...right, password: 'mistyped' })).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('past the per-account ceiling: a new address gets a small budget, an address the owner used keeps working', async () => {
    const s = await createTestApp({
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '3',
      RATE_LIMIT_SIGNIN_ACCOUNT_CEILING: '6',
      RATE_LIMIT_SIGNIN_NEW_ADDRESS: '2',
    });
    try {
      const { user } = await createLawyer(s.db);
      const right = { role: 'Lawyer', email: user.email, password: TEST_PASSWORD };
      const wrong = { ...right, password: 'wrong-password' };
      expect((await signInFrom(s.app, '192.0.2.1', right)).statusCode).toBe(200); // the owner's usual address
      // A spread-out attack: 3 wrong passwords from each of 2 addresses reaches the ceiling of 6.
      for (const ip of ['10.0.0.1', '10.0.0.2'])
        for (let i = 0; i < 3; i++) expect((await signInFrom(s.app, ip, wrong)).statusCode).toBe(401);
      // Past it, a fresh attacking address gets 2 attempts, not 3.
      expect((await signInFrom(s.app, '10.0.0.3', wrong)).statusCode).toBe(401);
      expect((await signInFrom(s.app, '10.0.0.3', wrong)).statusCode).toBe(401);
      expect((await signInFrom(s.app, '10.0.0.3', wrong)).statusCode).toBe(429);
      // The owner from their usual address is not affected; from a new address they get in on the slow budget.
      expect((await signInFrom(s.app, '192.0.2.1', right)).statusCode).toBe(200);
      expect((await signInFrom(s.app, '192.0.2.77', right)).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('counts are kept in the database: two app instances on one database share the limit exactly', async () => {
    const other = await buildApp({ db: t.db, env: t.env, mailer: recordingMailer(), papers: t.papers });
    await other.ready();
    try {
      const { user } = await createLawyer(t.db);
      const wrong = { role: 'Lawyer', email: user.email, password: 'wrong-password' };
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => signInFrom(i % 2 ? other : t.app, '203.0.113.50', wrong).then((r) => r.statusCode)),
      );
      expect(results.filter((c) => c === 401)).toHaveLength(t.env.RATE_LIMIT_SIGNIN_PER_ACCOUNT);
      expect(results.filter((c) => c === 429)).toHaveLength(24 - t.env.RATE_LIMIT_SIGNIN_PER_ACCOUNT);
    } finally {
      await other.close();
    }
  });
});

describe('sign-out and sessions', () => {
  it('deletes the session server-side: the old cookie no longer works', async () => {
    const { user } = await createLawyer(t.db);
    const res = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    const cookie = cookieOf(res);
    await passSecondFactor(t, cookie);
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
    await passSecondFactor(t, cookie);
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
