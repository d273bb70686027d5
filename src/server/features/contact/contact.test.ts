import { startSmtp } from '#tests/smtp.ts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '#shared/constants.ts';
import { CONTACT_SENT, CONTACT_SENT_NO_AUTO_REPLY } from '#shared/contact.ts';
import { contactMessages, emailOutbox } from '#server/db/schema.ts';
import { deliverDueEmails } from '#server/lib/outbox.ts';
import { createMailer, type Mailer, type OutgoingEmail } from '#server/lib/mailer.ts';
import { createTestApp, useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, sessionCookie, uniqueEmail } from '#tests/factories.ts';
import { AUTO_REPLIES_PER_ADDRESS_PER_DAY } from './contact.use-cases.ts';
import { CONTACT_LIMITS } from './contact.routes.ts';

const quiet = { warn() {}, error() {} };
const t = useTestApp({ CONTACT_TO: 'operator@rihaai.example' });

async function signedIn() {
  const { user } = await createFamilyMember(t.db);
  return { user, cookie: await sessionCookie(t.db, user.id) };
}

const outboxFor = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('POST /api/contact validation', () => {
  it('needs a signed-in user', async () => {
    const res = await t.request('POST', '/api/contact', { body: { name: 'A', email: 'a@gmail.com', message: 'Hi' } });
    expect(res.statusCode).toBe(401);
  });

  it('requires name, email and message, each with a clear reason, and stores nothing', async () => {
    const { cookie, user } = await signedIn();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'a@gmail.com', message: 'Hi' }, 'name', ''],
      [{ name: '  ', email: 'a@gmail.com', message: 'Hi' }, 'name', 'Name is required.'],
      [{ name: 'A', email: '', message: 'Hi' }, 'email', 'Email is required.'],
      [{ name: 'A', email: 'not-an-email', message: 'Hi' }, 'email', 'Please enter a valid email address.'],
      [{ name: 'A', email: 'a@gmail.com', message: '   ' }, 'message', 'Message is required.'],
      [{ name: 'A', email: 'a@gmail.com' }, 'message', ''],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.request('POST', '/api/contact', { cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const detail = res.json().error.details[0];
      expect(detail.path).toBe(path);
      if (message) expect(detail.message).toBe(message);
    }
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id))).toHaveLength(0);
  });

  it(`caps the message at ${LIMITS.contactMessageMax} characters and says so`, async () => {
    const { cookie } = await signedIn();
    const ok = await t.request('POST', '/api/contact', {
      cookie,
      body: { name: 'A', email: uniqueEmail('cap'), message: 'x'.repeat(LIMITS.contactMessageMax) },
    });
    expect(ok.statusCode).toBe(201);
    const res = await t.request('POST', '/api/contact', {
      cookie,
      body: { name: 'A', email: 'a@gmail.com', message: 'x'.repeat(LIMITS.contactMessageMax + 1) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ path: 'message', message: 'Message is too long: at most 5,000 characters.' });
  });

  it('refuses unknown fields (a caller cannot pick the recipient or the user id)', async () => {
    const { cookie } = await signedIn();
    for (const extra of [{ to: 'victim@gmail.com' }, { userId: '00000000-0000-4000-8000-000000000000' }]) {
      const res = await t.request('POST', '/api/contact', { cookie, body: { name: 'A', email: 'a@gmail.com', message: 'Hi', ...extra } });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('POST /api/contact delivery', () => {
  it('stores the message and queues both emails; both reach the right recipients', async () => {
    const { cookie, user } = await signedIn();
    const sender = uniqueEmail('sender');
    const res = await t.request('POST', '/api/contact', {
      cookie,
      body: { name: 'Asha Verma', email: sender, message: 'My brother has been waiting for a hearing for 8 months.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ autoReply: true, message: CONTACT_SENT });
    expect(res.json().message).toBe('Message sent successfully, and an auto-reply has been sent!');
    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(stored).toMatchObject({ userId: user.id, name: 'Asha Verma', email: sender });

    t.mailer.sent.length = 0;
    await deliverDueEmails(t.db, t.mailer, quiet);
    const toOperator = t.mailer.sent.find((m) => m.to === 'operator@rihaai.example' && m.text.includes(sender));
    const toSender = t.mailer.sent.find((m) => m.to === sender);
    expect(toOperator?.text).toContain('My brother has been waiting for a hearing for 8 months.');
    expect(toSender?.subject).toMatch(/received your message/);
    // The auto-reply does not echo the message: it must not carry someone else's text to a stranger.
    expect(toSender?.text).not.toContain('My brother');
  });

  it('works for every role', async () => {
    for (const user of [(await createLawyer(t.db)).user, await createJailAuthority(t.db)]) {
      const cookie = await sessionCookie(t.db, user.id);
      const res = await t.request('POST', '/api/contact', { cookie, body: { name: user.name, email: user.email, message: 'Hello' } });
      expect(res.statusCode).toBe(201);
    }
  });

  it(`sends at most ${AUTO_REPLIES_PER_ADDRESS_PER_DAY} auto-replies a day to one address, and says so`, async () => {
    const sender = uniqueEmail('many');
    const results = [];
    for (let i = 0; i <= AUTO_REPLIES_PER_ADDRESS_PER_DAY; i++) {
      const { cookie } = await signedIn();
      const res = await t.request('POST', '/api/contact', { cookie, body: { name: 'M', email: sender, message: `Message ${i}` } });
      expect(res.statusCode).toBe(201);
      results.push(res.json());
    }
    expect(results.slice(0, -1).every((r) => r.autoReply)).toBe(true);
    expect(results.at(-1)).toMatchObject({ autoReply: false, message: CONTACT_SENT_NO_AUTO_REPLY });
    expect(results.at(-1).message).toBe('Message sent, but failed to send auto-reply.');
    expect(await outboxFor(sender)).toHaveLength(AUTO_REPLIES_PER_ADDRESS_PER_DAY);
    // The operator still gets every message.
    const last = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, results.at(-1).id));
    expect(last).toHaveLength(1);
  });

  it('keeps the emails while SMTP is down and delivers them when it comes back', async () => {
    const { cookie } = await signedIn();
    const sender = uniqueEmail('down');
    const res = await t.request('POST', '/api/contact', { cookie, body: { name: 'D', email: sender, message: 'While SMTP is down' } });
    expect(res.statusCode).toBe(201);
    let up = false;
    const sent: OutgoingEmail[] = [];
    const flaky: Mailer = {
      kind: 'smtp',
      async send(email) {
        if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        sent.push(email);
      },
      close() {},
    };
    expect(await deliverDueEmails(t.db, flaky, quiet)).toBe(0);
    const pending = await outboxFor(sender);
    expect(pending).toMatchObject([{ status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' }]);
    expect(pending[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Nothing is retried before its back-off; then time passes and SMTP is back.
    expect(await deliverDueEmails(t.db, flaky, quiet)).toBe(0);
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.status, 'pending'));
    up = true;
    await deliverDueEmails(t.db, flaky, quiet);
    expect(sent.map((m) => m.to)).toEqual(expect.arrayContaining(['operator@rihaai.example', sender]));
    expect(await outboxFor(sender)).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
  });

  it('delivers both emails over real SMTP to the right recipients', async () => {
    const smtp = await startSmtp();
    const { received, port } = smtp;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rihaai <no-reply@rihaai.local>', log: { info() {} } });
    try {
      // Deliver what earlier tests left first, so this test sees only its own two emails.
      await deliverDueEmails(t.db, t.mailer, quiet);
      const { cookie } = await signedIn();
      const sender = uniqueEmail('smtp');
      const res = await t.request('POST', '/api/contact', { cookie, body: { name: 'S', email: sender, message: 'Over SMTP' } });
      expect(res.statusCode).toBe(201);
      expect(await deliverDueEmails(t.db, mailer, quiet)).toBe(2);
      expect(received.map((m) => m.to).sort()).toEqual([[sender], ['operator@rihaai.example']].sort());
      expect(received.find((m) => m.to[0] === 'operator@rihaai.example')?.raw).toContain('Over SMTP');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});

describe('POST /api/contact rate limits', () => {
  it(`allows ${CONTACT_LIMITS.perUserPerHour} messages an hour per user and ${CONTACT_LIMITS.perIpPerHour} per address`, async () => {
    const s = await createTestApp();
    try {
      const send = (cookie: string) =>
        s.request('POST', '/api/contact', { cookie, body: { name: 'R', email: uniqueEmail('rate'), message: 'Hi' } });
      const statuses: number[] = [];
      const first = await sessionCookie(s.db, (await createFamilyMember(s.db)).user.id);
      for (let i = 0; i <= CONTACT_LIMITS.perUserPerHour; i++) statuses.push((await send(first)).statusCode);
      expect(statuses.slice(0, -1).every((c) => c === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Other users from the same address share the per-IP allowance.
      let sent = CONTACT_LIMITS.perUserPerHour;
      let last = 201;
      while (last === 201 && sent < CONTACT_LIMITS.perIpPerHour + 10) {
        const cookie = await sessionCookie(s.db, (await createFamilyMember(s.db)).user.id);
        for (let i = 0; i < CONTACT_LIMITS.perUserPerHour && last === 201; i++) {
          last = (await send(cookie)).statusCode;
          if (last === 201) sent++;
        }
      }
      expect(last).toBe(429);
      expect(sent).toBe(CONTACT_LIMITS.perIpPerHour);
    } finally {
      await s.close();
    }
  });
});
