// The registry of derived data (src/server/db/derived.ts): hundreds of random changes leave every
// derived value equal to a fresh computation; a TRUNCATE and a data fix with triggers off leave them
// stale, the check finds exactly that, and the rebuild repairs it. On both databases.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkDerived, DERIVED, rebuildDerived } from '#server/db/derived.ts';
import { factColumns, refreshPrisonerCases } from '#server/lib/case-facts.ts';
import { runDerivedCheck } from '#server/features/deadlines/deadlines.scheduler.ts';
import { cases, prisons } from '#server/db/schema.ts';
import { CASE_TYPES } from '#shared/constants.ts';
import { CaseFactsInputSchema } from '#shared/cases.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { createCase, createDocument, createFamilyMember, createLawyer, createNgo, createUser } from './factories.ts';

let t: TestDb;
const members: string[] = [];
const lawyers: string[] = [];
const ngos: string[] = [];
const prisonIds: string[] = [];
let jail = '';

// A small seeded generator, so a failure can be replayed (DERIVED_SEED).
const seed = Number(process.env.DERIVED_SEED ?? 20261126);
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let x = state;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDb();
  for (let i = 0; i < 24; i++) members.push((await createFamilyMember(t.db, { cases: [{ caseType: pick(CASE_TYPES) }] })).user.id);
  for (let i = 0; i < 6; i++) lawyers.push((await createLawyer(t.db)).user.id);
  for (let i = 0; i < 4; i++) ngos.push((await createNgo(t.db, { seatsFree: 1000 })).id);
  jail = (await createUser(t.db, { role: 'Jail-Authority' })).id;
  for (const name of ['Prison A', 'Prison B']) {
    const [p] = await t.db
      .insert(prisons)
      .values({ name, district: 'Sitapur', dlsaEmail: 'dlsa@example.org' })
      .returning({ id: prisons.id });
    prisonIds.push(p!.id);
  }
}, 120_000);
afterAll(() => t.close());

