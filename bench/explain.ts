// `npm run bench:explain [-- --members 100000]`: seeds like the bench, runs each hot read once and
// EXPLAINs (ANALYZE, BUFFERS) every statement it sent. Writes bench/results/explain-<db>-<n>.md.
// PostgreSQL when DATABASE_URL is set (an empty database of its own, or --reset), else PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDb } from '#server/db/client.ts';
import { migrate, migrationsFolder } from '#server/db/migrate.ts';
import { listMembersJson } from '#server/features/jail/jail.queries.ts';
import { listNgoChoices } from '#server/features/ngos/ngos.queries.ts';
import { releaseCounts } from '#server/features/jail/jail.release.ts';
import { advanceReleaseClock } from '#server/lib/case-facts.ts';
import { addDays } from '#shared/release.ts';
import { decodeLawyerCursor, listCaseStatuses, searchLawyerPage, type LawyerCursor } from '#server/features/family/family.queries.ts';
import { listClients, listPendingRequests } from '#server/features/lawyers/lawyers.queries.ts';
import { giveClients, seedBench, shapeFor } from './seed.ts';
import { capture, explain, type Statement } from './plans.ts';
import { formatted } from './format.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const i = args.indexOf('--members');
const members = i >= 0 ? Number(args[i + 1]) : 100_000;
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-explain-'));

