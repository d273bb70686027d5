// `npm run bench`: seeds a database at scale (with a heavy tail: bench/README.md), then measures every
// hot read and write of the app with autocannon, in one run against one server, next to a baseline
// route that runs only the raw indexed 50-row page query on the same database, and a write baseline
// (one short transaction updating one indexed row and inserting one). Prints a table and writes JSON and
// markdown under bench/results/.
//
//   npm run bench                         100,000 members on PGlite (PostgreSQL when DATABASE_URL is set)
//   npm run bench -- --members 20000      another scale
//   npm run bench -- --quick              3,000 members, short runs: a smoke test (npm test runs it)
//   options: --duration <s> (10), --connections <n> (10), --no-c50, --reset (wipe DATABASE_URL's data), --port <n>,
//            --requests <n> (a row in --quick, 30), --keep (PostgreSQL: reuse the database an earlier run seeded; the
//            writes' work lists shrink with each run), --only <substring> (measure only the baseline and the rows
//            whose name contains it, e.g. --only search, or one of several: --only 'search|assign'; the results
//            files are then not written),
//            --emails <n> (the outbox row's queue: 2,000, 200 in --quick)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startSmtp } from '../tests/smtp.ts';
import { formatted } from './format.ts';
import type { Prepared } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const quick = flag('quick');
// The smoke run seeds 3,000 members: enough for every row's work, in a third of 10,000's seeding time.
const members = option('members', quick ? 3_000 : 100_000);
const duration = option('duration', quick ? 2 : 10);
const connections = option('connections', 10);
const withC50 = !quick && !flag('no-c50');
const port = option('port', 4301);
const dbLabel = process.env.DATABASE_URL ? 'postgres' : 'pglite';
/** Requests a row in --quick (--requests <n> for a steadier before/after comparison). */
const QUICK_REQUESTS = option('requests', 30);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '') : undefined;
const picked = (s: Scenario) => only === undefined || only.split('|').some((o) => s.name.includes(o));
/** The outbox row's queue of emails. */
const EMAILS = option('emails', quick ? 200 : 2_000);
const EMAIL_ROW = `outbox: ${EMAILS.toLocaleString('en')} emails to a local SMTP server, one worker (-c = SMTP connections, req/s = emails/s)`;

interface Scenario {
  name: string;
  /** The route the row must hit, as the server registered it ("GET /api/jail/members"). */
  route: string;
  group: 'baseline' | 'write-baseline' | 'read' | 'write' | 'sign-in' | 'email';
  method: 'GET' | 'POST' | 'PUT';
  /** Connections for this row instead of -c (an edit that carries the version it read runs one at a time). */
  connections?: number;
  /** One request, or the next item of a work list (a write each item can make once). */
  next: () => { path: string; headers?: Record<string, string>; body?: string | Buffer };
  /** How many requests the work list allows. */
  limit?: number;
}

interface Result {
  name: string;
  group: Scenario['group'];
  connections: number;
  /** Answered to the client (any status). */
  requests: number;
  /** Completed requests per second of the run's wall-clock time. */
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers slower than 1 s, plus timeouts (requests cut off at the end of a run are `unfinished`). */
  over1s: number;
  /** Connection errors and timeouts (client side). */
  errors: number;
  /** Answers that were not 2xx (server side, on the named route). */
  non2xx: number;
  timeouts: number;
  /** Requests the server received that the client saw no answer to (cut off at the end of a run, or timed out). */
  unfinished: number;
  /** The HTTP statuses the client saw. */
  statusCodes: string;
  /** Responses from any route other than the one the row names (a harness bug if not 0). */
  wrongRoute: number;
  ratio: number | null;
  /** A write's req/s over the write baseline's (one short transaction updating one indexed row and inserting one). */
  writeRatio: number | null;
  /** SQL statements the server ran during the row divided by the requests it received (after it drained, the client's abandoned ones included). */
  statementsPerRequest: number;
  peakRssMb: number;
}

