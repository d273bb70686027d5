// The server under test for `npm run bench`, in its own process (PGlite lives in the process that
// opens it): opens and migrates the database, seeds it, prepares sessions and work lists, then
// serves the whole app plus bench-only routes:
//   GET /__bench/baseline — only the raw indexed 50-row page query of family members (the yardstick);
//   POST /__bench/write-baseline — one short transaction updating one indexed row and inserting one (the writes' yardstick);
//   GET /__bench/stats    — SQL statements and requests so far, and the process's peak RSS;
//   POST /__bench/outbox  — queues emails and times one outbox worker delivering them to an SMTP server.
// It tells the parent what it prepared over IPC and never runs in the app itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { openDb } from '#server/db/client.ts';
import { authChangesOf } from '#server/plugins/session-cache.ts';
import { databasePaperStore, filePaperStore } from '#server/lib/paper-store.ts';
import { migrate, migrationsFolder } from '#server/db/migrate.ts';
import { parseEnv } from '#server/env.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { createMailer, type Mailer } from '#server/lib/mailer.ts';
import { deliverDueEmails, EMAIL_PRIORITY } from '#server/lib/outbox.ts';
import { hashPassword } from '#server/lib/password.ts';
import { newToken, sha256Hex } from '#server/lib/tokens.ts';
import { encodeTimeCursor } from '#server/lib/time-cursor.ts';
import { OFFENCES } from '#shared/offences.ts';
import { giveClients, HEAVY_LAWYER_EMAIL, HEAVY_NGO_NAME, heavyTailFor, LARGEST_PRISON, seedBench, shapeFor } from './seed.ts';
import { startTrace } from './trace.ts';

export const BENCH_PASSWORD = 'bench-password-1';

export interface Prepared {
  port: number;
  kind: 'pglite' | 'postgres';
  seedMs: number;
  shape: ReturnType<typeof shapeFor>;
  jail: string;
  /** A member with cases and requests (case status, lawyer search). */
  family: string;
  /** That member's id (the NGO list nearest them). */
  familyId: string;
  /** A lawyer with pending requests and clients. */
  lawyer: string;
  deepCursor: string;
  /** The lawyer search's `after`: the middle of the far rank of the member's first case type. */
  lawyersCursor: string;
  search: { name: string; email: string; phone: string; caseId: string };
  signIn: { email: string; password: string }[];
  work: {
    request: { cookie: string; lawyerId: string }[];
    accept: { cookie: string; id: string }[];
    reject: { cookie: string; id: string }[];
    assignNgo: { id: string; ngoId: string }[];
    /** Other members without an NGO, each to the next of all the NGOs in turn (the spread the one-NGO row is compared with). */
    assignNgoSpread: { id: string; ngoId: string }[];
    /** Members of the largest prison waiting for Bail-Accept, for that prison's jail authority. */
    prisonBailAccept: { id: string }[];
    bailAccept: { id: string }[];
    upload: { cookie: string }[];
    /** Cases in custody, each edited once by its family member with the version it was seeded at. */
    editFacts: { cookie: string; id: string; body: string }[];
  };
  /** The largest prison's jail authority, its district's DLSA, the State-Administrator, and what they search for. */
  prison: { jail: string; dlsa: string; admin: string; memberName: string; prisonerName: string };
  /** The heavy tail (bench/seed.ts heavyTailFor): an NGO with many members, a lawyer with many clients and pending requests. */
  heavy: {
    sizes: ReturnType<typeof heavyTailFor>;
    ngoId: string;
    /** The NGO's members after the middle one (a deep page). */
    ngoMembersCursor: string;
    /** The NGO's current version: each edit sends the next one (the edits run one at a time). */
    ngoVersion: number;
    lawyer: string;
    /** The lawyer's clients and pending requests after the middle one. */
    clientsCursor: string;
    pendingCursor: string;
    /** The lawyer's profile fields besides the name (a rename sends them unchanged). */
    lawyerProfile: { phone: string; address: string; lawyerType: string; courtArea: string };
    /** The largest prison's size, and a family member following three prisoners (each with a case). */
    prisonPrisoners: number;
    follower: string;
  };
}

