// Boots the whole app in-process on a fresh test database, with a mailer that records emails.
import { afterAll, beforeAll } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv, type Env } from '#server/env.ts';
import type { Mailer, OutgoingEmail } from '#server/lib/mailer.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { createTestDb, type TestDb } from './test-db.ts';

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
    options?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export async function createTestApp(envOverrides: Record<string, string> = {}, mailer: Mailer = recordingMailer()): Promise<TestApp> {
  const testDb = await createTestDb();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: './dist/client',
    RATE_LIMIT_SIGNIN_PER_IP: '1000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000',
    ...envOverrides,
  });
  const app = await buildApp({ db: testDb.db, env, mailer, papers: testDb.papers, logger: process.env.DBG ? { level: 'error' } : false });
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
        payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
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