function startServer(): Promise<{ child: ChildProcess; prepared: Prepared }> {
  const child = fork(path.join(here, 'server.ts'), [], {
    // BENCH_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: {
      ...process.env,
      BENCH_MEMBERS: String(members),
      BENCH_PORT: String(port),
      BENCH_WORK: String(quick ? 1_000 : 8_000),
      BENCH_RESET: flag('reset') ? '1' : '',
      BENCH_KEEP: flag('keep') ? '1' : '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      const msg = m as { type: string; prepared: Prepared };
      if (msg.type === 'ready') resolve({ child, prepared: msg.prepared });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
  });
}

interface Stats {
  queries: number;
  requests: number;
  inFlight: number;
  byRoute: Record<string, { ok: number; other: number }>;
  maxRssBytes: number;
}

async function stats(base: string): Promise<Stats> {
  const res = await fetch(`${base}/__bench/stats`);
  return (await res.json()) as Stats;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server has answered everything it was sent (autocannon stops waiting at the end
 * of a run or on a timeout; the server does not), so no row's backlog runs into the next row or is
 * counted in its statements. Generous: on a slow machine a backlog can take a while.
 */
async function drain(base: string): Promise<Stats> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const s = await stats(base);
    if (s.inFlight <= 0) return s;
    if (Date.now() > deadline) throw new Error(`bench: the server still has ${s.inFlight} requests in flight after 5 minutes`);
    await sleep(50);
  }
}

function routeDelta(before: Stats, after: Stats, route: string) {
  const a = after.byRoute[route] ?? { ok: 0, other: 0 };
  const b = before.byRoute[route] ?? { ok: 0, other: 0 };
  return { ok: a.ok - b.ok, other: a.other - b.other };
}

function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