/** One random change through the statements the app runs (the triggers keep everything exact). */
async function randomChange(step: number): Promise<string> {
  const member = pick(members);
  const db = t.db;
  switch (Math.floor(random() * 14)) {
    case 0:
      await db.execute(
        sql`insert into lawyer_requests (family_member_id, lawyer_id) values (${member}, ${pick(lawyers)}) on conflict do nothing`,
      );
      return 'request';
    case 1:
      await db.execute(sql`update lawyer_requests set status = ${pick(['accepted', 'rejected', 'withdrawn', 'pending'])}
        where id = (select id from lawyer_requests where family_member_id = ${member} order by id limit 1)
          and not (status in ('rejected', 'withdrawn'))`);
      return 'decide';
    case 2:
      await db.execute(
        sql`delete from lawyer_requests where id = (select id from lawyer_requests where family_member_id = ${member} limit 1)`,
      );
      return 'delete request';
    case 3:
      await createDocument(db, { familyMemberId: member, uploadedBy: member });
      return 'paper';
    case 4:
      await db.execute(sql`delete from documents where id = (select id from documents where family_member_id = ${member} limit 1)`);
      return 'delete paper';
    case 5:
      await db.execute(
        sql`insert into ngo_assignments (family_member_id, ngo_id) values (${member}, ${pick(ngos)}) on conflict (family_member_id) do update set ngo_id = excluded.ngo_id`,
      );
      return 'assign';
    case 6:
      await db.execute(sql`delete from ngo_assignments where family_member_id = ${member}`);
      return 'unassign';
    case 7:
      await db.execute(sql`insert into bail_reviews (family_member_id, decided_by) values (${member}, ${jail}) on conflict do nothing`);
      return 'bail accept';
    case 8:
      await db.execute(sql`delete from bail_reviews where family_member_id = ${member}`);
      return 'bail undo';
    case 9:
      if (random() < 0.5) await createCase(db, { familyMemberId: member, caseNumber: `R-${step}`, caseType: pick(CASE_TYPES) });
      else {
        // The prisoner's other cases count one fewer (lib/case-facts.ts refreshPrisonerCases, the keeper).
        const gone = await db.execute(
          sql`delete from cases where id = (select id from cases where family_member_id = ${member} limit 1) returning prisoner_id`,
        );
        await refreshPrisonerCases(
          db,
          (gone as { rows: { prisoner_id: string }[] }).rows.map((r) => r.prisoner_id),
        );
      }
      return 'case';
    case 10: {
      // New facts, their dates stored in the same write (lib/case-facts.ts).
      const facts = CaseFactsInputSchema.parse({
        custodySince: day(-Math.floor(random() * 900)),
        offences: [{ code: pick(['theft', 'cheating', 'hurt', 'robbery', 'criminal-intimidation']) }],
        ...(random() < 0.3 ? { chargesFramedOn: day(-1), chargesFramed: [{ code: pick(['hurt', 'theft']) }] } : {}),
        firstOffence: random() < 0.5,
        chargesheetFiledOn: random() < 0.5 ? null : day(-Math.floor(random() * 30)),
      });
      const [target] = await db
        .select({ id: cases.id, held: cases.otherCasesHeld })
        .from(cases)
        .where(sql`${cases.id} = (select id from cases where family_member_id = ${member} limit 1)`);
      if (!target) return 'facts';
      const { columns } = factColumns(facts, '2026-11-26', target.held);
      await db
        .update(cases)
        .set(columns)
        .where(sql`${cases.id} = ${target.id}`);
      return 'facts';
    }
    case 11:
      await db.execute(sql`update users set name = ${`Renamed ${step}`} where id = ${random() < 0.5 ? member : pick(lawyers)}`);
      return 'rename';
    case 12:
      await db.execute(sql`update ngos set name = ${`NGO ${step}`} where id = ${pick(ngos)}`);
      return 'rename ngo';
    default: {
      // The member's prisoner moved between prisons or released; another relative following them.
      const prisoner = sql`(select prisoner_id from prisoner_followers where family_member_id = ${member} order by prisoner_id limit 1)`;
      const r = random();
      if (r < 0.5) await db.execute(sql`update prisoners set prison_id = ${pick([...prisonIds, null])} where id = ${prisoner}`);
      else if (r < 0.75) await db.execute(sql`update prisoners set status = ${pick(['released', 'in-custody'])} where id = ${prisoner}`);
      else
        await db.execute(sql`insert into prisoner_followers (prisoner_id, family_member_id, relation)
          select ${prisoner}, ${pick(members)}, 'cousin' where ${prisoner} is not null on conflict do nothing`);
      return 'prison';
    }
  }
}

