// The move to prisoner records (drizzle/0027_prisoners.sql, docs/decisions/0046-prisoner-and-prisons.md):
// a database built by the schema before it, with demo-like data and edge cases, migrates with every
// case kept, one prisoner per member and distinct prisoner name ("" when none was given), typed prisons
// matched to prison records when they match and kept as typed otherwise, and the counts kept; and
// districts renamed since take their current names (0028).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateNumbered, migrationsFolder, migrate } from '#server/db/migrate.ts';
import { checkDerived, DERIVED } from '#server/db/derived.ts';
import { createTestDb, type TestDb } from './test-db.ts';

const BEFORE = 25;
const kept = DERIVED.map((d) => d.name).filter((n) => n !== 'case-release-dates');

/** A copy of drizzle/ whose journal ends at migration BEFORE (no object files: those are today's). */
function folderBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-mig-'));
  const src = migrationsFolder();
  fs.mkdirSync(path.join(dir, 'meta'));
  for (const f of fs.readdirSync(src)) if (f.endsWith('.sql')) fs.copyFileSync(path.join(src, f), path.join(dir, f));
  const journal = JSON.parse(fs.readFileSync(path.join(src, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= BEFORE);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

function rows<T>(r: unknown): T[] {
  return (r as { rows?: T[] }).rows ?? (r as T[]);
}

let t: TestDb;
let old: string;

beforeAll(async () => {
  old = folderBefore();
  t = await createTestDb({ migrateWith: (h) => migrateNumbered(h, old) });
  const q = (s: string) => t.db.execute(sql.raw(s));
  await q(`insert into prisons (id, name, district, dlsa_email) values
    ('10000000-0000-4000-8000-000000000001', 'District Jail Sitapur', 'Sitapur', 'dlsa.sitapur@example.org')`);
  const members = ['a', 'b', 'c', 'd'].map((c, i) => `2000000${i}-0000-4000-8000-00000000000${i}`);
  for (const [i, id] of members.entries()) {
    await q(
      `insert into users (id, email, name, role, password_hash) values ('${id}', 'm${i}@example.org', 'Member ${i}', 'Family-Member', 'x')`,
    );
    await q(
      `insert into family_members (user_id, phone, address, state, district) values ('${id}', '98765432${i}0', 'Village ${i}', 'UP', '${i === 0 ? 'Allahabad' : 'Sitapur'}')`,
    );
  }
  const [a, b, c, d] = members;
  await q(`insert into cases (family_member_id, case_number, detail, case_type, prisoner_name, prisoner_relation, prison, custody_since, created_at) values
    ('${a}', 'A-1', 'd', 'Criminal Defense Lawyer', 'रमेश कुमार', 'husband', 'district jail sitapur ', '2026-01-10', now() - interval '3 days'),
    ('${a}', 'A-2', 'd', 'Criminal Defense Lawyer', ' रमेश कुमार', 'husband', 'District Jail Sitapur', '2026-02-10', now() - interval '2 days'),
    ('${a}', 'A-3', 'd', 'Criminal Defense Lawyer', 'Sohan', 'son', 'जिला कारागार हरदोई', null, now() - interval '1 day'),
    ('${b}', 'B-1', 'd', 'Criminal Defense Lawyer', null, null, null, null, now()),
    ('${b}', 'B-2', 'd', 'Corporate Lawyer', '', '', '', null, now()),
    ('${c}', 'C-1', 'd', 'Criminal Defense Lawyer', 'Ramesh KUMAR', 'brother', 'District Jail Sitapur', null, now() - interval '1 hour'),
    ('${c}', 'C-2', 'd', 'Criminal Defense Lawyer', 'ramesh kumar', 'brother', null, null, now())`);
  await q(`update cases set bail_granted_on = '2026-03-01' where case_number = 'C-1'`);
  void d; // a member with no case: no prisoner
});

afterAll(async () => {
  await t.close();
  fs.rmSync(old, { recursive: true, force: true });
});

describe('the move to prisoner records', () => {
  it('keeps every case and makes one prisoner per member and name', async () => {
    const casesBefore = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from cases`))[0]!.n;
    await migrate(t.handle, migrationsFolder());
    const casesAfter = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from cases`))[0]!.n;
    expect(casesAfter).toBe(casesBefore);
    expect(rows(await t.db.execute(sql`select 1 from cases where prisoner_id is null`))).toEqual([]);
    const prisoners = rows<{
      case_numbers: string;
      name: string;
      prison: string | null;
      prison_other: string | null;
      relation: string;
      status: string;
      custody_since: string | null;
    }>(
      await t.db.execute(sql`
        select string_agg(c.case_number, ',' order by c.case_number) as case_numbers, p.name, pr.name as prison, p.prison_other,
          f.relation, p.status, p.custody_since::text
        from prisoners p join cases c on c.prisoner_id = p.id
        join prisoner_followers f on f.prisoner_id = p.id and f.family_member_id = c.family_member_id
        left join prisons pr on pr.id = p.prison_id
        group by p.id, p.name, pr.name, p.prison_other, f.relation, p.status, p.custody_since order by 1`),
    );
    expect(prisoners).toEqual([
      {
        case_numbers: 'A-1,A-2',
        name: 'रमेश कुमार',
        prison: 'District Jail Sitapur',
        prison_other: null,
        relation: 'husband',
        status: 'in-custody',
        custody_since: '2026-01-10',
      },
      {
        case_numbers: 'A-3',
        name: 'Sohan',
        prison: null,
        prison_other: 'जिला कारागार हरदोई',
        relation: 'son',
        status: 'in-custody',
        custody_since: null,
      },
      { case_numbers: 'B-1,B-2', name: '', prison: null, prison_other: null, relation: '', status: 'in-custody', custody_since: null },
      {
        case_numbers: 'C-1,C-2',
        name: 'Ramesh KUMAR',
        prison: 'District Jail Sitapur',
        prison_other: null,
        relation: 'brother',
        status: 'in-custody',
        custody_since: null,
      },
    ]);
    // Latin names are kept as typed (and searchable); other scripts wait for the server's fill.
    const latin = rows<{ name: string; name_latin: string; name_key: string }>(
      await t.db.execute(sql`select name, name_latin, name_key from prisoners order by name`),
    );
    expect(latin).toContainEqual({ name: 'Ramesh KUMAR', name_latin: 'Ramesh KUMAR', name_key: 'rms kmr' });
    expect(latin).toContainEqual(expect.objectContaining({ name: 'रमेश कुमार', name_latin: '' }));
    // A district renamed since the record was made takes its current name (drizzle/0028_district_renames.sql).
    expect(
      rows(await t.db.execute(sql`select district from family_members where user_id = '20000000-0000-4000-8000-000000000000'`)),
    ).toEqual([{ district: 'Prayagraj' }]);
    // A member with no case follows nobody.
    expect(
      rows(await t.db.execute(sql`select 1 from prisoner_followers where family_member_id = '20000003-0000-4000-8000-000000000003'`)),
    ).toEqual([]);
    // Every value the database keeps, the new prison counts included, is current (the seed wrote
    // cases with SQL, so their release dates, which TypeScript stores, are not checked here).
    expect((await checkDerived(t.db, { only: kept })).counts).toEqual({});
  });

  it('a case added the old way joins the member’s prisoner of that name, and a prisoner nobody follows goes', async () => {
    await t.db.execute(sql`insert into cases (family_member_id, case_number, detail, case_type, prisoner_name)
      values ('20000002-0000-4000-8000-000000000002', 'C-3', 'd', 'Criminal Defense Lawyer', 'RAMESH kumar ')`);
    const [row] = rows<{ same: boolean }>(
      await t.db.execute(
        sql`select (select prisoner_id from cases where case_number = 'C-3') = (select prisoner_id from cases where case_number = 'C-1') as same`,
      ),
    );
    expect(row!.same).toBe(true);
    await t.db.execute(sql`delete from users where id = '20000001-0000-4000-8000-000000000001'`);
    expect(rows(await t.db.execute(sql`select 1 from prisoners where name = ''`))).toEqual([]);
    expect((await checkDerived(t.db, { only: kept })).counts).toEqual({});
  });
});
