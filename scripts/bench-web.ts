// npm run bench:web — Lighthouse (mobile emulation, simulated slow 4G and 4× CPU slowdown: Lighthouse's
// defaults) on the sign-in screen and each role's home, against this repository's own server started
// here on a fresh PGlite folder with the demo data, in Debian's Chromium. Writes
// bench/results/lighthouse-<page>.json (scores and key timings) and bench/results/lighthouse.md.
// Goal: performance ≥ 95, accessibility 100, best practices 100.
// Needs `vite build` first (the npm script does it). BENCH_PORT (default 4711) and CHROMIUM_PATH can be set.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatted } from '../bench/format.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4711);
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'rihaai-demo-2024';

const ALL_PAGES = [
  { name: 'signin', path: '/', account: null },
  { name: 'family-home', path: '/family-member', account: { role: 'Family-Member', email: 'family.demo@gmail.com' } },
  { name: 'lawyer-home', path: '/lawyer', account: { role: 'Lawyer', email: 'lawyer.demo@gmail.com' } },
  { name: 'jail-home', path: '/jail-authority', account: { role: 'Jail-Authority', email: 'jail.demo@gmail.com' } },
] as const;
// BENCH_PAGES=signin,jail-home measures only those (to look into one page's failing audits).
const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const PAGES = only?.length ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;
// A partial run is a look, not a result: it writes to a temporary folder and prints what fails.
const OUT = only?.length ? fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-bench-web-look-')) : path.join(ROOT, 'bench/results');

async function waitReady(server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${BASE}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server not ready after 120 s');
}

async function sessionCookie(account: { role: string; email: string }): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ ...account, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${account.email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-bench-web-'));
const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    // The server serves the same build in every mode; production refuses the demo accounts this bench signs in with.
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATA_DIR: path.join(dataDir, 'data'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    STATIC_DIR: process.env.STATIC_DIR ?? './dist/client',
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
  },
});

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitReady(server);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  fs.mkdirSync(OUT, { recursive: true });
  const rows: string[] = [];
  for (const page of PAGES) {
    const cookie = page.account ? await sessionCookie(page.account) : undefined;
    const run = () =>
      lighthouse(`${BASE}${page.path}`, {
        port: chrome!.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
    let result = await run();
    // On a busy machine Chromium now and then loses the navigation's trace (NO_NAVSTART): measure again once.
    if (result?.lhr.runtimeError) {
      console.log(`${page.name}: ${result.lhr.runtimeError.code}, measuring again`);
      result = await run();
    }
    if (!result) throw new Error(`no Lighthouse result for ${page.name}`);
    const { lhr } = result;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => {
        const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        if (only?.length) console.log(`${page.name} ${a.id}: ${a.title}\n${JSON.stringify(a.details, null, 1).slice(0, 4000)}`);
        return items.length ? `${a.id} (${JSON.stringify(items.slice(0, 2)).slice(0, 300)})` : a.id;
      });
    const summary = {
      page: page.name,
      url: lhr.finalDisplayedUrl,
      at: lhr.fetchTime,
      lighthouse: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices') },
      timingsMs: {
        firstContentfulPaint: ms('first-contentful-paint'),
        largestContentfulPaint: ms('largest-contentful-paint'),
        totalBlockingTime: ms('total-blocking-time'),
        speedIndex: ms('speed-index'),
      },
      cumulativeLayoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
      failingAudits: failing,
      runtimeError: lhr.runtimeError?.code ?? null,
    };
    fs.writeFileSync(path.join(OUT, `lighthouse-${page.name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
    // A look keeps the whole report (LCP element, request chains, network timings) to read.
    if (only?.length) fs.writeFileSync(path.join(OUT, `lhr-${page.name}.json`), JSON.stringify(lhr));
    rows.push(
      `| ${page.name} | ${summary.scores.performance} | ${summary.scores.accessibility} | ${summary.scores.bestPractices} | ${summary.timingsMs.firstContentfulPaint} | ${summary.timingsMs.largestContentfulPaint} | ${summary.timingsMs.totalBlockingTime} | ${failing.map((f) => f.split(' (')[0]).join(', ') || '—'} |`,
    );
    console.log(
      `${page.name}: performance ${summary.scores.performance}, accessibility ${summary.scores.accessibility}, best practices ${summary.scores.bestPractices}`,
    );
  }
  const md = [
    '# Lighthouse (mobile emulation)',
    '',
    `Measured ${new Date().toISOString()} by \`npm run bench:web\` against the local production build (Debian Chromium, Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}). Goal: performance ≥ 95, accessibility 100, best practices 100.`,
    '',
    '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | failing audits |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  const mdFile = path.join(OUT, 'lighthouse.md');
  // As Prettier writes it, so a fresh run passes `prettier --check`.
  fs.writeFileSync(mdFile, await formatted(mdFile, md));
  console.log(`written: ${path.relative(ROOT, OUT)}/lighthouse-*.json and lighthouse.md`);
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
