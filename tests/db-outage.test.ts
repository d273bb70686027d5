// Issue 9, item 1: the server survives its database. A private PostgreSQL cluster owned by this
// test (never the machine's shared one) has the server's connections terminated, then is stopped
// and started again: the process stays up, /api/ready and requests answer 503 in our shape while
// the database is away, the outbox worker keeps polling, and everything recovers by itself.
// Runs with the PostgreSQL project (TEST_DATABASE_URL set) and when initdb is installed.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from './test-db.ts';
import { startSmtp } from './smtp.ts';
import { freePort, pollStatus, startServer, type ServerProcess } from './process-helpers.ts';

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const available = usePostgres() && fs.existsSync(path.join(PG_BIN, 'initdb'));
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** What a person ticks at sign-up: the privacy notice and '18 or older'. */
const TICKED = { acceptNotice: true, adult: true };

/** Runs a PostgreSQL tool; as root it runs as the postgres user (initdb refuses root). */
function pgTool(tool: string, args: string[]) {
  const bin = path.join(PG_BIN, tool);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

describe.skipIf(!available)('the database goes away and comes back (issue 9, item 1)', () => {
  const children: ChildProcess[] = [];
  let dir = '';
  let pgPort = 0;
  let base = '';
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let cookie = '';
  const email = `outage.${Date.now()}@gmail.com`;

  const pgCtl = (action: 'start' | 'stop') =>
    action === 'start'
      ? pgTool('pg_ctl', [
          '-D',
          dir,
          '-l',
          path.join(dir, 'log'),
          '-o',
          `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`,
          '-w',
          'start',
        ])
      : pgTool('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-h9a-pg-'));
    if (asRoot) await run('chown', ['postgres', dir]);
    await pgTool('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    // Ports the system picks, not the shared range: a server or cluster another run left behind
    // must never be reachable at this run's addresses.
    pgPort = await freePort(0, 0);
    await pgCtl('start');
    smtp = await startSmtp();
    const appPort = await freePort(0, 0);
    base = `http://127.0.0.1:${appPort}`;
    server = startServer(
      {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
        SEED_DEMO: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        OUTBOX_POLL_MS: '300',
        STATIC_DIR: path.join(dir, 'none'),
        DATA_DIR: path.join(dir, 'data'),
      },
      children,
    );
    await pollStatus(`${base}/api/ready`, (s) => s === 200);
    // A sign-up ticks the privacy notice and '18 or older' (docs/decisions/0053-notice-and-consent.md).
    const signup = await post('/api/auth/signup', {
      ...TICKED,
      role: 'Family-Member',
      name: 'Outage Test',
      email,
      password: 'outage-password-1',
    });
    expect(signup.status).toBeLessThan(300);
    // Sign-up signs no one in: the account opens from the link the SMTP server receives.
    const mail = await smtp.waitFor((m) => m.to.includes(email), 120_000);
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /\/confirm-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
    const confirmed = await post('/api/auth/confirm', { token, password: 'outage-password-1' });
    expect(confirmed.status).toBe(200);
    cookie = (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^rihaai_session=/);
  }, 400_000);

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await smtp?.close();
    if (dir) {
      await pgCtl('stop').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body: JSON.stringify(body),
    });
  }
  const profile = () => fetch(`${base}/api/profile`, { headers: { cookie } });

  const alive = () => server.child.exitCode === null && server.child.signalCode === null;

  async function terminateBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
    await admin.connect();
    const r = await admin.query<{ n: string }>(
      `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
       where pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await admin.end();
    return Number(r.rows[0]?.n ?? 0);
  }

  it('survives pg_terminate_backend of all its connections and keeps answering', async () => {
    // Make sure the pool holds several idle connections.
    await Promise.all(Array.from({ length: 6 }, () => profile().then((r) => r.arrayBuffer())));
    expect(await terminateBackends()).toBeGreaterThan(0);
    // The terminated connections are noticed (logged), then requests succeed on new ones.
    await server.waitForOutput(/database connection lost/);
    await pollStatus(`${base}/api/ready`, (s) => s === 200);
    expect((await profile()).status).toBe(200);
    expect(alive()).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
  }, 400_000);

  const pgRunning = () =>
    pgTool('pg_ctl', ['-D', dir, 'status']).then(
      () => true,
      () => false,
    );

  // Retried: a stopped and restarted cluster on a loaded machine has been seen to take longer than
  // one pass. Each attempt starts from a running cluster (an attempt that failed mid-outage left it
  // stopped) and checks delivery with an address of its own, so no retry meets a limit or an email
  // of an earlier one.
  it(
    'answers 503 in our shape while PostgreSQL is stopped, and recovers by itself when it returns',
    { timeout: 600_000, retry: 2 },
    async () => {
      if (!(await pgRunning())) await pgCtl('start');
      await pollStatus(`${base}/api/ready`, (s) => s === 200);
      const failures = () => (server.output().match(/outbox pass failed/g) ?? []).length;
      const failuresBefore = failures();
      await pgCtl('stop');
      const status = await pollStatus(`${base}/api/ready`, (s) => s === 503);
      expect(status).toBe(503);

      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ error: { code: 'not_ready' } });
      const during = await profile();
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toBe('5');
      expect(await during.json()).toMatchObject({ error: { code: 'unavailable' } });
      const forgot = await post('/api/passwords/forgot', { email });
      expect(forgot.status).toBe(503);
      const forgotBody = await forgot.text();
      expect(forgotBody).not.toMatch(/ECONNREFUSED|select|insert|node_modules/i);

      // The outbox worker meets the outage too (it polls every 300 ms) and must not die of it.
      for (let i = 0; i < 3000 && failures() <= failuresBefore; i++) await new Promise((r) => setTimeout(r, 100));
      expect(failures()).toBeGreaterThan(failuresBefore);
      expect(alive()).toBe(true);

      await pgCtl('start');
      await pollStatus(`${base}/api/ready`, (s) => s === 200);
      expect((await profile()).status).toBe(200);

      // The worker is still polling: an email queued now (the link that opens a new account) is delivered.
      // Waited for as an event, the SMTP server's receipt, with a generous bound.
      const fresh = `outage.after.${Date.now()}@gmail.com`;
      const again = await post('/api/auth/signup', {
        ...TICKED,
        role: 'Family-Member',
        name: 'After Outage',
        email: fresh,
        password: 'outage-password-1',
      });
      expect(again.status).toBe(201);
      const delivered = await smtp
        .waitFor((m) => m.to.includes(fresh), 300_000)
        .catch((err: Error) => {
          throw new Error(`${err.message}; the server said:\n${server.output().slice(-4000)}`);
        });
      expect(delivered.to).toEqual([fresh]);
      expect(alive()).toBe(true);
      expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    },
  );
});
