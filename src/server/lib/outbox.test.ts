// The email outbox against a real SMTP server in this process (smtp-server) and the real
// nodemailer mailer: delivery, urgent mail first, retries with back-off when the server is down,
// nothing lost.
import { startSmtp } from '#tests/smtp.ts';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema.ts';
import { parseEnv } from '#server/env.ts';
import { createMailer, SMTP_TIMEOUTS_MS, type Mailer } from '#server/lib/mailer.ts';
import {
  backoffMs,
  deliverDueEmails,
  EMAIL_PRIORITY,
  enqueueEmail,
  MAX_ATTEMPTS,
  startOutboxWorker,
  type EmailPriority,
} from '#server/lib/outbox.ts';
import { sendLinkIfAccount } from '#server/lib/email-links.ts';
import { MESSAGE_KINDS } from '#server/lib/messages.ts';
import { EMAIL_PRIORITY_OF, sendEmail } from '#server/lib/notify.ts';
import { createUser } from '#tests/factories.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
const normal = { priority: EMAIL_PRIORITY.normal };
const smtpMailer = (port: number, timeoutsMs?: Parameters<typeof createMailer>[0]['timeoutsMs']) =>
  createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rihaai <no-reply@rihaai.local>', log: silentLog, timeoutsMs });

/** Headers unfolded and quoted-printable undone, so assertions read like the message. */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');

let db: TestDb;
const mailers: Mailer[] = [];
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.db.delete(emailOutbox);
});
afterEach(() => {
  vi.useRealTimers();
  for (const m of mailers.splice(0)) m.close();
});

