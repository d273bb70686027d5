// The development mailbox: in development GET /dev/mail shows the queued emails with their links;
// in production and in tests (unless asked) the address does not exist, even with the web app built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema.ts';
import { parseEnv } from '#server/env.ts';
import { createTestApp, useTestApp, type TestApp } from '#tests/test-app.ts';
import { uniqueEmail } from '#tests/factories.ts';
import { linkify } from './dev-mailbox.routes.ts';

/** A built web app of one page, so the SPA fallback answers unknown addresses (as in production). */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-dev-mailbox-'));
fs.writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://rihaai.example.org',
  JAIL_AUTHORITY_CODE: 'Prod-Code-7fK2xQ9mLp4Zr8',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SECOND_FACTOR_KEY: 'k3Vq9-second-factor-key-of-this-deployment',
};

/** An email in the outbox, as the app queues them (lib/outbox.ts), held back until `nextAttemptAt` if given. */
async function queue(t: TestApp, email: { to: string; subject: string; text: string; nextAttemptAt?: Date }) {
  await t.db.insert(emailOutbox).values(email);
}

async function withApp<T>(env: Record<string, string>, run: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp({ STATIC_DIR: staticDir, ...env });
  try {
    return await run(t);
  } finally {
    await t.close();
  }
}

describe('GET /dev/mail in development', () => {
  const t = useTestApp({ NODE_ENV: 'development', STATIC_DIR: staticDir });

  it('says so while there are no emails', async () => {
    const res = await t.request('GET', '/dev/mail');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No emails yet');
  });

  it('lists a queued sign-up email, newest first, with its link clickable', async () => {
    const email = uniqueEmail('newcomer');
    const signup = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: 'Asha', email, password: 'longenough1' },
    });
    expect(signup.statusCode).toBe(201);
    await queue(t, {
      to: 'later@gmail.com',
      subject: 'A later email',
      text: 'Nothing to open.',
      nextAttemptAt: new Date(Date.now() + 60_000),
    });

    const res = await t.request('GET', '/dev/mail');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    // The app's CSP applies; the page needs no script at all.
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect(res.body).not.toMatch(/<script/i);

    const link = /<a href="(http:\/\/localhost:3000\/confirm-email\?token=[\w-]+)">/.exec(res.body)?.[1];
    expect(link).toBeDefined();
    expect(res.body).toContain(email);
    expect(res.body).toContain('Confirm your email to open your Rihaai account');
    // Newest first: the email queued after the sign-up comes first, and says it is held back.
    expect(res.body.indexOf('A later email')).toBeLessThan(res.body.indexOf('Confirm your email'));
    expect(res.body).toMatch(/pending until \d{4}-/);

    // The link is the one that opens the account (with the password chosen at sign-up).
    const token = new URL(link!).searchParams.get('token');
    const confirm = await t.request('POST', '/api/auth/confirm', { body: { token, password: 'longenough1' } });
    expect(confirm.statusCode).toBe(200);
  });

  it('escapes everything an email carries', async () => {
    await queue(t, {
      to: 'x@gmail.com',
      subject: '<script>alert(1)</script>',
      text: 'Open http://localhost:3000/a?b=1&c="><img src=x onerror=alert(1)> now.',
    });
    const res = await t.request('GET', '/dev/mail');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toMatch(/<img/);
    expect(res.body).toContain('<a href="http://localhost:3000/a?b=1&amp;c=">');
  });
});

describe('GET /dev/mail elsewhere', () => {
  it('is 404 in production, where the web app answers other addresses', async () => {
    await withApp(PRODUCTION, async (t) => {
      await queue(t, { to: 'x@gmail.com', subject: 'Secret link', text: 'https://rihaai.example.org/confirm-email?token=abc' });
      expect((await t.request('GET', '/family-member')).statusCode).toBe(200);
      for (const url of ['/dev/mail', '/dev/mail/', '/dev', '/%64ev/mail']) {
        const res = await t.request('GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('Secret link');
      }
    });
  });

  it('is 404 in test mode unless DEV_MAILBOX=true asks for it', async () => {
    await withApp({}, async (t) => {
      expect(t.env.NODE_ENV).toBe('test');
      expect((await t.request('GET', '/family-member')).statusCode).toBe(200);
      expect((await t.request('GET', '/dev/mail')).statusCode).toBe(404);
    });
    await withApp({ DEV_MAILBOX: 'true' }, async (t) => {
      expect((await t.request('GET', '/dev/mail')).statusCode).toBe(200);
    });
  });

  it('cannot be turned on in production', () => {
    expect(() => parseEnv({ ...PRODUCTION, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(parseEnv(PRODUCTION).DEV_MAILBOX).toBe(false);
    expect(parseEnv({ NODE_ENV: 'development' }).DEV_MAILBOX).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', DEV_MAILBOX: 'false' }).DEV_MAILBOX).toBe(false);
  });
});

describe('linkify', () => {
  it('leaves a sentence’s full stop out of the link', () => {
    expect(linkify('See http://localhost:3000/x.')).toBe('See <a href="http://localhost:3000/x">http://localhost:3000/x</a>.');
  });
});
