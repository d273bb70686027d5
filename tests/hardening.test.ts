// Issue 9 (part A): bad input never reaches a 500, API answers are not cached, errors are logged
// without personal data, upload names keep their Hindi vowel signs, an absent database is a 503.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { isDatabaseUnavailable } from '#server/lib/errors.ts';
import { safeError } from '#server/lib/log-safety.ts';
import fs from 'node:fs';
import { safeFilename, uploadSpoolDir } from '#server/lib/documents.ts';
import { findUnsafeInput, isUnsafeText } from '#shared/text.ts';
import { minimalPdf, multipartBody } from './fixtures/files.ts';
import { createTestDb, usePostgres } from './test-db.ts';
import { createTestApp, recordingMailer, type TestApp } from './test-app.ts';
import { createFamilyMember, createJailAuthority, sessionCookie, uniqueEmail } from './factories.ts';

let t: TestApp;
let familyCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  familyCookie = await sessionCookie(t.db, (await createFamilyMember(t.db)).user.id);
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\uD800y';
const LONE_LOW = 'x\uDC00';

function expectOurShape(res: { statusCode: number; json: () => unknown; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
}

describe('the shared text check', () => {
  it('finds NUL and lone surrogates, keeps well-formed text (pairs, RTL marks, Devanagari)', () => {
    expect(isUnsafeText(NUL)).toBe(true);
    expect(isUnsafeText(LONE_HIGH)).toBe(true);
    expect(isUnsafeText(LONE_LOW)).toBe(true);
    expect(isUnsafeText('\uD800')).toBe(true);
    expect(isUnsafeText('😀 \u202Eabc जमानत')).toBe(false);
    expect(findUnsafeInput({ a: [{ b: NUL }] })).toEqual({ path: 'a.0.b', problem: 'unsafe_text' });
    let deep: unknown = 'x';
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(findUnsafeInput(deep)?.problem).toBe('too_deep');
  });
});

describe('no 500 for hostile text (issue 9, item 6)', () => {
  it('a NUL in the anonymous forgot-password form is a 400 in our shape', async () => {
    const res = await t.request('POST', '/api/passwords/forgot', { body: { email: `a${NUL}@gmail.com` } });
    expectOurShape(res, 400);
    expect(res.json()).toMatchObject({ error: { code: 'validation', details: [{ path: 'email' }] } });
  });

  it('a NUL or lone surrogate in sign-up, sign-in and contact fields is a 400', async () => {
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      const signup = await t.request('POST', '/api/auth/signup', {
        body: { role: 'Lawyer', name: `N${bad}`, email: uniqueEmail('nul'), password: 'long-enough-pass' },
      });
      expectOurShape(signup, 400);
      const signin = await t.request('POST', '/api/auth/signin', {
        body: { role: 'Lawyer', email: uniqueEmail('nul'), password: `p${bad}` },
      });
      expectOurShape(signin, 400);
      const contact = await t.request('POST', '/api/contact', {
        cookie: familyCookie,
        body: { name: 'A', email: 'a@gmail.com', message: `hi ${bad}` },
      });
      expectOurShape(contact, 400);
    }
  });

  it('a lone surrogate in a case number (JSON escape) is a 400, and nothing is stored', async () => {
    const raw = '{"caseNumber":"CASE-\\ud800-1","detail":"Held","caseType":"Criminal Defense Lawyer"}';
    const res = await t.request('POST', '/api/family/cases', { cookie: familyCookie, body: raw });
    expectOurShape(res, 400);
  });

  it('a NUL in a query string or an object key is a 400', async () => {
    const jail = await createJailAuthority(t.db);
    const jailCookie = await sessionCookie(t.db, jail.id);
    expectOurShape(await t.request('GET', '/api/jail/members?q=a%00b', { cookie: jailCookie }), 400);
    expectOurShape(await t.request('POST', '/api/passwords/forgot', { body: `{"em\\u0000ail":"a@gmail.com"}` }), 400);
  });

  it('a body nested thousands of levels deep is a 400, not a crash', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const res = await t.request('POST', '/api/passwords/forgot', { body: `{"email":${deep}}` });
    expect(res.statusCode).toBe(400);
    expectOurShape(res, 400);
  });

  it('a multipart upload without a boundary is a 400', async () => {
    const res = await t.request('POST', '/api/family/documents', {
      cookie: familyCookie,
      body: 'xx',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expectOurShape(res, 400);
  });

  it('a multipart upload cut short is a 400', async () => {
    const body = multipartBody('paper.pdf', 'application/pdf', minimalPdf());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/family/documents',
      headers: { 'sec-fetch-site': 'same-origin', cookie: familyCookie, 'content-type': body.contentType },
      payload: body.payload.subarray(0, 120),
    });
    expect(res.statusCode).toBeLessThan(500);
    expectOurShape(res, res.statusCode);
  });

  it('a malformed percent-encoded URL gets our own 400 body', async () => {
    for (const url of ['/api/ngos/%E0%A4%A', '/api/%', '/%ED%A0%80', '/api/family/cases/%ZZ']) {
      const res = await t.request('GET', url, { cookie: familyCookie });
      expectOurShape(res, 400);
      expect(res.body).not.toContain('FST_');
    }
  });
});

