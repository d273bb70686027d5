// Probe defect 3 (decision 0033): the request log wrote emailed links' tokens (/confirm-email?token=…), and
// the jail's search terms (emails, phones); an SMTP error naming the recipient went to the log too.
// Every request line now shows the path and the query's parameter names only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { redactPersonal, safeUrl } from '#server/lib/log-safety.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { recordingMailer } from './test-app.ts';
import { createJailAuthority, sessionCookie } from './factories.ts';

let db: TestDb;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  db = await createTestDb();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', STATIC_DIR: './dist/client' });
  app = await buildApp({
    db: db.db,
    env,
    mailer: recordingMailer(),
    papers: db.papers,
    logger: true,
    logStream: { write: (l) => lines.push(l) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('the request log', () => {
  it('holds no emailed token, searched phone or email address, and still shows the path', async () => {
    const cookie = await sessionCookie(db.db, (await createJailAuthority(db.db)).id);
    const secret = 'tok3nV4lue-that-opens-an-account-xyz';
    const urls = [
      `/confirm-email?token=${secret}`,
      `/reset-password?token=${secret}`,
      `/api/jail/members?q=${encodeURIComponent('+91 98765-43210')}&pageSize=50`,
      `/api/jail/members?q=${encodeURIComponent('geeta.devi@gmail.com')}`,
      `/api/jail/members?q=geeta.devi%40gmail.com`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url, headers: { cookie } });
    // The lines' own numbers (time, pid, response time) go before looking for the phone's digits, which
    // a response time of 7.0156959998765… would otherwise hold by chance.
    const log = lines
      .map((l) => JSON.stringify(JSON.parse(l) as object, (_key, value: unknown) => (typeof value === 'number' ? 0 : value)))
      .join('\n');
    expect(log).toContain('"url":"/confirm-email?token=…"');
    expect(log).toContain('"url":"/api/jail/members?q=…&pageSize=…"');
    for (const leak of [secret, '98765', 'geeta', 'gmail']) expect(log, leak).not.toContain(leak);
  });

  it('masks addresses and numbers in a URL path and in SMTP errors, and keeps ids', () => {
    expect(safeUrl('/api/x/geeta%40gmail.com')).toBe('/api/x/[email]');
    expect(safeUrl('/api/documents/0b7e2c6a-1f1e-4c1e-9d7e-2f4b9c1d2e3f?download=1')).toBe(
      '/api/documents/0b7e2c6a-1f1e-4c1e-9d7e-2f4b9c1d2e3f?download=…',
    );
    expect(redactPersonal('550 5.1.1 <geeta.devi@gmail.com>: no such user; call +91 98765 43210; password=hunter2')).toBe(
      '550 5.1.1 <[email]>: no such user; call [number]; password=[redacted]',
    );
  });
});
