// Two real server processes on one fresh PostgreSQL database: a session made on one
// works on the other, and ended on one ends on the other; concurrent NGO assignments split across both never overbook; two outbox
// workers never send one email twice and together send them all; the sign-in limit holds across
// both. Runs when TEST_DATABASE_URL is set (the postgres project). Waits on events, never sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { emailOutbox, ngoAssignments, ngos } from '#server/db/schema.ts';
import { EMAIL_PRIORITY, enqueueEmail } from '#server/lib/outbox.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createNgo, sessionCookie, TEST_PASSWORD } from './factories.ts';
import { freePort } from './process-helpers.ts';
import { startSmtp } from './smtp.ts';
import { usePostgres } from './test-db.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const SIGNIN_LIMIT = 7;
const WAIT = { timeout: 90_000, interval: 200 };

interface Server {
  base: string;
  child: ChildProcess;
  output: () => string;
}

const children: ChildProcess[] = [];

function startServer(port: number, env: Record<string, string>): Server {
  const child = spawn(TSX, ['src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { base: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function waitReady(server: Server) {
  await vi.waitFor(async () => {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    const res = await fetch(`${server.base}/api/ready`);
    expect(res.status).toBe(200);
  }, WAIT);
}

async function call(server: Server, method: string, url: string, options: { cookie?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as unknown, setCookie: res.headers.get('set-cookie') };
}

async function signIn(server: Server, role: string, email: string) {
  const res = await call(server, 'POST', '/api/auth/signin', { body: { role, email, password: TEST_PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return res.setCookie!.split(';')[0]!;
}

describe.runIf(usePostgres())('two instances on one PostgreSQL', () => {
  const dbName = `rihaai_2i_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  let handle: { db: Db };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    smtp = await startSmtp();
    const env = {
      DATABASE_URL: url.toString(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SEED_DEMO: 'false',
      NODE_ENV: 'development',
      OUTBOX_POLL_MS: '100',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: String(SIGNIN_LIMIT),
      RATE_LIMIT_SIGNIN_PER_IP: '100000',
      STATIC_DIR: path.resolve('no-such-static-dir'),
    };
    // One at a time: the first applies the migrations, the second finds them applied.
    // Ports of a range of their own below the ephemeral ports: a random port there was once taken,
    // between the pick and the listen, by an outgoing connection of the run (EADDRINUSE).
    a = startServer(await freePort(4300, 4349), env);
    await waitReady(a);
    b = startServer(await freePort(4300, 4349), env);
    await waitReady(b);
    // The test's own pool, with an error handler: the final DROP … WITH (FORCE) ends its connections.
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    pool.on('error', () => {});
    handle = { db: drizzle(pool, { schema, casing: 'snake_case' }) };
  }, 180_000);

  afterAll(async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise<void>((r) => (c.exitCode !== null ? r() : c.once('exit', () => r())))));
    await pool?.end();
    await smtp?.close();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
  }, 60_000);

  it('a session made on one instance works on the other, and signing out on the other ends it', async () => {
    const { user } = await createLawyer(handle.db);
    const cookie = await signIn(a, 'Lawyer', user.email);
    const onB = await call(b, 'GET', '/api/auth/session', { cookie });
    expect(onB.json()).toMatchObject({ user: { id: user.id, role: 'Lawyer' } });
    // A reads it too, and may keep that check for a moment (docs/decisions/0065-session-check-cache.md)...
    expect((await call(a, 'GET', '/api/auth/session', { cookie })).json()).toMatchObject({ user: { id: user.id } });
    expect((await call(b, 'POST', '/api/auth/signout', { cookie })).status).toBe(204);
    // ...until the database tells it the session ended: within milliseconds, far inside the moment (10 s).
    await vi.waitFor(async () => expect((await call(a, 'GET', '/api/auth/session', { cookie })).json()).toEqual({ user: null }), {
      timeout: 2_000,
      interval: 5,
    });
  });

  it('100 concurrent NGO assignments split across both never overbook', async () => {
    const jail = await createJailAuthority(handle.db);
    // Sessions that have passed the second factor (an official's sign-in alone reaches no data).
    const cookies = [await sessionCookie(handle.db, jail.id), await sessionCookie(handle.db, jail.id)];
    const ngo = await createNgo(handle.db, { seatsFree: 30 });
    const members = [];
    for (let i = 0; i < 100; i++) members.push((await createFamilyMember(handle.db)).user.id);
    const results = await Promise.all(
      members.map((id, i) =>
        call(i % 2 ? b : a, 'POST', `/api/jail/members/${id}/ngo`, { cookie: cookies[i % 2], body: { ngoId: ngo.id } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 409)).toHaveLength(70);
    // Both instances gave out seats.
    expect(statuses.filter((s, i) => s === 200 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((s, i) => s === 200 && i % 2 === 1).length).toBeGreaterThan(0);
    const [row] = await handle.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    const [assigned] = await handle.db.select({ n: count() }).from(ngoAssignments).where(eq(ngoAssignments.ngoId, ngo.id));
    expect(row!.seatsFree).toBe(0);
    expect(assigned!.n).toBe(30);
  }, 120_000);

  it('two outbox workers never send one email twice and together send them all', async () => {
    const tag = randomBytes(4).toString('hex');
    const subjects = Array.from({ length: 60 }, (_, i) => `Two instances ${tag} #${i}`);
    // Queued in small groups while both workers poll, so both race for the same rows.
    for (let i = 0; i < subjects.length; i += 6) {
      await Promise.all(
        subjects
          .slice(i, i + 6)
          .map((subject) =>
            enqueueEmail(handle.db, { to: 'two.instances@gmail.com', subject, text: subject }, { priority: EMAIL_PRIORITY.normal }),
          ),
      );
    }
    const received = () => smtp.received.filter((m) => m.raw.includes(`Two instances ${tag}`));
    await vi.waitFor(async () => {
      const pending = await handle.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      expect(pending[0]!.n).toBe(0);
      expect(received().length).toBeGreaterThanOrEqual(subjects.length);
    }, WAIT);
    const seen = received().map((m) => /Subject: (Two instances \S+ #\d+)/.exec(m.raw)?.[1]);
    expect(seen.sort()).toEqual([...subjects].sort());
    expect(new Set(seen).size).toBe(seen.length);
  }, 120_000);

  it(`the sign-in lock-out holds across both: ${SIGNIN_LIMIT} wrong passwords in all, whichever instance takes them`, async () => {
    const { user } = await createLawyer(handle.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/auth/signin', { body: { role: 'Lawyer', email: user.email, password: 'wrong-password' } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - SIGNIN_LIMIT);
  }, 120_000);
});