function multipart(): { body: Buffer; type: string } {
  const boundary = '----rihaaibench';
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bail.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function headersFor(cookie: string | undefined): Record<string, string> {
  return cookie ? { cookie } : {};
}

function scenarios(p: Prepared): Scenario[] {
  const json = { 'content-type': 'application/json' };
  const jail = { cookie: p.jail };
  const get = (name: string, url: string, cookie?: string): Scenario => ({
    name,
    route: `GET ${url.split('?')[0]}`,
    group: 'read',
    method: 'GET',
    next: () => ({ path: url, headers: headersFor(cookie) }),
  });
  const q = (s: string) => `/api/jail/members?pageSize=50&q=${encodeURIComponent(s)}`;
  const up = multipart();
  const w = p.work;
  return [
    get('dashboard, first page', '/api/jail/members?pageSize=50', p.jail),
    get('dashboard, deep page (middle, by cursor)', `/api/jail/members?pageSize=50&page=1000&after=${p.deepCursor}`, p.jail),
    get('dashboard, last page', '/api/jail/members?pageSize=50&last=true', p.jail),
    get('dashboard, search by name', q(p.search.name), p.jail),
    get('dashboard, search by email', q(p.search.email), p.jail),
    get('dashboard, search by phone', q(p.search.phone), p.jail),
    get('dashboard, search by case id', q(p.search.caseId), p.jail),
    get('dashboard, filter no lawyer', '/api/jail/members?pageSize=50&filter=no-lawyer', p.jail),
    get('dashboard, filter no NGO', '/api/jail/members?pageSize=50&filter=no-ngo', p.jail),
    get('dashboard, filter bail waiting', '/api/jail/members?pageSize=50&filter=bail-waiting', p.jail),
    get('dashboard, filter bail accepted', '/api/jail/members?pageSize=50&filter=bail-accepted', p.jail),
    get('dashboard, filter eligible now (S.479)', '/api/jail/members?pageSize=50&filter=eligible-now', p.jail),
    get('dashboard, filter eligible within 30 days', '/api/jail/members?pageSize=50&filter=eligible-30-days', p.jail),
    get('dashboard, filter default bail due', '/api/jail/members?pageSize=50&filter=default-bail-due', p.jail),
    get('dashboard, filter past the maximum', '/api/jail/members?pageSize=50&filter=past-maximum', p.jail),
    get('dashboard, release counts', '/api/jail/release-counts', p.jail),
    get('bail page', '/api/jail/members', p.jail),
    get('dashboard, Select NGO (free seats, nearest first)', `/api/ngos/choices?member=${p.familyId}`, p.jail),
    // 'Bench NGO 1' starts the names of 111 of the 200 NGOs: a broad search.
    get('dashboard, Select NGO by name', `/api/ngos/choices?member=${p.familyId}&q=bench%20ngo%201`, p.jail),
    // A state of many prisons: the largest prison's jail authority, its district's DLSA, the administrator.
    get('one prison (largest): dashboard, first page', '/api/jail/members?pageSize=50', p.prison.jail),
    get('one prison: search by name', `/api/jail/members?pageSize=50&q=${encodeURIComponent(p.prison.memberName)}`, p.prison.jail),
    get('one prison: filter no lawyer', '/api/jail/members?pageSize=50&filter=no-lawyer', p.prison.jail),
    get('one prison: release counts', '/api/jail/release-counts', p.prison.jail),
    get('one prison: prisoner search by name', `/api/prisoners/search?q=${encodeURIComponent(p.prison.prisonerName)}`, p.prison.jail),
    get('DLSA: district list', '/api/prisoners/search', p.prison.dlsa),
    // The UTRC list's screen reads one group at a time, its first 50: a release group by the per-prison
    // release-flag indexes (decision 0056), and S.478's by cases_bailable_custody_idx.
    get('DLSA: UTRC list, one group (eligible now)', '/api/dlsa/utrc?category=eligible-now', p.prison.dlsa),
    get('DLSA: UTRC list, one group (bailable, a week inside)', '/api/dlsa/utrc?category=bailable-week', p.prison.dlsa),
    // Its print view: every group, up to 300 prisoners each (a document printed for the quarterly meeting).
    get('DLSA: UTRC print view (every group)', '/api/dlsa/utrc', p.prison.dlsa),
    // The legal-aid inbox: the district's undecided applications, due day first, 50 a page (legal_aid_applications_inbox_idx).
    get('DLSA: legal-aid inbox', '/api/dlsa/legal-aid', p.prison.dlsa),
    // The bail desk: the district's bailed-not-released cases, oldest bail order first, 50 a page, with their clocks.
    get('DLSA: bail desk', '/api/dlsa/bail-desk', p.prison.dlsa),
    get('administrator: counts per prison', '/api/admin/prison-counts', p.prison.admin),
    get('family: lawyer search', '/api/family/lawyers', p.family),
    get('family: lawyer search, next page (cursor)', `/api/family/lawyers?after=${p.lawyersCursor}`, p.family),
    get('family: case status', '/api/family/cases', p.family),
    get('lawyer: pending requests', '/api/lawyers/requests', p.lawyer),
    get('lawyer: clients', '/api/lawyers/clients', p.lawyer),
    ...heavyTail(p),
    {
      name: 'request a lawyer',
      route: 'POST /api/family/requests',
      group: 'write',
      method: 'POST',
      limit: w.request.length,
      next: ((n) => () => {
        const it = n();
        return { path: '/api/family/requests', headers: { ...json, cookie: it.cookie }, body: JSON.stringify({ lawyerId: it.lawyerId }) };
      })(cycle(w.request)),
    },
    {
      name: 'lawyer accepts',
      route: 'POST /api/lawyers/requests/:id/accept',
      group: 'write',
      method: 'POST',
      limit: w.accept.length,
      next: ((n) => () => {
        const it = n();
        return { path: `/api/lawyers/requests/${it.id}/accept`, headers: { cookie: it.cookie } };
      })(cycle(w.accept)),
    },
    {
      name: 'lawyer rejects',
      route: 'POST /api/lawyers/requests/:id/reject',
      group: 'write',
      method: 'POST',
      limit: w.reject.length,
      next: ((n) => () => {
        const it = n();
        return { path: `/api/lawyers/requests/${it.id}/reject`, headers: { cookie: it.cookie } };
      })(cycle(w.reject)),
    },
    // All to one NGO (every assignment updates that NGO's kept count), then spread over all NGOs: the
    // heavy tail's goal is the first at half the second's rate or better.
    ...(
      [
        ['assign NGO (all to one NGO)', w.assignNgo],
        ['assign NGO (spread over all NGOs)', w.assignNgoSpread],
      ] as const
    ).map(([name, items]): Scenario => ({
      name,
      route: 'POST /api/jail/members/:id/ngo',
      group: 'write',
      method: 'POST',
      limit: items.length,
      next: ((n) => () => {
        const it = n();
        return { path: `/api/jail/members/${it.id}/ngo`, headers: { ...json, ...jail }, body: JSON.stringify({ ngoId: it.ngoId }) };
      })(cycle([...items])),
    })),
    {
      name: 'bail-accept',
      route: 'POST /api/jail/members/:id/bail-accept',
      group: 'write',
      method: 'POST',
      limit: w.bailAccept.length,
      next: ((n) => () => ({ path: `/api/jail/members/${n().id}/bail-accept`, headers: jail }))(cycle(w.bailAccept)),
    },
    {
      name: `one prison (${p.heavy.prisonPrisoners.toLocaleString('en')} prisoners): bail-accept by its jail authority`,
      route: 'POST /api/jail/members/:id/bail-accept',
      group: 'write',
      method: 'POST',
      limit: w.prisonBailAccept.length,
      next: ((n) => () => ({ path: `/api/jail/members/${n().id}/bail-accept`, headers: { cookie: p.prison.jail } }))(
        cycle(w.prisonBailAccept),
      ),
    },
    {
      name: 'edit case facts (family member)',
      route: 'PUT /api/cases/:caseId/facts',
      group: 'write',
      method: 'PUT',
      limit: w.editFacts.length,
      next: ((n) => () => {
        const it = n();
        return { path: `/api/cases/${it.id}/facts`, headers: { ...json, cookie: it.cookie }, body: it.body };
      })(cycle(w.editFacts)),
    },
    {
      name: 'upload bail paper (metadata + tiny PDF)',
      route: 'POST /api/family/documents',
      group: 'write',
      method: 'POST',
      next: ((n) => () => ({ path: '/api/family/documents', headers: { 'content-type': up.type, cookie: n().cookie }, body: up.body }))(
        cycle(w.upload),
      ),
    },
    {
      name: 'sign-in (argon2, separately)',
      route: 'POST /api/auth/signin',
      group: 'sign-in',
      method: 'POST',
      next: ((n) => () => {
        const it = n();
        return { path: '/api/auth/signin', headers: json, body: JSON.stringify({ role: 'Family-Member', ...it }) };
      })(cycle(p.signIn)),
    },
  ];
}

/**
 * The heavy tail's rows (bench/seed.ts heavyTailFor): the lists of a large NGO and a busy lawyer, first
 * and deep pages, and their edits. The edits carry what they change each time (the NGO's report, the
 * lawyer's name), so every request rewrites what an edit of a large owner rewrites; the NGO edit sends
 * the version it expects, so it runs one at a time (-c 1), each request after the one before.
 */
function heavyTail(p: Prepared): Scenario[] {
  const h = p.heavy;
  const json = { 'content-type': 'application/json' };
  const s = h.sizes;
  const ngo = `the NGO with ${s.ngoMembers.toLocaleString('en')} members`;
  const lawyer = `the lawyer with ${s.lawyerClients.toLocaleString('en')} clients and ${s.lawyerPending.toLocaleString('en')} pending`;
  const read = (name: string, route: string, url: string, cookie: string): Scenario => ({
    name: `heavy tail: ${name}`,
    route,
    group: 'read',
    method: 'GET',
    next: () => ({ path: url, headers: { cookie } }),
  });
  let version = h.ngoVersion;
  let edits = 0;
  let renames = 0;
  return [
    read(`${ngo}, members first page`, 'GET /api/ngos/:id/members', `/api/ngos/${h.ngoId}/members`, p.jail),
    read(
      `${ngo}, members deep page (middle, by cursor)`,
      'GET /api/ngos/:id/members',
      `/api/ngos/${h.ngoId}/members?after=${encodeURIComponent(h.ngoMembersCursor)}`,
      p.jail,
    ),
    read(`${lawyer}: clients first page`, 'GET /api/lawyers/clients', '/api/lawyers/clients', h.lawyer),
    read(
      `${lawyer}: clients deep page (middle, by cursor)`,
      'GET /api/lawyers/clients',
      `/api/lawyers/clients?after=${encodeURIComponent(h.clientsCursor)}`,
      h.lawyer,
    ),
    read('a family member following 3 prisoners: case status', 'GET /api/family/cases', '/api/family/cases', h.follower),
    read(`${lawyer}: pending first page`, 'GET /api/lawyers/requests', '/api/lawyers/requests', h.lawyer),
    read(
      `${lawyer}: pending deep page (middle, by cursor)`,
      'GET /api/lawyers/requests',
      `/api/lawyers/requests?after=${encodeURIComponent(h.pendingCursor)}`,
      h.lawyer,
    ),
    {
      name: `heavy tail: edit ${ngo} (its report; -c 1)`,
      route: 'PUT /api/ngos/:id',
      group: 'write',
      method: 'PUT',
      connections: 1,
      next: () => ({
        path: `/api/ngos/${h.ngoId}`,
        headers: { ...json, cookie: p.jail },
        body: JSON.stringify({
          name: 'Bench NGO heavy tail',
          address: 'Lucknow',
          contactInfo: 'heavy@bench.rihaai.in',
          report: `Report ${++edits}`,
          seatsTotal: 100_000,
          state: 'UP',
          district: 'Lucknow',
          version: version++,
        }),
      }),
    },
    {
      name: `heavy tail: rename ${lawyer} (-c 1)`,
      route: 'PUT /api/profile/details',
      group: 'write',
      method: 'PUT',
      connections: 1,
      next: () => ({
        path: '/api/profile/details',
        headers: { ...json, cookie: h.lawyer },
        body: JSON.stringify({ name: `Adv. Heavy Tail ${++renames}`, ...h.lawyerProfile }),
      }),
    },
  ];
}

const writeBaselineScenario: Scenario = {
  name: 'write baseline: one transaction updating one indexed row and inserting one',
  route: 'POST /__bench/write-baseline',
  group: 'write-baseline',
  method: 'POST',
  next: () => ({ path: '/__bench/write-baseline' }),
};

/** BENCH_TRACE: the answers this process saw take over 400 ms (wall-clock end, ms, local port), for bench/trace-match.ts. */
const slowSeen: string[] = [];

function cannon(opts: autocannon.Options, onLatency: (ms: number) => void, row = ''): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err: unknown, result) =>
      err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(result),
    );
    instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
      onLatency(ms);
      if (ms > 400 && process.env.BENCH_TRACE)
        slowSeen.push(
          JSON.stringify({
            row,
            end: Math.round((performance.timeOrigin + performance.now()) * 10) / 10,
            ms,
            port: (client as { conn?: { localPort?: number } }).conn?.localPort,
          }),
        );
    });
  });
}