describe('derived data: check and rebuild', () => {
  it('declares each value once, with its sources, keeper and rebuild', () => {
    const names = DERIVED.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const d of DERIVED) {
      expect(d.sources.length, d.name).toBeGreaterThan(0);
      for (const text of [d.stores, d.definition, d.keptBy, d.rebuiltBy]) expect(text.length, d.name).toBeGreaterThan(5);
    }
  });

  it('is shown, entry by entry, in docs/architecture.md', () => {
    const doc = fs.readFileSync('docs/architecture.md', 'utf8');
    for (const d of DERIVED) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${d.name}\``));
      expect(row, d.name).toBeDefined();
      for (const text of [d.stores, d.keptBy, d.rebuiltBy]) expect(row!.replace(/\\\|/g, '|'), d.name).toContain(text.replace(/\s+/g, ' '));
    }
  });

  it('logs the drift count in the daily check', async () => {
    const lines: string[] = [];
    const log = {
      info: (o: object, m: string) => lines.push(`${m} ${JSON.stringify(o)}`),
      warn: (o: object, m: string) => lines.push(`${m} ${JSON.stringify(o)}`),
      error: () => {},
    };
    expect(await runDerivedCheck(t.db, log as never)).toBe(0);
    expect(lines.at(-1)).toMatch(/^derived data checked: no drift \{"drift":0/);
  });

  it('stays exact through hundreds of random changes, and the release clock moving', { timeout: 300_000 }, async () => {
    const done: Record<string, number> = {};
    for (let step = 0; step < 300; step++) {
      const kind = await randomChange(step);
      done[kind] = (done[kind] ?? 0) + 1;
      if (step % 100 === 99) await t.db.execute(sql`select release_clock_advance(${day(step)}::date)`);
    }
    expect(Object.keys(done).length, JSON.stringify(done)).toBeGreaterThanOrEqual(12);
    const report = await checkDerived(t.db, { pageSize: 7 });
    expect(report, `seed ${seed}`).toEqual({ counts: {}, total: 0, sample: [] });
  });

  it('finds the drift a TRUNCATE and a data fix with triggers off leave, and the rebuild repairs it', { timeout: 300_000 }, async () => {
    const assigned = members.slice(0, 6);
    for (const [i, m] of assigned.entries()) {
      await t.db.execute(
        sql`insert into ngo_assignments (family_member_id, ngo_id) values (${m}, ${ngos[i % ngos.length]!}) on conflict (family_member_id) do nothing`,
      );
    }
    // TRUNCATE fires no row or statement trigger: has_ngo, NGO counts, both cards and the tiles go stale.
    await t.db.execute(sql`truncate ngo_assignments`);
    // A hand fix with triggers off (session_replication_role = replica): a rename, a lost request, new facts.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set name = 'Fixed by hand' where id = ${members[7]!}`);
      await tx.execute(
        sql`insert into lawyer_requests (family_member_id, lawyer_id, status) values (${members[8]!}, ${lawyers[0]!}, 'accepted') on conflict do nothing`,
      );
      await tx.execute(
        sql`update cases set custody_since = '2020-01-01', offences = '[{"code":"theft"}]'::jsonb where id = (select id from cases order by id limit 1)`,
      );
      // Bailability flipped by hand, and a prisoner moved without the case following.
      await tx.execute(sql`update cases set all_bailable = not all_bailable where id = (select id from cases order by id desc limit 1)`);
      await tx.execute(sql`update prisoners set prison_id = case when prison_id = ${prisonIds[0]!}::uuid then ${prisonIds[1]!}::uuid
        else ${prisonIds[0]!}::uuid end where id = (select prisoner_id from cases order by id desc offset 1 limit 1)`);
      await tx.execute(sql`update ngos set assigned_count = assigned_count + 5 where id = ${ngos[0]!}`);
      await tx.execute(sql`update family_members set prison_id = ${prisonIds[0]!} where user_id = ${members[10]!}`);
      await tx.execute(
        sql`insert into jail_counts (key, shard, n) values ('all', 7, 2) on conflict (scope, key, shard) do update set n = jail_counts.n + 2`,
      );
    });
    const stale = await checkDerived(t.db, { pageSize: 5 });
    for (const name of [
      'member-user-copy',
      'member-counters',
      'ngo-assigned-count',
      'jail-card',
      'client-card',
      'jail-counts',
      'case-release-dates',
      'case-all-bailable',
      'case-prison',
      'member-prison',
    ]) {
      expect(stale.counts[name] ?? 0, `${name}: ${JSON.stringify(stale.counts)}`).toBeGreaterThan(0);
    }
    expect(stale.sample.some((d) => d.derived === 'member-user-copy' && d.fresh?.includes('Fixed by hand'))).toBe(true);

    const lines: string[] = [];
    const log = { info: () => {}, warn: (o: object, m: string) => lines.push(`${m} ${JSON.stringify(o)}`), error: () => {} };
    expect(await runDerivedCheck(t.db, log as never)).toBe(stale.total);
    expect(lines[0]).toContain('derived data drift: run npm run db:rebuild');

    const repaired = await rebuildDerived(t.db, { pageSize: 4 });
    expect(Object.keys(repaired).length).toBeGreaterThanOrEqual(7);
    expect(await checkDerived(t.db)).toEqual({ counts: {}, total: 0, sample: [] });
    // What the rebuild wrote is what the triggers would have written: the next changes stay exact.
    for (let step = 300; step < 360; step++) await randomChange(step);
    expect((await checkDerived(t.db)).total).toBe(0);
  });
});