const rowOf = async (id: string) => (await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

/** Freezes the clock `ms` after the real time now (Date only: sockets and timers stay real). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

describe('delivery over SMTP', () => {
  it('delivers a queued email with the right sender, recipient, subject and text, and marks it sent', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.port);
    mailers.push(mailer);
    try {
      const id = await db.db.transaction((tx) =>
        enqueueEmail(
          tx,
          {
            to: 'asha.verma@gmail.com',
            subject: 'Bail paper uploaded',
            text: 'Your lawyer uploaded a bail paper.\nकृपया देखें।',
          },
          normal,
        ),
      );
      expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['asha.verma@gmail.com']);
      expect(mail.from).toBe('no-reply@rihaai.local');
      const text = readable(mail.raw);
      expect(text).toContain('Subject: Bail paper uploaded');
      expect(text).toContain('To: asha.verma@gmail.com');
      expect(text).toContain('Your lawyer uploaded a bail paper.');
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(Date) });
      // Sent once: a second pass has nothing to do.
      expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('sends a retry with the same Message-ID as the first attempt, so a duplicate after a crash mid-send can be recognised', async () => {
    const smtp = await startSmtp();
    const real = smtpMailer(smtp.port);
    mailers.push(real);
    try {
      const id = await enqueueEmail(db.db, { to: 'ravi.kumar@gmail.com', subject: 'Reset', text: 'Your link' }, normal);
      // The server accepts the message, then the process dies before the row is marked sent.
      const dying: Mailer = {
        ...real,
        kind: 'smtp',
        from: real.from,
        send: async (e) => {
          await real.send(e);
          throw new Error('killed');
        },
        close() {},
      };
      expect(await deliverDueEmails(db.db, dying, silentLog)).toBe(0);
      clockAt(Date.now() + backoffMs(1) + 1_000);
      expect(await deliverDueEmails(db.db, real, silentLog)).toBe(1);
      expect(smtp.received).toHaveLength(2);
      const ids = smtp.received.map((m) => /^Message-ID:\s*(.+)$/im.exec(readable(m.raw))?.[1]?.trim());
      expect(ids[0]).toBe(`<outbox-${id}@rihaai.local>`);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      await smtp.close();
    }
  });

  it('an email queued in a transaction that rolls back is never sent', async () => {
    await expect(
      db.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'ghost@gmail.com', subject: 'Never', text: 'Never' }, normal);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('two workers delivering at once send every email exactly once', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.port);
    mailers.push(mailer);
    try {
      for (let i = 0; i < 6; i++) await enqueueEmail(db.db, { to: `member${i}@gmail.com`, subject: `Mail ${i}`, text: 'x' }, normal);
      const sent = await Promise.all([deliverDueEmails(db.db, mailer, silentLog), deliverDueEmails(db.db, mailer, silentLog)]);
      expect(sent[0] + sent[1]).toBe(6);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `member${i}@gmail.com`));
    } finally {
      await smtp.close();
    }
  });
});

describe('urgent first, in batches, over pooled connections (docs/decisions/0035-outbox-throughput.md)', () => {
  it('a password link queued after 200 bulk reminders goes out in the first batch, and one pass sends all 201', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.port);
    mailers.push(mailer);
    try {
      const publicUrl = 'http://localhost:3000';
      await db.db.transaction(async (tx) => {
        for (let i = 0; i < 200; i++)
          await sendEmail(
            tx,
            { email: `reminded${i}@gmail.com`, name: `Member ${i}` },
            { kind: 'hearing_reminder', params: { caseNumber: `C-${i}`, date: '2026-12-01', court: 'Court' } },
          );
      });
      const user = await createUser(db.db, { role: 'Family-Member' });
      await sendLinkIfAccount(db.db, user.email, 'reset', publicUrl);
      const queued = await db.db.select({ to: emailOutbox.to, priority: emailOutbox.priority }).from(emailOutbox);
      expect(queued.filter((r) => r.priority === EMAIL_PRIORITY.bulk)).toHaveLength(200);
      expect(queued.filter((r) => r.priority === EMAIL_PRIORITY.urgent).map((r) => r.to)).toEqual([user.email]);

      const batch = 50;
      expect(await deliverDueEmails(db.db, mailer, silentLog, { batch })).toBe(201);
      const order = smtp.received.map((m) => m.to[0]);
      expect(order).toHaveLength(201);
      expect(new Set(order).size).toBe(201);
      expect(order.indexOf(user.email)).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(user.email)).toBeLessThan(batch);
      expect(await db.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'))).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('every kind of message has a priority, and links, bail and release notices are urgent, reminders bulk', () => {
    expect(Object.keys(EMAIL_PRIORITY_OF).sort()).toEqual([...MESSAGE_KINDS].sort());
    for (const kind of ['account_confirm', 'password_reset', 'bail_accepted_family', 'bail_granted', 'released'] as const)
      expect(EMAIL_PRIORITY_OF[kind]).toBe(EMAIL_PRIORITY.urgent);
    for (const kind of ['hearing_reminder', 'request_reminder', 'request_overdue'] as const)
      expect(EMAIL_PRIORITY_OF[kind]).toBe(EMAIL_PRIORITY.bulk);
  });

  it('two workers claiming small batches at once send every email exactly once', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.port);
    mailers.push(mailer);
    try {
      for (let i = 0; i < 40; i++)
        await enqueueEmail(db.db, { to: `batch${i}@gmail.com`, subject: `Batch ${i}`, text: 'x' }, { priority: (i % 3) as EmailPriority });
      const sent = await Promise.all([
        deliverDueEmails(db.db, mailer, silentLog, { batch: 4 }),
        deliverDueEmails(db.db, mailer, silentLog, { batch: 4 }),
      ]);
      expect(sent[0] + sent[1]).toBe(40);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `batch${i}@gmail.com`).sort());
    } finally {
      await smtp.close();
    }
  });
});

describe('when the SMTP server is down', () => {
  it('keeps the email pending with attempts and last_error, and delivers it after the server comes back', async () => {
    const port = await freePort();
    const mailer = smtpMailer(port);
    mailers.push(mailer);
    const id = await enqueueEmail(db.db, { to: 'ravi.kumar@gmail.com', subject: 'Request accepted', text: 'Adv. Neha accepted.' }, normal);
    const start = Date.now();
    expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(0);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    const wait = failed.nextAttemptAt.getTime() - start;
    expect(wait).toBeGreaterThanOrEqual(backoffMs(1) - 1000);
    expect(wait).toBeLessThanOrEqual(backoffMs(1) + 5000);

    const smtp = await startSmtp(port);
    try {
      // Back up, but the back-off has not passed: not retried yet.
      expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(0);
      expect(smtp.received).toHaveLength(0);
      expect((await rowOf(id)).attempts).toBe(1);
      // After the back-off it goes out, once.
      clockAt(failed.nextAttemptAt.getTime() + 1000);
      expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['ravi.kumar@gmail.com']);
      expect(readable(smtp.received[0]!.raw)).toContain('Subject: Request accepted');
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially (30 s, 1 min, 2 min … at most 1 h) and gives up after MAX_ATTEMPTS', async () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    const port = await freePort();
    const mailer = smtpMailer(port);
    mailers.push(mailer);
    const warnings: string[] = [];
    const errors: string[] = [];
    const log = {
      warn: (...args: unknown[]) => void warnings.push(String(args[1])),
      error: (...args: unknown[]) => void errors.push(String(args[1])),
    };
    const id = await enqueueEmail(db.db, { to: 'nobody@gmail.com', subject: 'Retry me', text: 'x' }, normal);
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      clockAt(now);
      expect(await deliverDueEmails(db.db, mailer, log)).toBe(0);
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe('pending');
        expect(row.nextAttemptAt.getTime() - now).toBe(backoffMs(attempt));
        // Just before the back-off ends nothing is tried.
        clockAt(row.nextAttemptAt.getTime() - 1000);
        expect(await deliverDueEmails(db.db, mailer, log)).toBe(0);
        expect((await rowOf(id)).attempts).toBe(attempt);
        now = row.nextAttemptAt.getTime();
      } else {
        expect(row.status).toBe('failed');
        expect(row.lastError).toBeTruthy();
      }
    }
    expect(warnings).toHaveLength(MAX_ATTEMPTS - 1);
    expect(errors).toEqual(['email given up']);
    clockAt(now + 24 * 3_600_000);
    expect(await deliverDueEmails(db.db, mailer, log)).toBe(0);
    expect((await rowOf(id)).attempts).toBe(MAX_ATTEMPTS);
  });

  it('a server that accepts the connection but never answers does not stall the worker', async () => {
    expect(SMTP_TIMEOUTS_MS.connection + SMTP_TIMEOUTS_MS.greeting + SMTP_TIMEOUTS_MS.socket).toBeLessThan(5 * 60_000);
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mailer = smtpMailer((silent.address() as AddressInfo).port, { connection: 500, greeting: 500, socket: 500 });
    mailers.push(mailer);
    try {
      const id = await enqueueEmail(db.db, { to: 'slow@gmail.com', subject: 'Slow', text: 'x' }, normal);
      const started = Date.now();
      expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/greeting|timeout/i) });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('the worker', () => {
  it('polls, delivers what is queued, and stops cleanly', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.port);
    mailers.push(mailer);
    const worker = startOutboxWorker(db.db, mailer, silentLog, 100);
    try {
      await enqueueEmail(db.db, { to: 'polled@gmail.com', subject: 'Polled', text: 'x' }, normal);
      await vi.waitFor(() => expect(smtp.received.map((m) => m.to[0])).toEqual(['polled@gmail.com']), { timeout: 5000, interval: 50 });
      await worker.stop();
      await enqueueEmail(db.db, { to: 'after-stop@gmail.com', subject: 'Later', text: 'x' }, normal);
      await new Promise((r) => setTimeout(r, 400));
      expect(smtp.received).toHaveLength(1);
      // What was queued while stopped is not lost: the next worker sends it.
      const next = startOutboxWorker(db.db, mailer, silentLog, 100);
      expect(await next.kick()).toBe(1);
      await next.stop();
      expect(smtp.received.map((m) => m.to[0])).toEqual(['polled@gmail.com', 'after-stop@gmail.com']);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });
  it('never waits for ever on a stuck pass: the next tick delivers the other due emails', async () => {
    const sent: string[] = [];
    const warned: string[] = [];
    // Every email to stuck@ hangs in SMTP for good (a server that accepted the connection and went silent).
    const mailer: Mailer = {
      kind: 'smtp',
      send: (email) => (email.to === 'stuck@gmail.com' ? new Promise<void>(() => {}) : (sent.push(email.to), Promise.resolve())),
      close() {},
    };
    await enqueueEmail(
      db.db,
      { to: 'stuck@gmail.com', subject: 'Stuck', text: 'x' },
      { ...normal, notBefore: new Date(Date.now() - 60_000) },
    );
    await enqueueEmail(db.db, { to: 'moving@gmail.com', subject: 'Moving', text: 'x' }, normal);
    const log = { ...silentLog, warn: (...args: unknown[]) => void warned.push(String(args[1])) };
    const worker = startOutboxWorker(db.db, mailer, log, 100, 500);
    try {
      await vi.waitFor(() => expect(sent).toEqual(['moving@gmail.com']), { timeout: 120_000, interval: 50 });
      expect(warned.some((m) => /time limit/.test(m))).toBe(true);
    } finally {
      await worker.stop();
    }
  });
});

describe('without SMTP_URL', () => {
  it('uses the log mailer: the email is written to the log with its recipient, subject and text', async () => {
    const env = parseEnv({ NODE_ENV: 'test' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'test', SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    const logged: { obj: object; msg: string }[] = [];
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: { info: (obj, msg) => logged.push({ obj, msg }) } });
    expect(mailer.kind).toBe('log');
    const id = await enqueueEmail(db.db, { to: 'meena.das@gmail.com', subject: 'NGO assigned', text: 'Aasra Trust' }, normal);
    expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(1);
    expect(logged).toEqual([
      {
        obj: { email: { to: 'meena.das@gmail.com', subject: 'NGO assigned', text: 'Aasra Trust', links: [] } },
        msg: expect.stringContaining('SMTP not configured') as string,
      },
    ]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // A link is logged on its own as well, whole, so it can be copied from the log line.
    const link = 'http://localhost:3000/confirm-email?token=Ab_9-xY';
    await enqueueEmail(db.db, { to: 'new.user@gmail.com', subject: 'Confirm', text: `Open this link:\n\n${link}\n\nThanks` }, normal);
    expect(await deliverDueEmails(db.db, mailer, silentLog)).toBe(1);
    expect(logged[1]?.obj).toMatchObject({ email: { links: [link] } });
  });

  it('an SMTP_URL that is not smtp:// or smtps:// stops start-up with the variable named', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });
});