/**
 * The kernel's TCP counters a slow answer can come from (retransmits, timeouts, drops, zero windows),
 * for the -c 50 lines: a run's answers over 1 s that the server never saw take that long come from here.
 */
function tcpCounters(): Record<string, number> {
  const out: Record<string, number> = {};
  const wanted = new Set([
    'RetransSegs',
    'TCPTimeouts',
    'TCPLossProbes',
    'TCPBacklogDrop',
    'TCPRcvQDrop',
    'TCPZeroWindowDrop',
    'TCPToZeroWindowAdv',
    'ListenOverflows',
    'ListenDrops',
    'TCPSynRetrans',
  ]);
  for (const file of ['/proc/net/snmp', '/proc/net/netstat']) {
    let lines: string[];
    try {
      lines = fs.readFileSync(file, 'utf8').split('\n');
    } catch {
      continue;
    }
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const names = lines[i]!.split(/\s+/).slice(1);
      const values = lines[i + 1]!.split(/\s+/).slice(1);
      names.forEach((n, j) => {
        if (wanted.has(n)) out[n] = Number(values[j]);
      });
    }
  }
  try {
    // Packets the kernel dropped from a CPU's backlog queue (loopback traffic goes through it).
    out.softnetDropped = fs
      .readFileSync('/proc/net/softnet_stat', 'utf8')
      .trim()
      .split('\n')
      .reduce((n, line) => n + parseInt(line.split(/\s+/)[1] ?? '0', 16), 0);
  } catch {
    // not Linux
  }
  return out;
}

