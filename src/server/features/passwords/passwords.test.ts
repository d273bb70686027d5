import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FORGOT_PASSWORD_REPLY } from '#shared/passwords.ts';
import { emailOutbox, passwordResets, sessions, users } from '#server/db/schema.ts';
import { deliverDueEmails } from '#server/lib/outbox.ts';
import { sha256Hex } from '#server/lib/tokens.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, sessionCookie, TEST_PASSWORD, uniqueEmail } from '#tests/factories.ts';

const quiet = { warn() {}, error() {} };
const t = useTestApp({ PUBLIC_URL: 'https://rihaai.example' });

/** Asks for a link and returns the token from the email that arrives. */
async function requestLink(email: string) {
  const res = await t.request('POST', '/api/passwords/forgot', { body: { email } });
  expect(res.statusCode).toBe(200);
  t.mailer.sent.length = 0;
  await deliverDueEmails(t.db, t.mailer, quiet);
  const mail = t.mailer.sent.find((m) => m.to === email.toLowerCase());
  const link = mail?.text.match(/https:\/\/rihaai\.example\/reset-password\?token=([A-Za-z0-9_-]+)/);
  expect(link, mail?.text).toBeTruthy();
  return { token: link![1]!, mail: mail! };
}

describe('POST /api/passwords/forgot', () => {
  it('answers the same for an unknown email and queues nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await t.request('POST', '/api/passwords/forgot', { body: { email: ghost } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_REPLY });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, ghost))).toHaveLength(0);

    const { user } = await createLawyer(t.db);
    const known = await t.request('POST', '/api/passwords/forgot', { body: { email: user.email } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(res.json());
    expect(known.headers['set-cookie']).toBeUndefined();
    // Not even a malformed address gets a different answer.
    const odd = await t.request('POST', '/api/passwords/forgot', { body: { email: 'Not An Email' } });
    expect(odd.json()).toEqual(res.json());
  });

  it('does the same work for an unknown email as for an account (same statements, same count)', async () => {
    const { user } = await createLawyer(t.db);
    const ask = (email: string) => t.countQueries(() => t.request('POST', '/api/passwords/forgot', { body: { email } }));
    const shape = (statements: string[]) => statements.map((q) => q.replace(/\$\d+/g, '?'));
    const known = await ask(user.email);
    const unknown = await ask(uniqueEmail('nobody'));
    expect(known.result.statusCode).toBe(200);
    expect(unknown.result.body).toBe(known.result.body);
    expect(unknown.count).toBe(known.count);
    expect(shape(unknown.statements)).toEqual(shape(known.statements));
    // …and still only the account's owner gets a link.
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(1);
  });

  it('emails a single-use link that expires in 30 minutes, storing only the token’s hash', async () => {
    const { user } = await createFamilyMember(t.db);
    const before = Date.now();
    const { token, mail } = await requestLink(user.email.toUpperCase());
    expect(mail.subject).toBe('Reset your Rihaai password');
    expect(mail.text).toMatch(/expires in 30 minutes/);
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sha256Hex(token));
    expect(rows[0]!.id).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5000);
  });

  it('emails the link in the account’s saved language, any language of the list; English for a code not in it', async () => {
    const subjects: Record<string, string> = {};
    const languages = ['ur', 'bn', 'mr', 'xx', null];
    for (const [i, language] of languages.entries()) {
      const { user } = await createLawyer(t.db);
      await t.db.update(users).set({ language }).where(eq(users.id, user.id));
      // Each from its own address: the forgot-password limit counts per asker.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passwords/forgot',
        remoteAddress: `10.42.0.${i + 1}`,
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        payload: JSON.stringify({ email: user.email }),
      });
      expect(res.statusCode).toBe(200);
      t.mailer.sent.length = 0;
      await deliverDueEmails(t.db, t.mailer, quiet);
      subjects[String(language)] = t.mailer.sent.find((m) => m.to === user.email)?.subject ?? '(no email)';
    }
    expect(subjects).toEqual({
      ur: 'اپنا Rihaai پاس ورڈ ری سیٹ کریں',
      bn: 'আপনার Rihaai পাসওয়ার্ড রিসেট করুন',
      mr: 'तुमचा Rihaai पासवर्ड रीसेट करा',
      xx: 'Reset your Rihaai password',
      null: 'Reset your Rihaai password',
    });
  });

  it('requires an email and refuses unknown fields', async () => {
    expect((await t.request('POST', '/api/passwords/forgot', { body: { email: '' } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/passwords/forgot', { body: {} })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/passwords/forgot', { body: { email: 'a@gmail.com', role: 'Lawyer' } })).statusCode).toBe(400);
  });

  it('a stranger cannot spend the owner’s links: per asker 3, per address 10 from unknown IPs, the owner’s own IP keeps its budget (decision 0033, probe defect 8)', async () => {
    const { user } = await createLawyer(t.db);
    const forgotFrom = (ip: string, email = user.email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/passwords/forgot',
        remoteAddress: ip,
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
    // The owner signs in from 10.0.0.1 (a right sign-in marks the address as theirs).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: '10.0.0.1',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      payload: JSON.stringify({ role: 'Lawyer', email: user.email, password: TEST_PASSWORD }),
    });
    expect(signIn.statusCode).toBe(200);
    // A stranger asks from one IP: 3, then refused; the owner still gets theirs.
    const stranger = [];
    for (let i = 0; i < 4; i++) stranger.push((await forgotFrom('10.6.6.6')).statusCode);
    expect(stranger).toEqual([200, 200, 200, 429]);
    expect((await forgotFrom('10.0.0.1')).statusCode).toBe(200);
    // From many IPs the address reaches its ceiling (10 sent): unknown IPs are refused, the owner is not.
    for (const ip of ['10.6.6.7', '10.6.6.8']) for (let i = 0; i < 3; i++) await forgotFrom(ip);
    expect((await forgotFrom('10.6.6.9')).statusCode).toBe(429);
    expect((await forgotFrom('10.0.0.1')).statusCode).toBe(200);
    // Dots and a +suffix are the same mailbox, not a new budget.
    const [name = '', domain] = user.email.split('@');
    expect((await forgotFrom('10.6.6.6', `${name[0]}.${name.slice(1)}+x@${domain}`)).statusCode).toBe(429);
  });

  it('sends at most 3 links per address and asker in a window', async () => {
    const { user } = await createLawyer(t.db);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.request('POST', '/api/passwords/forgot', { body: { email: user.email } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(3);
  });
});

