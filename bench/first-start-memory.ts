// The memory of a first start: `tsx src/server/main.ts` on a new, empty embedded database (created,
// migrated, demo data loaded), as `npm start` runs it on a fresh clone. Waits for /api/ready and the
// demo data, then samples VmRSS of the server's node process from /proc/<pid>/status every 5 s for
// --seconds (default 60: V8 gives back start-up memory once the server idles), and prints VmRSS at
// ready, the highest from then on, at the end (idle), and VmHWM (the high-water mark, start-up
// included). Exits 1 when the idle VmRSS is above --max-rss-mb, or the highest above --max-peak-mb.
// Memory, not time, is what this measures: it holds on a busy machine.
//
//   npx tsx bench/first-start-memory.ts [--max-rss-mb 450] [--max-peak-mb N] [--seconds 60]
//                                       [--restart] [--tsx-cache] [--keep]
//
// --restart starts the server a second time on the same folder and measures that too (the yardstick).
// tsx compiles every file at start, as on a fresh clone, unless --tsx-cache lets it use its cache.
// Linux only (/proc). The process measured is the node process that runs main.ts (tsx's child), not
// tsx's wrapper; other processes under it (the one that creates the database and exits) are listed too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    'max-rss-mb': { type: 'string' },
    'max-peak-mb': { type: 'string' },
    seconds: { type: 'string', default: '60' },
    restart: { type: 'boolean', default: false },
    'tsx-cache': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const maxRssMb = args['max-rss-mb'] === undefined ? undefined : Number(args['max-rss-mb']);
const maxPeakMb = args['max-peak-mb'] === undefined ? undefined : Number(args['max-peak-mb']);
const seconds = Math.max(0, Number(args.seconds));
const SAMPLE_MS = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of a process in MB, or undefined once it is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** The processes under `pid` (children first, then theirs), from /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const c of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
        out.push(c);
        visit(c);
      }
    }
  };
  visit(pid);
  return out;
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Measured {
  rss: number;
  hwm: number;
}

interface Result {
  /** VmRSS when /api/ready answers with the demo data loaded. */
  atReady: number;
  /** The highest VmRSS sampled from then on. */
  peak: number;
  /** VmRSS at the end of the window: what the idle server holds. */
  idle: number;
  /** VmHWM at the end: the highest RSS the process ever had, start-up included. */
  hwm: number;
}

/** Starts the server on `dir`, waits for /api/ready and the demo data, samples it for the window, stops it. */
async function startAndMeasure(dir: string, label: string): Promise<Result> {
  const port = await freePort();
  const tsx = path.resolve('node_modules/.bin/tsx');
  const child = spawn(tsx, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      STATIC_DIR: path.join(dir, 'no-client'),
      LOG_LEVEL: 'warn',
      // As on a fresh clone, tsx compiles every file at start (its cache is empty), unless --tsx-cache.
      ...(args['tsx-cache'] ? {} : { TSX_DISABLE_CACHE: '1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  // Every process seen under tsx while it starts, with the highest RSS sampled (a helper that creates
  // the database and exits shows here, as far as a 100 ms sample catches it).
  const seen = new Map<number, { command: string; rss: number; hwm: number }>();
  const look = () => {
    for (const pid of descendants(child.pid!)) {
      const m = memoryOf(pid);
      if (!m || Number.isNaN(m.rss)) continue;
      const prev = seen.get(pid);
      // The command read last: a process read between fork and exec still shows its parent's.
      seen.set(pid, {
        command: commandOf(pid) || (prev?.command ?? ''),
        rss: Math.max(prev?.rss ?? 0, m.rss),
        hwm: Math.max(prev?.hwm ?? 0, m.hwm),
      });
    }
  };

  const started = Date.now();
  let ready = false;
  while (!ready) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() - started > 600_000) throw new Error(`not ready after 10 minutes:\n${output}`);
    look();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      ready = res.status === 200;
    } catch {
      // not listening yet
    }
    if (!ready) await sleep(100);
  }
  // main.ts loads the demo data before it listens and prints the accounts once it is listening.
  while (!/Demo (data loaded|accounts)/.test(output)) {
    if (gone) throw new Error(`the server exited:\n${output}`);
    if (Date.now() - started > 600_000) throw new Error(`no demo data after 10 minutes:\n${output}`);
    await sleep(100);
  }
  const readyMs = Date.now() - started;
  const seeded = /Demo data loaded/.test(output);

  // The server: the process under tsx that is still alive and runs main.ts (tsx's own node child).
  const server = descendants(child.pid!).find((pid) => commandOf(pid).includes('src/server/main.ts') && memoryOf(pid));
  if (server === undefined) throw new Error('no server process found under tsx');
  const rows: Measured[] = [];
  const until = Date.now() + seconds * 1000;
  for (;;) {
    look();
    const m = memoryOf(server);
    if (!m) throw new Error(`the server process ${server} is gone:\n${output}`);
    rows.push(m);
    if (Date.now() >= until) break;
    await sleep(Math.min(SAMPLE_MS, until - Date.now()));
  }
  const result = {
    atReady: rows[0]!.rss,
    peak: Math.max(...rows.map((r) => r.rss)),
    idle: rows[rows.length - 1]!.rss,
    hwm: rows[rows.length - 1]!.hwm,
  };

  console.log(
    `${label}: ${path.join(dir, 'db')}, ready after ${(readyMs / 1000).toFixed(1)} s, ${seeded ? 'demo data loaded' : 'demo data already there'}`,
  );
  console.log(`  server pid ${server}: VmRSS every ${SAMPLE_MS / 1000} s from ready: ${rows.map((r) => r.rss.toFixed(0)).join(' ')} MB`);
  console.log(
    `  VmRSS at ready ${mb(result.atReady)}, highest ${mb(result.peak)}, after ${seconds} s ${mb(result.idle)}; VmHWM ${mb(result.hwm)}`,
  );
  for (const [pid, p] of seen) {
    if (pid === server || p.command.includes('esbuild')) continue;
    console.log(`  other process ${pid} (${p.command.slice(0, 60)}…): highest RSS sampled ${mb(p.rss)}, VmHWM ${mb(p.hwm)}`);
  }

  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (!gone) child.kill('SIGKILL');
  return result;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-first-start-'));
  let first: Result;
  try {
    first = await startAndMeasure(dir, 'first start (new folder)');
    if (args.restart) await startAndMeasure(dir, 'restart (same folder)');
  } finally {
    if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
  const checks: [string, number, number | undefined][] = [
    [`first start: VmRSS after ${seconds} s`, first.idle, maxRssMb],
    ['first start: highest VmRSS from ready on', first.peak, maxPeakMb],
  ];
  for (const [what, value, limit] of checks) {
    if (limit === undefined) continue;
    if (value > limit) {
      console.log(`FAIL: ${what} ${mb(value)} is above ${limit} MB`);
      process.exitCode = 1;
    } else {
      console.log(`ok: ${what} ${mb(value)} ≤ ${limit} MB`);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
