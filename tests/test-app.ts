// Boots the whole app in-process on a fresh test database, with a mailer that records emails.
import { afterAll, beforeAll } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv, type Env } from '#server/env.ts';
import type { Mailer, OutgoingEmail } from '#server/lib/mailer.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { authChangesOf } from '#server/plugins/session-cache.ts';
import { stepAt, totpOf } from '#server/features/second-factor/second-factor.secrets.ts';

export interface RecordingMailer extends Mailer {
  sent: OutgoingEmail[];
}

export function recordingMailer(): RecordingMailer {
  const sent: OutgoingEmail[] = [];
  return {
    kind: 'smtp',
    sent,
    async send(email) {
      sent.push(email);
    },
    close() {},
  };
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
  env: Env;
  mailer: RecordingMailer;
  /** app.inject with JSON encoding and a same-origin header, as the browser sends. */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: { cookie?: string; body?: unknown; headers?: Record<string, string>; asTyped?: boolean },
  ): Promise<LightMyRequestResponse>;
}

/**
 * What a person ticks on the way, filled into a test's body that leaves it out (docs/decisions/0053-notice-and-consent.md):
 * a sign-up accepts the privacy notice and says "18 or older"; a registration or a new case records the
 * prisoner's consent (given in a visit). `asTyped: true` sends the body unchanged, as the tests of those
 * refusals do (src/server/features/accounts/notice-and-minors.test.ts, src/server/features/family/consent.test.ts).
 */
export function withConsentTicked(method: string, url: string, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const route = `${method} ${url.split('?')[0]}`;
  if (route === 'POST /api/auth/signup') return { acceptNotice: true, ...('parentEmail' in body ? {} : { adult: true }), ...body };
  if (route === 'PUT /api/family/registration' || route === 'POST /api/family/cases') return { prisonerConsent: 'visit', ...body };
  return body;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  mailer: Mailer = recordingMailer(),
  /** sessionCache: reads reuse a session check, as main.ts builds the app (plugins/session-cache.ts); off by default, so a test's own writes to the database show at once. */
  options: { sessionCache?: boolean } = {},
): Promise<TestApp> {
  const testDb = await createTestDb();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: './dist/client',
    RATE_LIMIT_SIGNIN_PER_IP: '1000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000',
    ...envOverrides,
  });
  const app = await buildApp({
    db: testDb.db,
    env,
    mailer,
    papers: testDb.papers,
    logger: process.env.DBG ? { level: 'error' } : false,
    ...(options.sessionCache && { authChanges: authChangesOf(testDb.handle) }),
  });
  await app.ready();
  return {
    ...testDb,
    app,
    env,
    mailer: mailer as RecordingMailer,
    request(method, url, options = {}) {
      const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...(options.headers ?? {}) };
      if (options.cookie) headers.cookie = options.cookie;
      let payload: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        const body = options.asTyped ? options.body : withConsentTicked(String(method), url, options.body);
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      return app.inject({ method, url, headers, payload });
    },
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

/**
 * The app of one test file: booted before the file's tests and closed after them. The returned
 * object stands for the booted app (use it inside tests and later hooks, not at the top level).
 */
export function useTestApp(envOverrides: Record<string, string> = {}): TestApp {
  let booted: TestApp | undefined;
  beforeAll(async () => {
    booted = await createTestApp(envOverrides);
  });
  afterAll(() => booted?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!booted) throw new Error('the test app is used before it has booted: use it inside a test or a hook');
      return Reflect.get(booted, key) as unknown;
    },
  });
}

/**
 * The token of the newest confirmation link emailed to `email`, read from the outbox (sign-up opens
 * no session: the account opens from this link, docs/decisions/0018-signup-confirm-by-email-link.md).
 */
export async function confirmTokenFor(db: TestDb['db'], email: string): Promise<string> {
  const mails = await db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email.toLowerCase()))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
  for (const mail of mails) {
    const token = /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no confirmation link emailed to ${email}`);
}

/** The session cookie (name=value) a response sets. */
export function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? String(raw[0]) : String(raw);
  return first.split(';')[0]!;
}

/** Signs up through the API and opens the account by its emailed link, as a new user does; returns the session cookie. */
export async function signUpConfirmed(
  t: Pick<TestApp, 'db' | 'request'>,
  body: { role: string; name: string; email: string; password: string; registrationCode?: string },
): Promise<string> {
  const signUp = await t.request('POST', '/api/auth/signup', { body });
  if (signUp.statusCode !== 201) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`);
  const confirm = await t.request('POST', '/api/auth/confirm', {
    body: { token: await confirmTokenFor(t.db, body.email), password: body.password },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm answered ${confirm.statusCode}: ${confirm.body}`);
  return cookieOf(confirm);
}

/** The base32 secret of each account enrolled through passSecondFactor, and the last time step used. */
const secrets = new Map<string, { secret: string; lastStep: number }>();

/**
 * After a sign-in through the API: passes the session's second factor as its owner would
 * (docs/decisions/0043-second-factor-for-officials.md): the first time the account is enrolled with a
 * code of its new secret; later a code of a time step not used yet is entered. Nothing for a session
 * that needs none. The gate itself stays on.
 */
export async function passSecondFactor(t: Pick<TestApp, 'request'>, cookie: string): Promise<void> {
  const session = await t.request('GET', '/api/auth/session', { cookie });
  const user = session.json<{ user: { id: string; secondFactor?: 'enrol' | 'verify' } | null }>().user;
  if (!user?.secondFactor) return;
  const now = stepAt(Date.now());
  if (user.secondFactor === 'enrol') {
    const start = await t.request('POST', '/api/second-factor/enrolment', { cookie });
    if (start.statusCode !== 200) throw new Error(`enrolment answered ${start.statusCode}: ${start.body}`);
    const { secret } = start.json<{ secret: string }>();
    const res = await t.request('POST', '/api/second-factor/enrolment/confirm', { cookie, body: { code: codeOf(secret, now) } });
    if (res.statusCode !== 200) throw new Error(`enrolment confirm answered ${res.statusCode}: ${res.body}`);
    secrets.set(user.id, { secret, lastStep: now });
    return;
  }
  const known = secrets.get(user.id);
  if (!known) throw new Error('passSecondFactor: this account was enrolled elsewhere; its secret is unknown here');
  // A code is accepted once, one step either side of now: the next step not used yet.
  let step = Math.max(now - 1, known.lastStep + 1);
  if (step > now + 1) {
    await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 50));
    step = Math.max(stepAt(Date.now()) - 1, known.lastStep + 1);
  }
  const res = await t.request('POST', '/api/second-factor/verify', { cookie, body: { code: codeOf(known.secret, step) } });
  if (res.statusCode !== 200) throw new Error(`second factor answered ${res.statusCode}: ${res.body}`);
  known.lastStep = step;
}

const codeOf = (secret: string, step: number) => totpOf(secret).generate({ timestamp: step * 30_000 });