describe('POST /api/passwords/reset', () => {
  it('sets the new password once and ends every session of the user', async () => {
    const { user } = await createFamilyMember(t.db);
    const a = await sessionCookie(t.db, user.id);
    const b = await sessionCookie(t.db, user.id);
    const { token } = await requestLink(user.email);
    const res = await t.request('POST', '/api/passwords/reset', { cookie: a, body: { token, password: 'my-new-password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Your password has been changed/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    for (const cookie of [a, b]) expect((await t.request('GET', '/api/profile', { cookie })).statusCode).toBe(401);
    const signin = (password: string) =>
      t.request('POST', '/api/auth/signin', { body: { role: 'Family-Member', email: user.email, password } });
    expect((await signin(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signin('my-new-password')).statusCode).toBe(200);

    const again = await t.request('POST', '/api/passwords/reset', { body: { token, password: 'another-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'reset_link_invalid' });
    expect((await signin('another-password')).statusCode).toBe(401);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { user } = await createLawyer(t.db);
    const { token } = await requestLink(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, sha256Hex(token)));
    const res = await t.request('POST', '/api/passwords/reset', { body: { token, password: 'my-new-password' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('reset_link_invalid');
    const ok = await t.request('POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a made-up token, and a short password without spending the link', async () => {
    const fake = await t.request('POST', '/api/passwords/reset', { body: { token: 'made-up-token', password: 'my-new-password' } });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe('reset_link_invalid');
    const { user } = await createLawyer(t.db);
    const { token } = await requestLink(user.email);
    const short = await t.request('POST', '/api/passwords/reset', { body: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details[0]).toMatchObject({ path: 'password', message: 'Password must be at least 8 characters.' });
    expect((await t.request('POST', '/api/passwords/reset', { body: { token, password: 'long-enough-now' } })).statusCode).toBe(200);
  });

  it('one link used makes the user’s other outstanding links useless', async () => {
    const { user } = await createFamilyMember(t.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(
      (await t.request('POST', '/api/passwords/reset', { body: { token: second.token, password: 'second-password' } })).statusCode,
    ).toBe(200);
    expect((await t.request('POST', '/api/passwords/reset', { body: { token: first.token, password: 'first-password' } })).statusCode).toBe(
      400,
    );
  });

  it('only one of two simultaneous uses of a link succeeds', async () => {
    const { user } = await createLawyer(t.db);
    const { token } = await requestLink(user.email);
    const results = await Promise.all(
      ['password-one-1', 'password-two-2'].map((password) => t.request('POST', '/api/passwords/reset', { body: { token, password } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