type Row = Record<string, unknown>;

async function main() {
  const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
  const port = Number(process.env.BENCH_PORT ?? 4301);
  const workItems = Number(process.env.BENCH_WORK ?? 6_000);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-bench-'));

  let queries = 0;
  let requests = 0;
  const handle = await openDb({
    databaseUrl,
    dataDir: dataDir && path.join(dataDir, 'db'),
    onQuery: () => queries++,
    prepare: process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
  });
  const { db } = handle;
  const rows = async (q: string): Promise<Row[]> => ((await db.execute(sql.raw(q))) as { rows: Row[] }).rows;

  // BENCH_KEEP=1 (PostgreSQL): reuse a database this bench seeded before (profiling, A/B runs).
  const keep = !!databaseUrl && process.env.BENCH_KEEP === '1';
  const started = Date.now();
  const shape = shapeFor(members);
  let jailId: string;
  if (keep) {
    // Migrations added since the seed apply to it, with their backfills (an A/B run across a migration).
    await migrate(handle, migrationsFolder());
    const [jailUser] = await rows(`select id from users where email = 'jail@bench.rihaai.in'`);
    if (!jailUser) throw new Error('BENCH_KEEP: this database was not seeded by the bench.');
    jailId = String(jailUser.id);
  } else {
    if (databaseUrl) {
      // The bench owns its database: refuse one with data unless told to wipe it.
      const [has] = await rows(`select to_regclass('public.users') is not null as t`);
      if (has?.t) {
        const [c] = await rows(`select count(*)::int as n from users`);
        if (Number(c?.n) > 0 && process.env.BENCH_RESET !== '1')
          throw new Error('DATABASE_URL has data: give the bench an empty database of its own, or pass --reset to wipe it.');
      }
      await db.execute(sql.raw('drop schema if exists drizzle cascade'));
      await db.execute(sql.raw('drop schema if exists public cascade'));
      await db.execute(sql.raw('create schema public'));
    }
    await migrate(handle, migrationsFolder());
    const [jailUser] = await rows(
      `insert into users (email, name, role, password_hash) values ('jail@bench.rihaai.in', 'Bench Jail Authority', 'Jail-Authority', 'x') returning id`,
    );
    jailId = String(jailUser!.id);
    await seedBench(db, shape, jailId, heavyTailFor(members));
  }
  const seedMs = Date.now() - started;

  // Sessions, as sign-in would make them, for the users the requests act as.
  const tokens = new Map<string, string>();
  const cookieFor = (userIds: string[]) => userIds.map((id) => `rihaai_session=${tokens.get(id)}`);
  async function sessionsFor(userIds: string[]) {
    const fresh = [...new Set(userIds)].filter((id) => !tokens.has(id));
    for (const id of fresh) tokens.set(id, newToken());
    for (let i = 0; i < fresh.length; i += 2_000) {
      const part = fresh.slice(i, i + 2_000);
      // Hex hashes and uuids from the database only: safe to inline.
      const values = part.map((id) => `('${sha256Hex(tokens.get(id)!)}', '${id}', now() + interval '1 day')`).join(', ');
      await db.execute(sql.raw(`insert into sessions (id, user_id, expires_at) values ${values}`));
      // Each as if its second factor's code was entered (docs/decisions/0043-second-factor-for-officials.md):
      // officials' requests would otherwise stop at the gate.
      const passed = part.map((id) => `('${sha256Hex(tokens.get(id)!)}')`).join(', ');
      await db.execute(sql.raw(`insert into session_second_factors (session_id) values ${passed}`));
    }
  }
  const ids = (rs: Row[], key = 'id') => rs.map((r) => String(r[key]));

  /**
   * The heavy tail's family member following three prisoners in the largest prison (their own and two
   * more, each with a case), made here so that a database kept from before has them too; answers the id.
   */
  async function followingThree(prisonId: string): Promise<string> {
    const [m] = await rows(`select user_id as id from family_members where email = 'bench.m3@gmail.com'`);
    const id = String(m!.id);
    const [{ n } = { n: 0 }] = await rows(`select count(*)::int as n from prisoner_followers where family_member_id = '${id}'`);
    for (let k = Number(n); k < 3; k++) {
      const [p] = await rows(`insert into prisoners (name, name_latin, prison_id, created_by, custody_since)
        values ('Bench Follow ${k}', 'Bench Follow ${k}', '${prisonId}', '${id}', current_date - 200) returning id`);
      await rows(
        `insert into prisoner_followers (prisoner_id, family_member_id, relation) values ('${String(p!.id)}', '${id}', 'brother')`,
      );
      await rows(`insert into cases (family_member_id, prisoner_id, case_number, detail, case_type)
        select '${id}', '${String(p!.id)}', 'FIR-FOLLOW-${k}/2024', 'Held under IPC 379', case_type from cases where family_member_id = '${id}' limit 1`);
    }
    return id;
  }

  const [family] = await rows(
    `select fm.user_id as id from family_members fm join lawyer_requests r on r.family_member_id = fm.user_id order by fm.user_id limit 1`,
  );
  // The uniform seed's busiest lawyer (not the heavy tail's, which has rows of its own).
  const [lawyer] = await rows(
    `select lawyer_id as id from lawyer_requests where status = 'pending'
      and lawyer_id <> (select id from users where email = '${HEAVY_LAWYER_EMAIL}')
      group by lawyer_id order by count(*) desc, lawyer_id limit 1`,
  );
  // As many clients as pending requests (the seed gives a lawyer requests in one status only).
  await giveClients(db, String(lawyer!.id));
  const [mid] = await rows(`select name, user_id from family_members order by name, user_id offset ${Math.floor(members / 2)} limit 1`);
  const deepCursor = Buffer.from(JSON.stringify([mid!.name, mid!.user_id])).toString('base64url');
  const far = `from lawyers where lawyer_type = (select case_type from cases where family_member_id = '${String(family!.id)}' order by created_at, id limit 1)
    and state is distinct from (select state from family_members where user_id = '${String(family!.id)}')`;
  const [farCount] = await rows(`select count(*)::int as n ${far}`);
  const [farMid] = await rows(`select name, user_id ${far} order by name, user_id offset ${Math.floor(Number(farCount!.n) / 2)} limit 1`);
  const lawyersCursor = Buffer.from(JSON.stringify([2, farMid!.name, farMid!.user_id])).toString('base64url');
  const probe = Math.max(1, Math.floor(members * 0.61));
  const [target] = await rows(
    `select fm.name, fm.email, fm.phone, c.case_number from family_members fm join cases c on c.family_member_id = fm.user_id where fm.email = 'bench.m${probe}@gmail.com' limit 1`,
  );

  // Work lists for the writes: each item can succeed once.
  // Each request goes to another lawyer of the case's type, in turn, as families spread over lawyers in
  // real use: not all to the first lawyer of each type (which piled ~350 requests on nine lawyers).
  const requestPairs = await rows(`with m as (
      select fm.user_id as member, c.case_type, row_number() over (order by fm.user_id, c.id) as j
      from family_members fm join cases c on c.family_member_id = fm.user_id
      where fm.accepted_lawyers = 0 and fm.pending_lawyers = 0 and not exists (select 1 from lawyer_requests r where r.family_member_id = fm.user_id)
      order by fm.user_id, c.id limit ${workItems}),
    l as (select user_id, lawyer_type, row_number() over (partition by lawyer_type order by user_id) - 1 as k,
      count(*) over (partition by lawyer_type) as n from lawyers)
    select m.member, l.user_id as lawyer from m join l on l.lawyer_type = m.case_type and l.k = m.j % l.n
    order by m.j`);
  const pending = await rows(
    `select id, lawyer_id from lawyer_requests where status = 'pending' and lawyer_id <> '${String(lawyer!.id)}'
      and lawyer_id <> (select id from users where email = '${HEAVY_LAWYER_EMAIL}') order by id limit ${workItems * 2}`,
  );
  const noNgo = await rows(`select user_id as id from family_members where not has_ngo order by user_id limit ${workItems * 2}`);
  const [ngo] = await rows(`select id from ngos order by seats_free desc limit 1`);
  const allNgos = await rows(`select id from ngos where name <> '${HEAVY_NGO_NAME}' order by id`);
  const waiting = await rows(`select user_id as id from family_members where bail_waiting order by user_id limit ${workItems}`);
  // A case's facts replaced by its family member (PUT /api/cases/:caseId/facts): another court, offence
  // and delay each time, so the release dates and the cards change as an edit changes them. The delay
  // and the court differ from the stored ones, so a run on a kept database (--keep) makes real changes
  // too, not the same edits again (which save nothing).
  const editable = await rows(`select c.id, c.family_member_id as member, c.facts_version as version,
      to_char(c.custody_since, 'YYYY-MM-DD') as custody, c.delay_by_accused_days as delay, c.court from cases c
    where c.custody_since is not null and c.released_on is null order by c.id limit ${workItems}`);
  const uploaders = await rows(`select user_id as id from family_members order by user_id desc limit ${Math.min(workItems, 2_000)}`);

  // The heavy tail: its NGO, its lawyer, and a cursor to the middle of each of their lists.
  const exact = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const [heavyNgo] = await rows(`select id, version, assigned_count from ngos where name = '${HEAVY_NGO_NAME}'`);
  const [heavyLawyer] = await rows(`select l.user_id as id, l.phone, l.address, l.lawyer_type, l.court_area from lawyers l
    join users u on u.id = l.user_id where u.email = '${HEAVY_LAWYER_EMAIL}'`);
  if (!heavyNgo || !heavyLawyer) throw new Error('bench: the heavy tail was not seeded (BENCH_KEEP on a database seeded before it?)');
  const midCursor = async (q: string) => {
    const [r] = await rows(q);
    return encodeTimeCursor({ at: String(r!.at), id: String(r!.id) });
  };
  const heavyLawyerId = String(heavyLawyer.id);
  const ngoMembersCursor = await midCursor(`select ${exact('assigned_at')} as at, family_member_id as id from ngo_assignments
    where ngo_id = '${String(heavyNgo.id)}' order by assigned_at desc, family_member_id desc offset ${Math.floor(Number(heavyNgo.assigned_count) / 2)} limit 1`);
  const clientsCursor = await midCursor(`select ${exact('coalesce(decided_at, created_at)')} as at, id from lawyer_requests
    where lawyer_id = '${heavyLawyerId}' and status = 'accepted' order by coalesce(decided_at, created_at) desc, id desc
    offset (select count(*) / 2 from lawyer_requests where lawyer_id = '${heavyLawyerId}' and status = 'accepted') limit 1`);
  const pendingCursor = await midCursor(`select ${exact('created_at')} as at, id from lawyer_requests
    where lawyer_id = '${heavyLawyerId}' and status = 'pending' order by created_at, id
    offset (select count(*) / 2 from lawyer_requests where lawyer_id = '${heavyLawyerId}' and status = 'pending') limit 1`);

  // The officials of a state of many prisons (made here, so a database kept from before has them too).
  const official = async (email: string, role: string, extra: string, values: string) => {
    const [found] = await rows(`select id from users where email = '${email}'`);
    if (found) return String(found.id);
    const [made] = await rows(
      `insert into users (email, name, role, password_hash${extra}) values ('${email}', '${role} (bench)', '${role}', 'x'${values}) returning id`,
    );
    return String(made!.id);
  };
  const [largest] = await rows(`select id, state, district from prisons where name = '${LARGEST_PRISON}'`);
  if (!largest) throw new Error('bench: the prisons were not seeded (BENCH_KEEP on a database seeded before them?)');
  const [prisonSize] = await rows(`select count(*)::int as n from prisoners where prison_id = '${String(largest.id)}'`);
  // Waiting for Bail-Accept in the largest prison, apart from the deployment-wide bail-accept row's members.
  const prisonWaiting = await rows(`select user_id as id from family_members where bail_waiting and prison_id = '${String(largest.id)}'
    order by user_id desc limit ${workItems}`);
  const follower = await followingThree(String(largest.id));
  const prisonJailId = await official('jail.largest@bench.rihaai.in', 'Jail-Authority', ', prison_id', `, '${String(largest.id)}'`);
  const dlsaId = await official(
    'dlsa@bench.rihaai.in',
    'DLSA',
    ', scope_state, scope_district',
    `, '${String(largest.state)}', '${String(largest.district)}'`,
  );
  const adminId = await official('admin@bench.rihaai.in', 'State-Administrator', '', '');
  const [inLargest] = await rows(`select fm.name, p.name_latin from family_members fm
    join prisoner_followers f on f.family_member_id = fm.user_id join prisoners p on p.id = f.prisoner_id
    where fm.prison_id = '${String(largest.id)}' order by fm.user_id offset 100 limit 1`);

  await sessionsFor([jailId, String(family!.id), String(lawyer!.id), heavyLawyerId, prisonJailId, dlsaId, adminId, follower]);
  await sessionsFor(ids(requestPairs, 'member'));
  await sessionsFor(ids(pending, 'lawyer_id'));
  await sessionsFor(ids(uploaders));
  await sessionsFor(ids(editable, 'member'));

  // Sign-in: a few accounts with real password hashes (sign-in is slow by design: argon2).
  const hash = await hashPassword(BENCH_PASSWORD);
  const signInUsers = await rows(`select id, email from users where role = 'Family-Member' order by id limit 20`);
  await db.execute(sql`update users set password_hash = ${hash} where id in ${ids(signInUsers)}`);
  await db.execute(sql.raw('analyze'));

  const half = Math.floor(pending.length / 2);
  const waitingIds = new Set(ids(waiting));
  const prepared: Prepared = {
    port,
    kind: handle.kind,
    seedMs,
    shape,
    jail: cookieFor([jailId])[0]!,
    prison: {
      jail: cookieFor([prisonJailId])[0]!,
      dlsa: cookieFor([dlsaId])[0]!,
      admin: cookieFor([adminId])[0]!,
      memberName: String(inLargest!.name),
      prisonerName: String(inLargest!.name_latin),
    },
    family: cookieFor([String(family!.id)])[0]!,
    familyId: String(family!.id),
    lawyer: cookieFor([String(lawyer!.id)])[0]!,
    deepCursor,
    lawyersCursor,
    search: {
      name: String(target!.name),
      email: String(target!.email),
      phone: String(target!.phone),
      caseId: String(target!.case_number),
    },
    signIn: signInUsers.map((u) => ({ email: String(u.email), password: BENCH_PASSWORD })),
    work: {
      request: requestPairs.map((r) => ({ cookie: cookieFor([String(r.member)])[0]!, lawyerId: String(r.lawyer) })),
      accept: pending.slice(0, half).map((r) => ({ cookie: cookieFor([String(r.lawyer_id)])[0]!, id: String(r.id) })),
      reject: pending.slice(half).map((r) => ({ cookie: cookieFor([String(r.lawyer_id)])[0]!, id: String(r.id) })),
      // Every other member without an NGO to the one NGO, the others over all NGOs in turn: two disjoint lists.
      assignNgo: noNgo.filter((_, i) => i % 2 === 0).map((r) => ({ id: String(r.id), ngoId: String(ngo!.id) })),
      assignNgoSpread: noNgo
        .filter((_, i) => i % 2 === 1)
        .map((r, i) => ({ id: String(r.id), ngoId: String(allNgos[i % allNgos.length]!.id) })),
      prisonBailAccept: prisonWaiting.filter((r) => !waitingIds.has(String(r.id))).map((r) => ({ id: String(r.id) })),
      bailAccept: waiting.map((r) => ({ id: String(r.id) })),
      upload: uploaders.map((r) => ({ cookie: cookieFor([String(r.id)])[0]! })),
      editFacts: editable.map((r, i) => ({
        cookie: cookieFor([String(r.member)])[0]!,
        id: String(r.id),
        body: JSON.stringify({
          custodySince: String(r.custody),
          court: `Sessions Court ${i % 50}` === r.court ? `Sessions Court ${(i % 50) + 50}` : `Sessions Court ${i % 50}`,
          offences: [{ code: OFFENCES[i % OFFENCES.length]!.id }],
          firstOffence: i % 2 === 0,
          otherPendingCases: 0,
          delayByAccusedDays: (Number(r.delay) + 1 + (i % 59)) % 60,
          version: Number(r.version),
        }),
      })),
    },
    heavy: {
      sizes: heavyTailFor(members),
      ngoId: String(heavyNgo.id),
      ngoMembersCursor,
      ngoVersion: Number(heavyNgo.version),
      lawyer: cookieFor([heavyLawyerId])[0]!,
      clientsCursor,
      pendingCursor,
      lawyerProfile: {
        phone: String(heavyLawyer.phone),
        address: String(heavyLawyer.address),
        lawyerType: String(heavyLawyer.lawyer_type),
        courtArea: String(heavyLawyer.court_area),
      },
      prisonPrisoners: Number(prisonSize!.n),
      follower: cookieFor([follower])[0]!,
    },
  };

  // NODE_ENV only switches on production's refusals (a published code, an http address), which a
  // local bench server on 127.0.0.1 would trip; it changes nothing that runs per request.
  const env = parseEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    STATIC_DIR: dataDir ?? os.tmpdir(),
    RATE_LIMIT_SIGNIN_PER_IP: '100000000',
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000000',
    // The app refuses more than a few uploads at once per process (429): the bench sends ten at a time.
    UPLOAD_CONCURRENT_PER_PROCESS: '1000',
    SEED_DEMO: 'false',
    // The bench measures the server as production runs it: spliced JSON goes out unchecked.
    CHECK_SPLICED_JSON: 'false',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const mailer: Mailer = { kind: 'log', send: async () => {}, close: () => {} };
  // Papers as the server stores them: files beside the embedded database, rows on PostgreSQL.
  const papers = dataDir ? await filePaperStore(path.join(dataDir, 'files')) : databasePaperStore();
  // As main.ts builds it: reads reuse a session check for a moment (decision 0065).
  const app = await buildApp({ db, env, mailer, papers, logger: false, authChanges: authChangesOf(handle) });
  // Per route (as registered, e.g. "POST /api/lawyers/requests/:id/accept"): responses, split into
  // 2xx and the rest, so the harness can check that each row hit the route it names and succeeded.
  // In flight: requests started and not yet answered — the harness waits for 0 between rows, so a
  // slow row's backlog never runs into (and is never counted in) the next one.
  const byRoute: Record<string, { ok: number; other: number }> = {};
  let inFlight = 0;
  const isStats = (url: string) => url.startsWith('/__bench/stats');
  // Counted on the raw socket: a response always closes, whether a hook refused the request or the
  // client gave up on it.
  app.server.on('request', (req: { url?: string }, res: NodeJS.EventEmitter) => {
    if (isStats(req.url ?? '')) return;
    inFlight++;
    // Counted when closed, answered or not: a request the client gave up on still ran its statements.
    res.once('close', () => {
      inFlight--;
      requests++;
    });
  });
  app.addHook('onResponse', async (req, reply) => {
    if (isStats(req.url)) return;
    const key = `${req.method} ${req.routeOptions.url ?? '(no route)'}`;
    const r = (byRoute[key] ??= { ok: 0, other: 0 });
    if (reply.statusCode >= 200 && reply.statusCode < 300) r.ok++;
    else r.other++;
  });
  app.get('/__bench/baseline', { config: { roles: 'public' } }, async () => {
    const r = await db.execute(sql`select user_id, name, email, phone, stage from family_members order by user_id limit 50`);
    return (r as { rows: Row[] }).rows;
  });
  // The write yardstick: one short transaction that updates one row found by its primary key
  // and inserts one row, on tables of the bench's own (no trigger, two indexes), spread over 10,000 rows.
  await db.execute(sql.raw(`drop table if exists bench_write_log`));
  await db.execute(sql.raw(`drop table if exists bench_write_rows`));
  await db.execute(sql.raw(`create table bench_write_rows (id int primary key, n bigint not null default 0, at timestamptz)`));
  await db.execute(sql.raw(`insert into bench_write_rows (id) select generate_series(1, 10000)`));
  await db.execute(
    sql.raw(
      `create table bench_write_log (id uuid primary key default gen_random_uuid(), row_id int not null, at timestamptz not null default now())`,
    ),
  );
  let writeSeq = 0;
  app.post('/__bench/write-baseline', { config: { roles: 'public' } }, async () => {
    const id = 1 + (writeSeq++ % 10_000);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update bench_write_rows set n = n + 1, at = now() where id = ${id}`);
      await tx.execute(sql`insert into bench_write_log (row_id) values (${id})`);
    });
    return { id };
  });
  app.get('/__bench/stats', { config: { roles: 'public' } }, async () => ({
    queries,
    requests,
    inFlight,
    byRoute,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    rssBytes: process.memoryUsage().rss,
  }));
  // One outbox worker's pass, as the app runs it, from a queue of `emails` (one in ten urgent, the rest
  // bulk reminders) to the SMTP server at `smtpPort`: emails a second, and each SMTP delivery's time.
  app.post('/__bench/outbox', { config: { roles: 'public' } }, async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const emails = Number(q.emails ?? 2000);
    const connections = q.connections ? Number(q.connections) : undefined;
    const batch = q.batch ? Number(q.batch) : undefined;
    // The write rows queued emails this server never sends: set aside, so the row times its own queue.
    await db.execute(sql`update email_outbox set next_attempt_at = now() + interval '1 day' where status = 'pending'`);
    const text = 'Your hearing in case C-2026-0001 is on 1 December 2026 at the District Court, Court Room 4.\n\nRihaai';
    for (let i = 0; i < emails; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, emails - i) }, (_, j) => ({
        to: `bench.mail${i + j}@gmail.com`,
        subject: `Hearing reminder ${i + j}`,
        text,
        priority: (i + j) % 10 === 0 ? EMAIL_PRIORITY.urgent : EMAIL_PRIORITY.bulk,
      }));
      await db.insert(emailOutbox).values(rows);
    }
    const smtp = createMailer({
      smtpUrl: `smtp://127.0.0.1:${Number(q.smtpPort)}`,
      from: 'Rihaai <no-reply@bench.rihaai.in>',
      log: { info: () => {} },
      poolConnections: connections,
    });
    const sendMs: number[] = [];
    const timed: Mailer = {
      ...smtp,
      async send(email) {
        const t = performance.now();
        await smtp.send(email);
        sendMs.push(performance.now() - t);
      },
    };
    let failures = 0;
    const log = { warn: () => void failures++, error: () => void failures++ };
    const q0 = queries;
    const started = performance.now();
    let sent = 0;
    try {
      // A pass drains the queue; another runs only if one stopped early (its drain time was up).
      for (;;) {
        const n = await deliverDueEmails(db, timed, log, { batch });
        sent += n;
        if (n === 0 || sent >= emails) break;
      }
    } finally {
      smtp.close();
    }
    const seconds = (performance.now() - started) / 1000;
    sendMs.sort((a, b) => a - b);
    const at = (p: number) => Math.round(sendMs[Math.min(sendMs.length - 1, Math.floor(p * sendMs.length))] ?? 0);
    return {
      sent,
      failures,
      seconds,
      connections: smtp.connections ?? 1,
      statements: queries - q0,
      p50: at(0.5),
      p99: at(0.99),
      max: Math.round(sendMs.at(-1) ?? 0),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    };
  });
  const traceFile = process.env.BENCH_TRACE;
  const endTrace = traceFile
    ? startTrace(app, traceFile, async () =>
        dataDir ? (await rows(`select num_timed, num_requested, num_done, buffers_written from pg_stat_checkpointer`))[0] : undefined,
      )
    : undefined;
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.({ type: 'ready', prepared });

  const stop = async () => {
    endTrace?.();
    await app.close();
    await handle.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (m) => {
    if ((m as { type?: string }).type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