const log: Statement[] = [];
const handle = await openDb({
  databaseUrl,
  dataDir: dataDir && path.join(dataDir, 'db'),
  onQuery: (query, params) => log.push({ query, params }),
});
const { db } = handle;
type Row = Record<string, unknown>;
const rows = async (q: string): Promise<Row[]> => ((await db.execute(sql.raw(q))) as { rows: Row[] }).rows;
try {
  if (databaseUrl) {
    const [has] = await rows(`select to_regclass('public.users') is not null as t`);
    if (has?.t && Number((await rows(`select count(*)::int as n from users`))[0]?.n) > 0 && !args.includes('--reset'))
      throw new Error('DATABASE_URL has data: give bench:explain an empty database of its own, or pass --reset to wipe it.');
    await rows('drop schema if exists drizzle cascade');
    await rows('drop schema if exists public cascade');
    await rows('create schema public');
  }
  await migrate(handle, migrationsFolder());
  const [jail] = await rows(
    `insert into users (email, name, role, password_hash) values ('jail.bench@gmail.com', 'Bench Jail', 'Jail-Authority', 'x') returning id`,
  );
  console.log(`explain: seeding ${members} members on ${handle.kind}...`);
  await seedBench(db, shapeFor(members), String(jail!.id));

  const [family] = await rows(
    `select fm.user_id as id from family_members fm join lawyer_requests r on r.family_member_id = fm.user_id order by fm.user_id limit 1`,
  );
  const [lawyer] = await rows(
    `select lawyer_id as id from lawyer_requests where status = 'pending' group by lawyer_id order by count(*) desc, lawyer_id limit 1`,
  );
  // As many clients as pending requests (the seed gives a lawyer requests in one status only).
  await giveClients(db, String(lawyer!.id));
  const [mid] = await rows(`select name, user_id from family_members order by name, user_id offset ${Math.floor(members / 2)} limit 1`);
  const after = Buffer.from(JSON.stringify([mid!.name, mid!.user_id])).toString('base64url');
  const [target] = await rows(
    `select fm.name, fm.email, fm.phone, c.case_number from family_members fm join cases c on c.family_member_id = fm.user_id order by fm.user_id offset ${Math.floor(members * 0.61)} limit 1`,
  );
  // The release tracker's daily pass, moved one day on and back each time so every run crosses the same day.
  const dailyPass = async () => {
    const [clock] = await rows(`select as_of::text as d from release_clock`);
    const day = String(clock!.d);
    await advanceReleaseClock(db, addDays(day, 1));
    await advanceReleaseClock(db, day);
  };
  const familyId = String(family!.id);
  // The family's lawyer search as the route runs it: the member's facts and one page (nearby first).
  const lawyerSearch = (after?: LawyerCursor) => searchLawyerPage(db, familyId, after);
  const firstLawyers = await lawyerSearch();
  const lawyersSecondPage = firstLawyers?.nextCursor ? decodeLawyerCursor(firstLawyers.nextCursor) : undefined;
  const lawyerId = String(lawyer!.id);
  const page = { page: 1, pageSize: 50 };
  const reads: [string, () => Promise<unknown>][] = [
    ['dashboard, first page', () => listMembersJson(db, page)],
    ['dashboard, deep page (cursor)', () => listMembersJson(db, { ...page, after })],
    ['dashboard, last page', () => listMembersJson(db, { ...page, last: true })],
    ['search by name', () => listMembersJson(db, { ...page, q: String(target!.name) })],
    ['search by email', () => listMembersJson(db, { ...page, q: String(target!.email) })],
    ['search by phone', () => listMembersJson(db, { ...page, q: String(target!.phone) })],
    ['search by case id', () => listMembersJson(db, { ...page, q: String(target!.case_number) })],
    // A first name: thousands match; the search still reads at most MEMBERS_COUNT_CAP + 1 of each field.
    ['search by a first name (thousands match)', () => listMembersJson(db, { ...page, q: String(target!.name).split(' ')[0] })],
    ['filter no lawyer', () => listMembersJson(db, { ...page, filter: 'no-lawyer' })],
    ['filter no NGO', () => listMembersJson(db, { ...page, filter: 'no-ngo' })],
    ['filter bail waiting', () => listMembersJson(db, { ...page, filter: 'bail-waiting' })],
    ['filter bail accepted', () => listMembersJson(db, { ...page, filter: 'bail-accepted' })],
    ['filter eligible now (S.479)', () => listMembersJson(db, { ...page, filter: 'eligible-now' })],
    ['filter eligible within 30 days', () => listMembersJson(db, { ...page, filter: 'eligible-30-days' })],
    ['filter default bail due', () => listMembersJson(db, { ...page, filter: 'default-bail-due' })],
    ['filter past the maximum', () => listMembersJson(db, { ...page, filter: 'past-maximum' })],
    ['release counts', () => releaseCounts(db)],
    ['daily release pass (one day on)', () => dailyPass()],
    ['family: lawyer search', () => lawyerSearch()],
    ['family: lawyer search, next page (cursor)', () => lawyerSearch(lawyersSecondPage)],
    ['family: case status', () => listCaseStatuses(db, familyId)],
    ['lawyer: pending requests', () => listPendingRequests(db, lawyerId)],
    ['lawyer: clients', () => listClients(db, lawyerId)],
    // One statement: the member's prison location and the nearest NGOs with a free seat (or those named so).
    ['dashboard, Select NGO (free seats, nearest first)', () => listNgoChoices(db, familyId, undefined)],
    ['dashboard, Select NGO by name', () => listNgoChoices(db, familyId, 'bench ngo 1')],
  ];
  const out: string[] = [`# EXPLAIN of the hot reads at ${members.toLocaleString('en')} family members (${handle.kind})`, ''];
  const summary: string[] = ['| read | statements | rows touched (all statements) | whole-table scans |', '|---|---|---|---|'];
  const detail: string[] = [];
  for (const [name, fn] of reads) {
    await fn(); // warm
    const { statements } = await capture(log, fn);
    let touched = 0;
    const scans = new Set<string>();
    detail.push(`## ${name}`, '');
    for (const s of statements) {
      const w = await explain(handle, s);
      touched += w.rowsTouched;
      w.seqScans.forEach((t) => scans.add(t));
      detail.push('```sql', s.query, '```', '```', w.text, '```', '');
    }
    summary.push(`| ${name} | ${statements.length} | ${touched} | ${[...scans].join(', ') || 'none'} |`);
    console.log(`  ${name}: ${statements.length} statements, ${touched} rows touched, seq scans: ${[...scans].join(', ') || 'none'}`);
  }
  out.push(...summary, '', ...detail);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `explain-${handle.kind}-${members}.md`);
  fs.writeFileSync(file, await formatted(file, out.join('\n') + '\n'));
  console.log(`explain: wrote ${path.relative(process.cwd(), file)}`);
} finally {
  await handle.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
