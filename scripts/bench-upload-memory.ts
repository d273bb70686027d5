// Benchmark: the server's memory under 20 parallel 9 MiB uploads from 20 accounts,
// with the default per-process upload cap and with the cap lifted (as before the fix), then after
// every stored paper has been downloaded once (on the embedded database, papers stored in rows
// grew PGlite's heap, in the server's own process, by each file stored or read: docs/decisions/0019-papers-beside-the-embedded-database-files.md).
//   npx tsx scripts/bench-upload-memory.ts [port]
// Starts its own server on an embedded database in a temporary folder (or on PostgreSQL when
// DATABASE_URL names an empty database); prints idle and peak RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { minimalPdf, multipartBody } from '../tests/fixtures/files.ts';

const basePort = Number(process.argv[2] ?? 4210);
const PARALLEL = 20;
const FILE = Buffer.concat([minimalPdf(), Buffer.alloc(9 * 1024 * 1024, 0x20)]);
const SAME = { 'sec-fetch-site': 'same-origin' };

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function run(port: number, cap: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'db'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      OUTBOX_POLL_MS: '200',
      STATIC_DIR: path.join(dir, 'none'),
      RATE_LIMIT_SIGNIN_PER_IP: '100000',
      RATE_LIMIT_SIGNUP_PER_IP: '100000',
      UPLOAD_CONCURRENT_PER_PROCESS: cap,
      UPLOAD_QUOTA_TOTAL_MB: '100000',
    },
    // The log is read for the links that open the accounts (no SMTP: emails are written to the log).
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const links = new Map<string, string>();
  const waiting = new Map<string, (link: string) => void>();
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('confirm-email')) continue;
      const { email } = JSON.parse(line) as { email?: { to: string; links: string[] } };
      const link = email?.links.find((l) => l.includes('/confirm-email?token='));
      if (!email || !link) continue;
      links.set(email.to, link);
      waiting.get(email.to)?.(link);
    }
  });
  const confirmLink = (to: string) =>
    new Promise<string>((resolve) => (links.has(to) ? resolve(links.get(to)!) : waiting.set(to, resolve)));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const cookies: string[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      const email = `bench${port}x${i}@gmail.com`;
      const account = { role: 'Family-Member', email, password: 'bench-password-1' };
      const json = { ...SAME, 'content-type': 'application/json' };
      await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...account, name: `Bench ${i}`, acceptNotice: true, adult: true }),
      });
      // Sign-up signs no one in: the emailed link opens the account (docs/decisions/0018-signup-confirm-by-email-link.md).
      const token = new URL(await confirmLink(email)).searchParams.get('token');
      const opened = await fetch(`${base}/api/auth/confirm`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ token, password: account.password }),
      });
      const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
      const reg = await fetch(`${base}/api/family/registration`, {
        method: 'PUT',
        headers: { ...json, cookie },
        body: JSON.stringify({
          phone: '9876543210',
          address: '1 Bench Road, Delhi',
          caseNumber: `FIR-${i}/2024`,
          detail: 'Benchmark case',
          caseType: 'Criminal Defense Lawyer',
          prisonerConsent: 'visit',
        }),
      });
      if (!reg.ok) throw new Error(`registration failed: ${reg.status} ${await reg.text()}`);
      cookies.push(cookie);
    }
    const stored: { cookie: string; url: string }[] = [];
    global.gc?.();
    const idle = rssMiB(child.pid!);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 20);
    const statuses = await Promise.all(
      cookies.map(async (cookie) => {
        const body = multipartBody('bail.pdf', 'application/pdf', FILE);
        // A refused upload (429) is answered before its body is read and the connection closed:
        // the client may see the reset while still sending. Counted, not fatal.
        try {
          const res = await fetch(`${base}/api/family/documents`, {
            method: 'POST',
            headers: { ...SAME, cookie, 'content-type': body.contentType },
            body: body.payload,
          });
          const answer = await res.text();
          if (res.status === 201) stored.push({ cookie, url: (JSON.parse(answer) as { url: string }).url });
          return String(res.status);
        } catch {
          return 'reset';
        }
      }),
    );
    clearInterval(sampler);
    const afterStore = rssMiB(child.pid!);
    let read = 0;
    for (const { cookie, url } of stored) {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !bytes.equals(FILE)) throw new Error(`download ${url}: ${res.status}, ${bytes.length} bytes`);
      read += bytes.length;
    }
    const afterRead = rssMiB(child.pid!);
    const tally = Object.entries(statuses.reduce<Record<string, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {}))
      .map(([s, n]) => `${n}×${s}`)
      .join(' ');
    console.log(
      `cap ${cap.padStart(3)}: idle ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB (+${(peak - idle).toFixed(0)} MiB, ${(peak / idle).toFixed(2)}×); ${tally}; ` +
        `after storing ${afterStore.toFixed(0)} MiB, after reading ${(read / 1024 / 1024).toFixed(0)} MiB back ${afterRead.toFixed(0)} MiB (+${(afterRead - idle).toFixed(0)} MiB over idle)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await run(basePort, '4');
await run(basePort + 1, '100');