/** Writes `chunks` to a real listening server (the last one is left hanging) and reads its whole answer. */
function rawExchange(port: number, chunks: (string | Buffer)[]): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
    });
    socket.on('data', (d: Buffer) => got.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(got).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      resolve({ head: at < 0 ? text : text.slice(0, at), body: at < 0 ? '' : text.slice(at + 4) });
    });
  });
}

function expectOurRawShape(answer: { head: string; body: string }, status: number, code: string) {
  expect(answer.head.split('\r\n')[0], answer.head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(answer.head).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

describe('answers Node gives before routing are in our shape too (issue 9, items 5 and 9)', () => {
  let port = 0;
  let server: TestApp;
  beforeAll(async () => {
    // The shortest timeouts the settings allow; the checks below wait for the answer, however long it takes.
    server = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('a request body that stops arriving gets our 408', async () => {
    const answer = await rawExchange(port, [
      'POST /api/passwords/forgot HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\n' +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
    ]);
    expectOurRawShape(answer, 408, 'request_timeout');
  });

  it('headers that stop arriving get our 408', async () => {
    const answer = await rawExchange(port, ['GET /api/meta HTTP/1.1\r\nHost: localhost\r\nX-Slow: a']);
    expectOurRawShape(answer, 408, 'request_timeout');
  });

  it('headers too large get our 431', async () => {
    const answer = await rawExchange(port, [`GET /api/meta HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`]);
    expectOurRawShape(answer, 431, 'headers_too_large');
  });

  it('bytes that are not HTTP get our 400', async () => {
    const answer = await rawExchange(port, ['NOT HTTP AT ALL\r\n\r\n']);
    expectOurRawShape(answer, 400, 'bad_request');
  });

  it('a body over the size limit, a wrong content type and an unknown route are ours (413, 415, 404)', async () => {
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
    const big = await fetch(`${base}/api/passwords/forgot`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'a'.repeat(300_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    const xml = await fetch(`${base}/api/passwords/forgot`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    const missing = await fetch(`${base}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('uploads are not held in memory (issue 9, item 4)', () => {
  const spooled = () => {
    const dir = uploadSpoolDir();
    return dir && fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.statSync(`${dir}/${f}`).size) : [];
  };
  async function until(check: () => boolean) {
    for (let i = 0; i < 1200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  }

  it(
    'a file is written to a temporary file as it arrives, stored intact, and the temporary file removed',
    { timeout: 240_000 },
    async () => {
      const server = await createTestApp();
      try {
        await server.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (server.app.server.address() as AddressInfo).port;
        const cookie = await sessionCookie(server.db, (await createFamilyMember(server.db)).user.id);
        const file = Buffer.concat([minimalPdf(), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
        const body = multipartBody('spooled.pdf', 'application/pdf', file);
        const socket = net.connect(port, '127.0.0.1');
        const got: Buffer[] = [];
        socket.on('data', (d: Buffer) => got.push(d));
        const closed = new Promise((r) => socket.on('close', r));
        socket.write(
          `POST /api/family/documents HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\nCookie: ${cookie}\r\n` +
            `Content-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\nConnection: close\r\n\r\n`,
        );
        // Two megabytes sent, the rest held back: they are already on disk, not waiting in memory.
        socket.write(body.payload.subarray(0, 2 * 1024 * 1024));
        await until(() => spooled().some((size) => size >= 1024 * 1024));
        socket.write(body.payload.subarray(2 * 1024 * 1024));
        await closed;
        const answer = Buffer.concat(got).toString('utf8');
        expect(answer.split('\r\n')[0], answer).toMatch(/^HTTP\/1\.1 201 /);
        const meta = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { url: string; size: number };
        expect(meta.size).toBe(file.length);
        const stored = await server.app.inject({ method: 'GET', url: meta.url, headers: { cookie } });
        expect(stored.rawPayload.equals(file)).toBe(true);
        await until(() => spooled().length === 0);
      } finally {
        await server.close();
      }
    },
  );

  it(
    'a client that goes away mid-upload is not logged as a database outage, and its temporary file goes',
    { timeout: 240_000 },
    async () => {
      const lines: string[] = [];
      const db = await createTestDb();
      const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', STATIC_DIR: './dist/client' });
      const app = await buildApp({
        db: db.db,
        env,
        mailer: recordingMailer(),
        papers: db.papers,
        logger: true,
        logStream: { write: (l) => lines.push(l) },
      });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const port = (app.server.address() as AddressInfo).port;
        const cookie = await sessionCookie(db.db, (await createFamilyMember(db.db)).user.id);
        const body = multipartBody('gone.pdf', 'application/pdf', Buffer.concat([minimalPdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]));
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        socket.write(
          `POST /api/family/documents HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\nCookie: ${cookie}\r\n` +
            `Content-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
        );
        socket.write(body.payload.subarray(0, 1024 * 1024));
        await until(() => spooled().some((size) => size > 0));
        socket.destroy();
        await until(() => lines.some((l) => l.includes('client closed the connection')));
        expect(lines.filter((l) => l.includes('database unavailable'))).toEqual([]);
        await until(() => spooled().length === 0);
      } finally {
        await app.close();
        await db.close();
      }
    },
  );

  it('a refused upload leaves no temporary file behind', { timeout: 240_000 }, async () => {
    const cookie = await sessionCookie(t.db, (await createFamilyMember(t.db)).user.id);
    const body = multipartBody('notes.pdf', 'application/pdf', Buffer.from('plain text, not a PDF'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/family/documents',
      headers: { 'sec-fetch-site': 'same-origin', cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expectOurShape(res, 415);
    await until(() => spooled().length === 0);
  });
});

describe('caching (issue 9, item 9)', () => {
  it('every API answer says Cache-Control: no-store, errors and personal data alike', async () => {
    for (const [url, cookie] of [
      ['/api/profile', familyCookie],
      ['/api/family/cases', familyCookie],
      ['/api/auth/session', undefined],
      ['/api/health', undefined],
      ['/api/nope', undefined],
      ['/api/profile', undefined],
    ] as const) {
      const res = await t.request('GET', url, cookie ? { cookie } : {});
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('upload file names (issue 9, item 9)', () => {
  it('keep Devanagari vowel signs and viramas, NFC-normalised', () => {
    expect(safeFilename('जमानत पत्र – प्रति.pdf', 'application/pdf')).toBe('जमानत पत्र  प्रति.pdf');
    expect(safeFilename('किशोर.pdf', 'application/pdf')).toBe('किशोर.pdf');
    // Decomposed é becomes one code point.
    expect(safeFilename('re\u0301sume\u0301.pdf', 'application/pdf')).toBe('résumé.pdf');
    expect(safeFilename('a/b\\c:d<e>.exe.pdf', 'application/pdf')).toBe('abcde.exe.pdf');
    expect(safeFilename('\u0301', 'application/pdf')).toBe('bail-paper.pdf');
  });

  it('an uploaded Hindi file name comes back with its vowel signs', async () => {
    const body = multipartBody('ज़मानत-काग़ज़ात.pdf', 'application/pdf', minimalPdf());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/family/documents',
      headers: { 'sec-fetch-site': 'same-origin', cookie: familyCookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ filename: string }>().filename).toBe('ज़मानत-काग़ज़ात'.normalize('NFC') + '.pdf');
  });
});

describe('the error log (issue 9, item 7)', () => {
  it('never contains the email or the argon2 hash when a sign-up insert fails', async () => {
    const lines: string[] = [];
    const db = await createTestDb();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', STATIC_DIR: './dist/client', RATE_LIMIT_SIGNUP_PER_IP: '1000' });
    const app = await buildApp({
      db: db.db,
      env,
      mailer: recordingMailer(),
      papers: db.papers,
      logger: true,
      logStream: { write: (l) => lines.push(l) },
    });
    try {
      // Any insert into users now fails, with PostgreSQL's "Failing row contains (…)" detail.
      await db.db.execute(sql`alter table users add constraint h9a_refuse_all check (false) not valid`);
      // The body ticks what a person ticks (the notice, the age: docs/decisions/0053-notice-and-consent.md),
      // so the sign-up reaches the insert; a minor's sign-up also carries the parent's address.
      const email = uniqueEmail('leak');
      const minorEmail = uniqueEmail('leak-minor');
      const parentEmail = uniqueEmail('leak-parent');
      const bodies = [
        { role: 'Lawyer', name: 'Leak Test', email, password: 'long-enough-pass', acceptNotice: true, adult: true },
        { role: 'Family-Member', name: 'Leak Minor', email: minorEmail, password: 'long-enough-pass', acceptNotice: true, parentEmail },
      ];
      for (const body of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, res.body).toBe(500);
        expect(res.body).not.toContain('h9a_refuse_all');
      }
      const log = lines.join('');
      expect(log).toContain('h9a_refuse_all');
      for (const address of [email, minorEmail, parentEmail]) expect(log).not.toContain(address);
      expect(log).not.toContain('$argon2');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('safeError drops parameters, detail and the stack text of the message', () => {
    const cause = Object.assign(new Error('new row violates check constraint "c"'), {
      code: '23514',
      detail: 'Failing row contains (x@gmail.com, $argon2id$v=19$…)',
      constraint: 'c',
    });
    const err = Object.assign(new Error('Failed query: insert into "users" values ($1, $2)\nparams: x@gmail.com,$argon2id$v=19$…'), {
      params: ['x@gmail.com', '$argon2id$v=19$…'],
      cause,
    });
    const out = JSON.stringify(safeError(err));
    expect(out).not.toContain('x@gmail.com');
    expect(out).not.toContain('argon2');
    expect(out).toContain('insert into');
    expect(out).toContain('23514');
  });
});

describe('an absent database (issue 9, item 1)', () => {
  it('recognises connection failures and not ordinary SQL errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('x', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query: select "params: Connection terminated"'))).toBe(false);
  });

  // On PostgreSQL the same is proven with a real outage in tests/db-outage.test.ts.
  it.skipIf(usePostgres())('answers 503 in our shape (ready and other routes) when the embedded database is closed', async () => {
    const db = await createTestDb();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist/client' });
    const app = await buildApp({ db: db.db, env, mailer: recordingMailer(), papers: db.papers });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await db.handle.close();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expectOurShape(ready, 503);
      const signin = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        payload: JSON.stringify({ role: 'Lawyer', email: 'someone@gmail.com', password: 'whatever-it-is' }),
      });
      expectOurShape(signin, 503);
      expect(signin.json()).toMatchObject({ error: { code: 'unavailable' } });
      expect(signin.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
    }
  });
});
