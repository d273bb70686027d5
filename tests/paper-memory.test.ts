// The embedded database runs in the server's own process: papers stored in its rows passed through
// its heap, and four uploads and downloads at a time raised the process's peak memory by about
// 2.5 to 3.5 times the bytes stored (+417 and +537 MiB for 160 MiB in two runs before the change).
// Stored as files beside it, they do not pass through it (docs/decisions/0019-papers-beside-the-embedded-database-files.md).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { minimalPdf, multipartBody } from './fixtures/files.ts';
import { freePort, pollStatus, startServer, withMigratedDatabase } from './process-helpers.ts';
import { usePostgres } from './test-db.ts';

const MIB = 1024 * 1024;
const PAPERS = 40;
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const status = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** The process's peak resident memory while `work` runs: the kernel's own peak, reset first, else sampled. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let sampled = status(pid, 'VmRSS');
  let kernelPeak = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    kernelPeak = false;
  }
  const sampler = setInterval(() => (sampled = Math.max(sampled, status(pid, 'VmRSS'))), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(sampled, kernelPeak ? status(pid, 'VmHWM') : 0);
}

describe.skipIf(usePostgres())('papers on the embedded database (issue 9, item 4)', () => {
  it(
    `storing and reading ${PAPERS} papers of 4 MiB, four at a time, does not raise the server's peak memory by anything near the bytes`,
    { timeout: 180_000 },
    async () => {
      const dir = await withMigratedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-paper-memory-')));
      dirs.push(dir);
      const port = await freePort(4510, 4529);
      const p = startServer(
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          STATIC_DIR: path.join(dir, 'none'),
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
          UPLOAD_QUOTA_PER_USER_MB: '1000',
          UPLOAD_CONCURRENT_PER_USER: '4',
        },
        children,
      );
      const base = `http://127.0.0.1:${port}`;
      await pollStatus(`${base}/api/ready`, (s) => s === 200);
      const json = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
      const account = { role: 'Family-Member', email: 'memory@gmail.com', password: 'memory-password-1' };
      const signUp = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: json,
        // Ticked as a person ticks them: the privacy notice and '18 or older' (docs/decisions/0053-notice-and-consent.md).
        body: JSON.stringify({ ...account, name: 'Memory', acceptNotice: true, adult: true }),
      });
      expect(signUp.status).toBe(201);
      // Sign-up signs no one in: the link the log mailer writes opens the account (decision 0018).
      const linked = /confirm-email\?token=([\w-]+)/;
      await p.waitForOutput(linked);
      const token = linked.exec(p.output())![1];
      const opened = await fetch(`${base}/api/auth/confirm`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ token, password: account.password }),
      });
      expect(opened.status).toBe(200);
      const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
      const registration = await fetch(`${base}/api/family/registration`, {
        method: 'PUT',
        headers: { ...json, cookie },
        body: JSON.stringify({
          phone: '9876543210',
          address: '1 Memory Road, Delhi',
          caseNumber: 'FIR-1/2024',
          detail: 'Memory',
          caseType: 'Criminal Defense Lawyer',
          prisonerConsent: 'visit',
        }),
      });
      expect(registration.status, await registration.text()).toBeLessThan(300);

      // Every paper different, so none can be stored or cached once for all.
      const paper = (i: number) => Buffer.concat([minimalPdf(`Paper ${i}`), Buffer.alloc(4 * MIB, i % 256)]);
      const storeAndRead = async (i: number) => {
        const bytes = paper(i);
        const body = multipartBody(`paper-${i}.pdf`, 'application/pdf', bytes);
        const res = await fetch(`${base}/api/family/documents`, {
          method: 'POST',
          headers: { 'sec-fetch-site': 'same-origin', cookie, 'content-type': body.contentType },
          body: body.payload,
        });
        expect(res.status).toBe(201);
        const { url } = (await res.json()) as { url: string };
        const got = await fetch(`${base}${url}`, { headers: { cookie } });
        expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
        return bytes.length;
      };
      // Warm up (code paths compiled, buffers pooled) before the baseline.
      for (let i = 0; i < 3; i++) await storeAndRead(1000 + i);
      const pid = p.child.pid!;
      const before = status(pid, 'VmRSS');
      let stored = 0;
      // Four at a time (the per-process cap), each paper stored then read back.
      const peak = await peakDuring(pid, async () => {
        await Promise.all(
          [0, 1, 2, 3].map(async (worker) => {
            for (let i = worker; i < PAPERS; i += 4) {
              const size = await storeAndRead(i);
              stored += size;
            }
          }),
        );
      });
      const figures = `RSS ${Math.round(before / MIB)} MiB, peak ${Math.round(peak / MIB)} MiB while ${Math.round(stored / MIB)} MiB were stored and read`;
      expect(stored).toBeGreaterThan(PAPERS * 4 * MIB);
      // Generous for a noisy shared machine: with papers in PGlite's rows the peak rose by 2.5–3.5× the bytes.
      expect(peak - before, figures).toBeLessThan(stored * 0.5);
      expect(fs.readdirSync(path.join(dir, 'files')).filter((f) => !f.startsWith('.'))).toHaveLength(PAPERS + 3);
    },
  );

  it('the server removes old files no document points to when it starts, and keeps fresh ones', { timeout: 120_000 }, async () => {
    const dir = await withMigratedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-paper-sweep-')));
    dirs.push(dir);
    const files = path.join(dir, 'files');
    fs.mkdirSync(path.join(files, '.incoming'), { recursive: true });
    const old = path.join(files, '11111111-1111-4111-8111-111111111111');
    const oldHalf = path.join(files, '.incoming', '22222222-2222-4222-8222-222222222222');
    const fresh = path.join(files, '33333333-3333-4333-8333-333333333333');
    for (const f of [old, oldHalf, fresh]) fs.writeFileSync(f, 'x');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    for (const f of [old, oldHalf]) fs.utimesSync(f, dayAgo, dayAgo);
    const port = await freePort(4530, 4549);
    startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'none'), SEED_DEMO: 'false' }, children);
    await pollStatus(`http://127.0.0.1:${port}/api/ready`, (s) => s === 200);
    expect([old, oldHalf, fresh].map((f) => fs.existsSync(f))).toEqual([false, false, true]);
  });
});
