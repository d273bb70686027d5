// Benchmark of the release tracker's dashboard queries: N family members with one case
// each, facts spread over six years of custody, dates derived by storedRelease as the API does.
// Prints each count's time and plan, and the eligible-now page. Not a test: numbers vary by machine.
//   npx tsx scripts/bench-release.ts [members]            (PGlite in memory)
//   RIHAAI_TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-release.ts
import { sql } from 'drizzle-orm';
import { CASE_TYPES } from '#shared/constants.ts';
import { storedRelease, type CaseFacts } from '#shared/cases.ts';
import { OFFENCES } from '#shared/offences.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import { cases, familyMembers, users } from '#server/db/schema.ts';
import { listMembers } from '#server/features/jail/jail.queries.ts';
import { releaseCaseWhere, releaseCounts } from '#server/features/jail/jail.release.ts';
import { RELEASE_FILTERS } from '#shared/cases.ts';
import { createTestDb } from '#tests/test-db.ts';

const N = Number(process.argv[2] ?? 100_000);
const CHUNK = 2_000;
const today = todayInIndia();
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const t = await createTestDb();
const started = Date.now();
for (let start = 0; start < N; start += CHUNK) {
  const range = Array.from({ length: Math.min(CHUNK, N - start) }, (_, k) => start + k);
  const ids = (
    await t.db
      .insert(users)
      .values(range.map((i) => ({ role: 'Family-Member' as const, name: `Member ${i}`, email: `m${i}@gmail.com`, passwordHash: 'x' })))
      .returning({ id: users.id })
  ).map((r) => r.id);
  await t.db.insert(familyMembers).values(ids.map((id, k) => ({ userId: id, phone: '9876543210', address: `${range[k]} Jail Road` })));
  await t.db.insert(cases).values(
    ids.map((id, k) => {
      const o = OFFENCES[Math.floor(rand() * OFFENCES.length)]!;
      const custodySince = addDays(today, -Math.floor(rand() * 6 * 365));
      const facts: CaseFacts = {
        prisonerName: null,
        prisonerRelation: null,
        prison: null,
        custodySince,
        court: null,
        cnr: null,
        offences: [{ code: o.id, label: null, maxMonths: o.maxMonths, life: o.life, death: o.death }],
        firstOffence: rand() < 0.6,
        otherPendingCases: rand() < 0.2 ? 1 : 0,
        delayByAccusedDays: 0,
        chargesheetFiledOn: rand() < 0.85 ? addDays(custodySince, Math.floor(rand() * 120)) : null,
      };
      const chargesheetFiledOn = facts.chargesheetFiledOn && facts.chargesheetFiledOn > today ? null : facts.chargesheetFiledOn;
      const f = { ...facts, chargesheetFiledOn };
      return { familyMemberId: id, caseNumber: `FIR-${range[k]}`, detail: 'd', caseType: CASE_TYPES[0], ...f, ...storedRelease(f) };
    }),
  );
}
await t.db.execute(sql`analyze`);
console.log(`${N} members inserted in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.kind})`);

async function time<T>(label: string, fn: () => Promise<T>, runs = 5): Promise<T> {
  let result: T = await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    result = await fn();
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: median ${ms[Math.floor(runs / 2)]!.toFixed(1)} ms`);
  return result;
}

console.log(await time('releaseCounts (4 counts)', () => releaseCounts(t.db, today)));
for (const f of RELEASE_FILTERS) {
  const page = await time(`listMembers filter=${f} page 1`, () => listMembers(t.db, { page: 1, pageSize: 25, filter: f }));
  console.log(`  total ${page.total}`);
  const plan = await t.db.execute(
    sql`explain select count(distinct ${cases.familyMemberId}) from ${cases} where ${releaseCaseWhere(f, today)}`,
  );
  const rows = (plan as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
  console.log(`  count plan: ${rows.join(' | ')}`);
}
await time('listMembers no filter page 1 (baseline)', () => listMembers(t.db, { page: 1, pageSize: 25 }));
await t.close();
