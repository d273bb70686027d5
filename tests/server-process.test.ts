// The real process: configuration errors name the variable, one embedded database per process,
// and SIGTERM drains and exits cleanly (releasing the lock).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { usePostgres } from './test-db.ts';
import { withMigratedDatabase } from './process-helpers.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(TSX, ['src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    output += d.toString();
    for (const l of listeners) l();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /**
   * Resolves when the process says it is ready (main.ts prints "Rihaai is ready at" after listen), and
   * fails if it exits first. No clock: a slow machine only makes it later; the test's own timeout bounds it.
   */
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes('Rihaai is ready at')) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
      void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
    });
  return { child, exited, ready, output: () => output };
}

/** After the process says it is ready, /api/ready must answer 200 at once. */
async function expectReady(p: { ready: () => Promise<void> }, port: number) {
  await p.ready();
  const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
  expect(res.status).toBe(200);
}

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ JAIL_AUTHORITY_CODE: 'short' })).toThrow(/JAIL_AUTHORITY_CODE/);
    expect(parseEnv({}).PORT).toBe(3000);
  });
});

describe.skipIf(usePostgres())('the server process', () => {
  it('refuses a bad variable at start-up with its name', async () => {
    const p = start({ PORT: 'not-a-port' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/PORT/);
    expect(p.output()).not.toMatch(/\n\s+at /);
  }, 600_000);

  it('holds its embedded database alone, prints demo accounts, and shuts down cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-proc-'));
    const port = 3900 + Math.floor(Math.random() * 90);
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'none') };
    const first = start(env);
    await expectReady(first, port);
    // The start-up banner names the port really set, not the default 3000.
    expect(first.output()).toMatch(new RegExp(`Rihaai is ready at http://\\S+:${port}\\b`));
    expect(first.output()).toMatch(/family\.demo@gmail\.com/);
    expect(first.output()).toMatch(/Jail-Authority registration code: RIHAAI-JAIL-2024/);
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(true);

    const second = start({ ...env, PORT: String(port + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);

    // The data survived: a restart finds the demo accounts and does not seed again.
    const third = start(env);
    await expectReady(third, port);
    expect(third.output()).not.toMatch(/Demo data loaded/);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 600_000);

  it('in development listens on 127.0.0.1 by default and prints the development mailbox, which lists the emails', async () => {
    const dir = await withMigratedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-proc-')));
    const port = 3900 + Math.floor(Math.random() * 90);
    // HOST '' is unset (parseEnv drops empty values): the default applies.
    const p = start({ NODE_ENV: 'development', HOST: '', PORT: String(port), DATA_DIR: dir, STATIC_DIR: path.join(dir, 'none') });
    await expectReady(p, port);
    expect(p.output()).toContain(`Development mailbox (every email, links clickable): http://localhost:${port}/dev/mail`);
    const page = await fetch(`http://127.0.0.1:${port}/dev/mail`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Development mailbox');
    // Not on the machine's other addresses.
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${port}/api/health`)).rejects.toThrow();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 600_000);
});
