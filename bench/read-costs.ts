// The in-process cost of each hot read on PGlite, without HTTP: a 10,000-member seed in memory, then
// rounds that run every read once each, interleaved (so a busy machine slows all of them alike), and
// the median per read. For finding where a read's time goes, not for the bench's table.
// Usage: [DATABASE_URL=<a bench-seeded database>] npx tsx bench/read-costs.ts [--members 10000] [--rounds 300] [--explain <read>]
import { sql } from 'drizzle-orm';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { listMembersJson } from '#server/features/jail/jail.queries.ts';
import { listCaseStatuses, searchLawyerPage, decodeLawyerCursor } from '#server/features/family/family.queries.ts';
import { listClients, listPendingRequests } from '#server/features/lawyers/lawyers.queries.ts';
import { findSessionUser } from '#server/plugins/auth.ts';
import { seedBench, shapeFor } from './seed.ts';
import { rawClient } from './plans.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const members = arg('members', 10_000);
const rounds = arg('rounds', 300);

let captured: { query: string; params: unknown[] } | undefined;
// DATABASE_URL: a database `npm run bench` seeded (read as it is, never written); else PGlite in memory, seeded here.
const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = await openDb({ databaseUrl, poolSize: 1, onQuery: (query, params) => (captured = { query, params }) });
const { db } = handle;
type Row = Record<string, unknown>;
const rows = async (q: string) => ((await db.execute(sql.raw(q))) as { rows: Row[] }).rows;
if (!databaseUrl) {
  await migrate(handle);
  const [jail] = await rows(
    `insert into users (email, name, role, password_hash) values ('jail.costs@gmail.com', 'Jail', 'Jail-Authority', 'x') returning id`,
  );
  await seedBench(db, shapeFor(members), String(jail!.id));
  await rows('vacuum analyze');
}
const [family] = await rows(
  `select fm.user_id as id from family_members fm join lawyer_requests r on r.family_member_id = fm.user_id order by fm.user_id limit 1`,
);
const [lawyer] = await rows(
  `select lawyer_id as id from lawyer_requests where status = 'pending' group by lawyer_id order by count(*) desc, lawyer_id limit 1`,
);
const familyId = String(family!.id);
const lawyerId = String(lawyer!.id);
const first = await searchLawyerPage(db, familyId);
const next = first?.nextCursor ? decodeLawyerCursor(first.nextCursor) : undefined;
const page = { page: 1, pageSize: 50 };
const reads: Record<string, () => Promise<unknown>> = {
  baseline: () => db.execute(sql`select user_id, name, email, phone, stage from family_members order by user_id limit 50`),
  'session lookup': () => findSessionUser(db, 'no-such-token'),
  'dashboard first page': () => listMembersJson(db, page),
  'dashboard bail accepted': () => listMembersJson(db, { ...page, filter: 'bail-accepted' }),
  'dashboard search broad': () => listMembersJson(db, { ...page, q: 'a' }),
  'dashboard search by email': () => listMembersJson(db, { ...page, q: `bench.m${Math.floor(members * 0.61)}@gmail.com` }),
  'lawyer search': () => searchLawyerPage(db, familyId),
  'lawyer search next': () => searchLawyerPage(db, familyId, next),
  'case status': () => listCaseStatuses(db, familyId),
  'pending requests': () => listPendingRequests(db, lawyerId),
  clients: () => listClients(db, lawyerId),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(reads).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  for (const [name, read] of Object.entries(reads)) {
    const t0 = performance.now();
    await read();
    times[name]!.push(performance.now() - t0);
  }
}
// --explain <read>: the plan of that read's last statement, with its times.
const explainOf = process.argv.indexOf('--explain');
if (explainOf >= 0) {
  const name = process.argv[explainOf + 1]!;
  await reads[name]!();
  const { query, params } = captured!;
  const plan = await rawClient(handle).query(`explain (analyze, buffers) ${query}`, params);
  console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
}
// --plans (PostgreSQL): how often each prepared statement was planned afresh (custom) or ran a kept plan (generic).
if (databaseUrl && process.argv.includes('--plans')) {
  for (const r of await rows(
    `select generic_plans, custom_plans, left(regexp_replace(statement, '\\s+', ' ', 'g'), 110) as statement from pg_prepared_statements order by custom_plans desc`,
  ))
    console.log(`generic ${String(r.generic_plans)} custom ${String(r.custom_plans)}  ${String(r.statement)}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(times.baseline!);
for (const [name, xs] of Object.entries(times))
  console.log(`${name.padEnd(28)} ${median(xs).toFixed(3)} ms  ×${(median(xs) / base).toFixed(1)}`);
await handle.close();