async function measure(base: string, s: Scenario, conns: number, seconds: number, baseline: number | null): Promise<Result> {
  const before = await drain(base);
  // --quick counts requests rather than seconds, so a slow, busy machine still completes every one.
  const cap = Math.max(1, s.limit ?? Number.MAX_SAFE_INTEGER);
  let over1s = 0;
  const started = performance.now();
  let lastAnswer = started;
  const result = await cannon(
    {
      url: base,
      connections: conns,
      ...(quick
        ? { amount: Math.max(conns, Math.min(cap, QUICK_REQUESTS)) }
        : { duration: seconds, ...(s.limit !== undefined ? { maxOverallRequests: cap } : {}) }),
      // A request is never given up on early in --quick (a slow machine is not a failure); a full run
      // gives up after 10 s and counts it among those over 1 s.
      timeout: quick ? 600 : 10,
      headers: { 'sec-fetch-site': 'same-origin' },
      requests: [
        {
          method: s.method,
          setupRequest: (req) => {
            const next = s.next();
            return { ...req, method: s.method, path: next.path, headers: { ...req.headers, ...next.headers }, body: next.body };
          },
        },
      ],
    },
    (ms) => {
      lastAnswer = performance.now();
      if (ms > 1000) over1s++;
    },
    `${s.name} -c ${conns}`,
  );
  const after = await drain(base);
  const onRoute = routeDelta(before, after, s.route);
  const received = after.requests - before.requests;
  const respondedAnywhere = Object.keys(after.byRoute).reduce((n, k) => {
    const d = routeDelta(before, after, k);
    return n + d.ok + d.other;
  }, 0);
  const completed = result.requests.total;
  // Rate from what completed between the first request and the last answer (autocannon's per-second
  // average means little for a short run, and its own duration only ends on a whole-second tick).
  const elapsed = (lastAnswer - started) / 1000;
  const reqPerSec = elapsed > 0 ? completed / elapsed : 0;
  const unfinished = Math.max(0, received - completed);
  return {
    name: s.name,
    group: s.group,
    connections: conns,
    requests: completed,
    reqPerSec: Math.round(reqPerSec * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    over1s: over1s + result.timeouts,
    errors: result.errors,
    // Seen on both sides (the server's count also has those the client stopped waiting for).
    non2xx: Math.max(onRoute.other, result.non2xx),
    statusCodes: Object.keys(result.statusCodeStats ?? {}).join(' '),
    timeouts: result.timeouts,
    unfinished,
    wrongRoute: respondedAnywhere - onRoute.ok - onRoute.other,
    ratio: baseline ? Math.round((reqPerSec / baseline) * 1000) / 1000 : null,
    writeRatio: null,
    statementsPerRequest: received > 0 ? Math.round(((after.queries - before.queries) / received) * 10) / 10 : 0,
    peakRssMb: Math.round(after.maxRssBytes / 1048576),
  };
}

/**
 * One outbox worker delivering a queue of EMAILS emails (one in ten urgent) to a real SMTP server
 * (smtp-server, in this process, on 127.0.0.1, accepting everything) over the app's pooled SMTP
 * connections: emails a second, and each SMTP delivery's p50/p99/max. The sink checks every email
 * arrived once (a Message-ID seen twice is counted among the errors).
 */
async function measureOutbox(base: string): Promise<Result> {
  const smtp = await startSmtp();
  try {
    const res = await fetch(`${base}/__bench/outbox?emails=${EMAILS}&smtpPort=${smtp.port}`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    if (!res.ok) throw new Error(`bench: the outbox row answered ${res.status}: ${await res.text()}`);
    const r = (await res.json()) as {
      sent: number;
      failures: number;
      seconds: number;
      connections: number;
      statements: number;
      p50: number;
      p99: number;
      max: number;
      maxRssBytes: number;
    };
    const ids = smtp.received.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
    const twice = ids.length - new Set(ids).size;
    return {
      name: EMAIL_ROW,
      group: 'email',
      connections: r.connections,
      requests: r.sent,
      reqPerSec: Math.round((r.sent / r.seconds) * 10) / 10,
      p50: r.p50,
      p99: r.p99,
      max: r.max,
      over1s: 0,
      // Emails not delivered, delivery failures and copies received twice.
      errors: EMAILS - r.sent + r.failures + twice + Math.abs(smtp.received.length - r.sent),
      non2xx: 0,
      timeouts: 0,
      unfinished: 0,
      statusCodes: '',
      wrongRoute: 0,
      ratio: null,
      writeRatio: null,
      statementsPerRequest: r.sent > 0 ? Math.round((r.statements / r.sent) * 10) / 10 : 0,
      peakRssMb: Math.round(r.maxRssBytes / 1048576),
    };
  } finally {
    await smtp.close();
  }
}

const baselineScenario: Scenario = {
  name: 'baseline: raw indexed 50-row page query',
  route: 'GET /__bench/baseline',
  group: 'baseline',
  method: 'GET',
  next: () => ({ path: '/__bench/baseline' }),
};

function table(results: Result[]): string {
  const head =
    '| request | -c | requests | req/s | p50 ms | p99 ms | max ms | over 1 s | cut off at end | ratio to baseline | ratio to write baseline | SQL / request | errors + non-2xx | peak RSS MB |';
  const sep = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = results.map(
    (r) =>
      `| ${r.name} | ${r.connections} | ${r.requests} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${r.over1s} | ${r.unfinished} | ${r.ratio ?? '—'} | ${r.writeRatio ?? '—'} | ${r.statementsPerRequest} | ${r.errors + r.non2xx} | ${r.peakRssMb} |`,
  );
  return [head, sep, ...lines].join('\n');
}

async function main() {
  const t0 = Date.now();
  console.log(`bench: seeding ${members.toLocaleString('en')} family members on ${dbLabel}...`);
  const { child, prepared } = await startServer();
  const base = `http://127.0.0.1:${prepared.port}`;
  console.log(
    `bench: seeded in ${Math.round(prepared.seedMs / 1000)} s (${JSON.stringify(prepared.shape)}); measuring ${duration} s per request`,
  );
  const results: Result[] = [];
  try {
    // Warm up (JIT, caches), then the baseline; measured again at the end, the average is the yardstick.
    await measure(base, baselineScenario, connections, Math.min(2, duration), null);
    const b1 = await measure(base, baselineScenario, connections, duration, null);
    results.push(b1);
    // The writes' yardstick, measured in the same run (and again at the end; the average is the yardstick).
    const w1 = await measure(base, writeBaselineScenario, connections, duration, null);
    results.push(w1);
    console.log(`  ${w1.name}: ${w1.reqPerSec} req/s, p99 ${w1.p99} ms`);
    const list = scenarios(prepared).filter(picked);
    for (const s of list.filter((x) => x.group !== 'sign-in')) {
      // A write whose work list is used up (--keep on a seed earlier runs wrote to) has nothing to send.
      if (s.limit === 0) {
        console.log(`  ${s.name}: skipped, no work left on this seed (seed again with --reset)`);
        continue;
      }
      const r = await measure(base, s, s.connections ?? connections, duration, b1.reqPerSec);
      results.push(r);
      console.log(`  ${r.name}: ${r.reqPerSec} req/s, p99 ${r.p99} ms, ${r.statementsPerRequest} SQL/request`);
    }
    const b2 = await measure(base, baselineScenario, connections, duration, null);
    results.push({ ...b2, name: `${b2.name} (again, at the end)` });
    const w2 = await measure(base, writeBaselineScenario, connections, duration, null);
    results.push({ ...w2, name: `${w2.name} (again, at the end)` });
    const baseline = (b1.reqPerSec + b2.reqPerSec) / 2;
    const writeBaseline = (w1.reqPerSec + w2.reqPerSec) / 2;
    for (const r of results) {
      if (r.group !== 'baseline' && r.group !== 'write-baseline') r.ratio = Math.round((r.reqPerSec / baseline) * 1000) / 1000;
      if (r.group === 'write') r.writeRatio = Math.round((r.reqPerSec / writeBaseline) * 1000) / 1000;
    }
    if (withC50) {
      // Its own baseline at -c 50 (after a warm-up at that concurrency), so the ratios compare like with like.
      const c50 = Math.max(3, Math.round(duration / 2));
      await measure(base, baselineScenario, 50, 2, null);
      const b50 = await measure(base, baselineScenario, 50, c50, null);
      results.push({ ...b50, name: `${b50.name} (at -c 50)` });
      for (const s of list.filter((x) => x.group === 'read')) {
        const tcpBefore = tcpCounters();
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        const r = await measure(base, s, 50, c50, b50.reqPerSec);
        loop.disable();
        results.push(r);
        const tcpAfter = tcpCounters();
        const tcp = Object.entries(tcpAfter)
          .map(([k, v]) => [k, v - (tcpBefore[k] ?? 0)] as const)
          .filter(([, d]) => d > 0)
          .map(([k, d]) => `${k} ${d}`)
          .join(', ');
        console.log(
          `  ${r.name} at -c 50: ${r.reqPerSec} req/s, max ${r.max} ms, ${r.over1s} over 1 s; this process's longest event-loop delay ${Math.round(loop.max / 1e6)} ms; TCP: ${tcp || 'no retransmits or drops'}`,
        );
      }
    }
    const signIn = list.find((x) => x.group === 'sign-in');
    if (signIn) results.push(await measure(base, signIn, Math.min(connections, 4), duration, baseline));
    if (only === undefined || only.split('|').some((o) => EMAIL_ROW.includes(o))) {
      const email = await measureOutbox(base);
      results.push(email);
      console.log(
        `  ${email.name}: ${email.reqPerSec} emails/s, SMTP delivery p99 ${email.p99} ms, ${email.statementsPerRequest} SQL/email`,
      );
    }
    if (only !== undefined) {
      console.log(`\n${table(results)}\nbench: --only ${only}: results not written`);
      return;
    }

    const report = {
      database: dbLabel,
      members,
      shape: prepared.shape,
      quick,
      durationSeconds: duration,
      connections,
      baselineReqPerSec: Math.round(baseline * 10) / 10,
      writeBaselineReqPerSec: Math.round(writeBaseline * 10) / 10,
      emailsPerSecond: results.find((r) => r.group === 'email')?.reqPerSec ?? null,
      seedSeconds: Math.round(prepared.seedMs / 100) / 10,
      node: process.version,
      date: new Date().toISOString(),
      results,
    };
    const md = [
      `# Bench: ${members.toLocaleString('en')} family members on ${dbLabel}`,
      '',
      `${report.date}, Node ${process.version}, ${duration} s per request at -c ${connections}` +
        (withC50 ? ' (reads again at -c 50)' : '') +
        `. Baseline (raw indexed 50-row page query, same server and database): ${report.baselineReqPerSec} req/s; write baseline (one transaction updating one indexed row and inserting one): ${report.writeBaselineReqPerSec} req/s. Seeded in ${report.seedSeconds} s.`,
      '',
      table(results),
      '',
      `The outbox row counts emails: its requests are emails delivered, req/s emails a second, -c the SMTP connections, p50/p99/max one SMTP delivery's time, SQL statements per email.`,
      '',
    ].join('\n');
    const outDir = path.join(here, 'results');
    fs.mkdirSync(outDir, { recursive: true });
    const stem = `${quick ? 'quick-' : ''}${dbLabel}-${members}`;
    fs.writeFileSync(path.join(outDir, `${stem}.json`), JSON.stringify(report, null, 2) + '\n');
    fs.writeFileSync(path.join(outDir, `${stem}.md`), await formatted(path.join(outDir, `${stem}.md`), md));
    console.log(`\n${md}\nbench: wrote bench/results/${stem}.json and .md in ${Math.round((Date.now() - t0) / 1000)} s`);

    // Sane output, never timing: every request hit its route and answered 2xx, each list a bounded
    // number of statements. Slowness is reported (over 1 s), never a failure.
    const problems = results.flatMap((r) => {
      const out: string[] = [];
      if (r.requests === 0) out.push(`${r.name}: no requests completed`);
      if (r.errors + r.non2xx > 0) out.push(`${r.name}: ${r.errors} errors or timeouts, ${r.non2xx} non-2xx (statuses ${r.statusCodes})`);
      if (r.wrongRoute !== 0) out.push(`${r.name}: ${r.wrongRoute} answers from a route other than the one it names`);
      if (quick && r.unfinished > 0) out.push(`${r.name}: ${r.unfinished} requests the client never saw answered`);
      if (r.group === 'read' && r.statementsPerRequest > 12) out.push(`${r.name}: ${r.statementsPerRequest} SQL statements a request`);
      return out;
    });
    if (problems.length) {
      console.error(`bench: problems:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
    if (process.env.BENCH_TRACE) fs.writeFileSync(`${process.env.BENCH_TRACE}.client`, slowSeen.join('\n') + '\n');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
