// Issue 9 (part A): production refuses unsafe settings (items 2), slow clients are cut off (item 5),
// and SIGTERM answers queued requests 503 in our shape instead of resetting them (item 9).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createMailer } from '#server/lib/mailer.ts';
import { parseEnv } from '#server/env.ts';
import { createTestDb, usePostgres, type TestDb } from './test-db.ts';
import { recordingMailer } from './test-app.ts';
import { freePort, pollStatus, startServer, withMigratedDatabase } from './process-helpers.ts';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const PROD_OK = {
  NODE_ENV: 'production',
  JAIL_AUTHORITY_CODE: 'q7Vt-3xLp9-Rz2mK-w8Yc4',
  SEED_DEMO: 'false',
  PUBLIC_URL: 'https://rihaai.example.org',
  SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
  SECOND_FACTOR_KEY: 'k3Vq9-second-factor-key-of-this-deployment',
};

describe('production settings (issue 9, item 2)', () => {
  it('refuses the default Jail-Authority code, naming the variable', () => {
    expect(() => parseEnv({ ...PROD_OK, JAIL_AUTHORITY_CODE: undefined })).toThrow(/JAIL_AUTHORITY_CODE/);
    expect(() => parseEnv({ ...PROD_OK, JAIL_AUTHORITY_CODE: 'RIHAAI-JAIL-2024' })).toThrow(/JAIL_AUTHORITY_CODE/);
  });

  it('refuses a weak Jail-Authority code: the default in any case, short, one kind of character, repetitive (decision 0033, probe defect 8)', () => {
    for (const code of [
      'rihaai-jail-2024',
      'Rihaai-Jail-2024',
      '12345678',
      'a-long-secret-code-for-this-jail',
      'aaaaaaaaaaaaaaaaaaaaaaaaA1',
      'Short-code-1',
    ]) {
      expect(() => parseEnv({ ...PROD_OK, JAIL_AUTHORITY_CODE: code }), code).toThrow(/JAIL_AUTHORITY_CODE/);
    }
    expect(parseEnv({ ...PROD_OK, JAIL_AUTHORITY_CODE: 'Zx81mQ/pe+T3uYw0KdL5s9vB' }).JAIL_AUTHORITY_CODE).toBe('Zx81mQ/pe+T3uYw0KdL5s9vB');
  });

  it('refuses production without SMTP_URL unless emails may be dropped, and a dropped email is never logged (decision 0033, probe defect 4)', async () => {
    expect(() => parseEnv({ ...PROD_OK, SMTP_URL: undefined })).toThrow(/SMTP_URL/);
    const env = parseEnv({ ...PROD_OK, SMTP_URL: undefined, EMAILS_MAY_BE_DROPPED: 'true' });
    expect(env.EMAILS_MAY_BE_DROPPED).toBe(true);
    const lines: string[] = [];
    const mailer = createMailer({ from: env.MAIL_FROM, log: { info: (o, m) => lines.push(JSON.stringify({ o, m })) }, dropUnsent: true });
    expect(mailer.kind).toBe('drop');
    const link = 'https://rihaai.example.org/reset-password?token=secret-token-value';
    await mailer.send({ to: 'jail.clerk@gmail.com', subject: 'Reset your password', text: `Open ${link}` });
    expect(lines.join('\n')).not.toContain('secret-token-value');
    expect(lines.join('\n')).not.toContain('jail.clerk');
    // Development still shows the email to the developer.
    const dev: string[] = [];
    await createMailer({ from: 'x <x@y.z>', log: { info: (o) => dev.push(JSON.stringify(o)) } }).send({
      to: 'a@gmail.com',
      subject: 's',
      text: link,
    });
    expect(dev.join('')).toContain('secret-token-value');
  });

  it('refuses demo data, naming SEED_DEMO; demo data is off by default in production', () => {
    expect(() => parseEnv({ ...PROD_OK, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(parseEnv({ ...PROD_OK, SEED_DEMO: undefined }).SEED_DEMO).toBe(false);
  });

  it('refuses an http (or missing) PUBLIC_URL, naming it', () => {
    expect(() => parseEnv({ ...PROD_OK, PUBLIC_URL: 'http://rihaai.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ ...PROD_OK, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
  });

  it('accepts a safe production configuration, and development keeps the one-command demo', () => {
    expect(parseEnv(PROD_OK).NODE_ENV).toBe('production');
    const dev = parseEnv({});
    expect(dev.NODE_ENV).toBe('development');
    expect(dev.SEED_DEMO).toBe(true);
    expect(dev.JAIL_AUTHORITY_CODE).toBe('RIHAAI-JAIL-2024');
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => parseEnv({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it.skipIf(usePostgres())(
    'the process exits at start-up listing every unsafe variable, without a stack trace',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-prod-'));
      const p = startServer({ NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: dir, SEED_DEMO: 'true' }, children);
      expect(await p.exited).toBe(1);
      expect(p.output()).toMatch(/JAIL_AUTHORITY_CODE/);
      expect(p.output()).toMatch(/SEED_DEMO/);
      expect(p.output()).toMatch(/PUBLIC_URL/);
      expect(p.output()).toMatch(/SMTP_URL/);
      expect(p.output()).not.toMatch(/\n\s+at /);
      expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    60_000,
  );
});

describe('slow clients time out (issue 9, item 5)', () => {
  let app: FastifyInstance | undefined;
  let db: TestDb | undefined;
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function listen() {
    db = await createTestDb();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' });
    app = await buildApp({ db: db.db, env, mailer: recordingMailer(), papers: db.papers });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as net.AddressInfo).port;
  }

  /** Opens a connection, writes `first`, keeps it open, and resolves with what the server said before closing. */
  function slowClient(port: number, first: string) {
    return new Promise<{ answer: string; elapsedMs: number }>((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
      // Keep trickling one byte now and then, as a slow-loris client does (never finishing).
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write('a');
      }, 300);
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ answer, elapsedMs: Date.now() - started });
      });
      socket.setTimeout(60_000, () => {
        clearInterval(drip);
        socket.destroy();
        reject(new Error('the server kept the slow connection open for 60 s'));
      });
    });
  }

  it('closes a connection whose headers never finish, and one whose body never finishes', async () => {
    const port = await listen();
    const [headers, body] = await Promise.all([
      slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      slowClient(
        port,
        'POST /api/passwords/forgot HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
      ),
    ]);
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
  }, 180_000);
});

describe.skipIf(usePostgres())('SIGTERM (issue 9, item 9)', () => {
  it('answers requests that arrive while draining with 503 in our shape, then exits cleanly', async () => {
    const dir = await withMigratedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-term-')));
    const port = await freePort();
    const p = startServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        STATIC_DIR: path.join(dir, 'none'),
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '8000',
      },
      children,
    );
    await pollStatus(`http://127.0.0.1:${port}/api/ready`, (s) => s === 200);
    // Connections already open (as a proxy's keep-alive pool, or a client whose request is on its way).
    const sockets = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    p.child.kill('SIGTERM');
    await p.waitForOutput(/shutting down: draining requests/);
    const answers = await Promise.all(
      sockets.map(
        (s) =>
          new Promise<string>((resolve) => {
            let data = '';
            s.on('data', (d) => (data += d.toString()));
            s.on('error', (err) => resolve(`error: ${err.message}`));
            s.on('close', () => resolve(data));
            s.write(`GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
          }),
      ),
    );
    for (const a of answers) {
      expect(a).toMatch(/^HTTP\/1\.1 503/);
      expect(a.toLowerCase()).toContain('connection: close');
      expect(a).toContain('"code":"unavailable"');
    }
    // A new connection during the grace period is answered the same way.
    const late = await fetch(`http://127.0.0.1:${port}/api/profile`);
    expect(late.status).toBe(503);
    expect(await late.json()).toMatchObject({ error: { code: 'unavailable' } });
    expect(await p.exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 300_000);
});
