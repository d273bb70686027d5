// SQL functions and triggers live one file per object in drizzle/objects and are applied after the
// numbered migrations when their content's hash changes (docs/decisions/0045-schema-objects-one-file-each.md).
// On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '#server/db/client.ts';
import { applySchemaObjects, migrate, migrateNumbered, migrationsFolder, readSchemaObjects } from '#server/db/migrate.ts';
import { createTestDb, usePostgres } from './test-db.ts';

const FOLDER = migrationsFolder();
/** The last numbered migration that may still define a function or a trigger. */
const LAST_WITH_OBJECTS = 27;
/**
 * Objects whose file was changed on purpose after the numbered migrations stopped defining them: a
 * database migrated by the numbered migrations alone has their old definition. The test fails for a name listed here whose definition is in fact unchanged.
 */
const CHANGED_AFTER_NUMBERED: string[] = [
  // An NGO's edit and a user's rename swap their text in the stored cards (docs/decisions/0051-owner-edits-swap-their-text.md).
  'functions/ngos_cards_trg.sql',
  'functions/users_cards_trg.sql',
  // A jail authority sees its own prison (drizzle/0030_jail_sees_its_prison.sql).
  'functions/cases_facts_trg.sql',
  'functions/family_member_count_keys.sql',
  'functions/jail_counts_add.sql',
  'functions/member_card.sql',
  'functions/member_case_types_counts_trg.sql',
  'functions/member_prison.sql',
  'functions/member_prison_refresh.sql',
  'functions/prisoner_followers_member_prison_trg.sql',
  'functions/prisoners_cards_trg.sql',
  'functions/prisoners_member_prison_trg.sql',
  'triggers/prisoner_followers.prisoner_followers_member_prison.sql',
  'triggers/prisoners.prisoners_cards.sql',
  'triggers/prisoners.prisoners_member_prison.sql',
  // Verified lawyers only (drizzle/0031_lawyer_verification.sql).
  'functions/lawyer_search_rows.sql',
  // The access log is append-only (drizzle/0033_access_log.sql).
  'functions/access_log_append_only.sql',
  'triggers/access_log.access_log_append_only.sql',
  'triggers/access_log.access_log_no_truncate.sql',
  // A client's cases carry the bail order's date (src/shared/bail-timeline.ts).
  'functions/member_client_card.sql',
  // On bail counts for no release filter (src/shared/bail-timeline.ts): the order's day, or the Bail-Accept.
  'functions/member_release_refresh.sql',
  'functions/release_clock_advance.sql',
  'triggers/bail_reviews.bail_reviews_release_del.sql',
  'triggers/bail_reviews.bail_reviews_release_ins.sql',
  // A case carries its prisoner's prison, for the UTRC list and the bail desk (docs/decisions/0060-bailability-stored-per-case.md).
  'functions/cases_set_prison.sql',
  'functions/prisoners_cases_prison_trg.sql',
  'triggers/cases.cases_set_prison.sql',
  'triggers/prisoners.prisoners_cases_prison.sql',
  // A relative who joined by invitation and holds no case is listed under no prison (docs/decisions/0050-relatives-join-by-invitation.md).
  'functions/cases_member_prison_trg.sql',
  'triggers/cases.cases_member_prison_del.sql',
  'triggers/cases.cases_member_prison_ins.sql',
  'triggers/cases.cases_member_prison_upd.sql',
  // Every instance hears of a change of what a session check reads (docs/decisions/0065-session-check-cache.md).
  'functions/auth_changed_notify.sql',
  'triggers/second_factors.second_factors_auth_changed.sql',
  'triggers/session_second_factors.session_second_factors_auth_changed.sql',
  'triggers/sessions.sessions_auth_changed.sql',
  'triggers/users.users_auth_changed.sql',
  // Change capture without dynamic SQL: one static statement per operation (docs/decisions/0066-change-capture-without-dynamic-sql.md).
  'functions/cases_release_trg.sql',
  'functions/documents_facts_trg.sql',
  'functions/family_members_cards_trg.sql',
  'functions/family_members_counts_trg.sql',
  'functions/lawyer_requests_facts_trg.sql',
  'functions/member_cards_child_trg.sql',
  'functions/member_flag_trg.sql',
  'triggers/documents.documents_with_cards_del.sql',
  'triggers/documents.documents_with_cards_ins.sql',
  'triggers/documents.documents_with_cards_upd.sql',
  'triggers/family_members.family_members_cards_upd.sql',
  'triggers/lawyer_requests.lawyer_requests_with_cards_del.sql',
  'triggers/lawyer_requests.lawyer_requests_with_cards_ins.sql',
  'triggers/lawyer_requests.lawyer_requests_with_cards_upd.sql',
  // The jail card in a table of its own (docs/decisions/0070-jail-cards-table.md).
  'functions/member_cards_refresh.sql',
];

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A new, empty database: PGlite in memory, or a database of its own on TEST_DATABASE_URL's server. */
async function emptyDb(): Promise<{ handle: DbHandle; url?: string }> {
  if (!usePostgres()) {
    const handle = await openDb({});
    cleanups.push(() => handle.close());
    return { handle };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rihaai_o_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
  cleanups.push(async () => {
    await handle.close();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { handle, url: url.toString() };
}

/**
 * The run's migrated database (tests/db-template.setup.ts), as every other test file starts from: for a
 * test about what a later run applies, not about a new database (on PGlite, migrating a new one took
 * 8-12 s a test here).
 */
async function migratedDb(): Promise<DbHandle> {
  const t = await createTestDb();
  cleanups.push(() => t.close());
  return t.handle;
}

/** A copy of the migrations folder to edit. */
function folderCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-objects-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(FOLDER, dir, { recursive: true });
  return dir;
}

const rowsOf = async <T>(handle: DbHandle, query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as { rows: T[] }).rows;

interface Definition {
  file: string;
  definition: string;
}

/**
 * Every function and trigger of the schema, keyed by the file that must define it, with all the
 * database says of it: pg_get_functiondef (language, volatility, body…) and its grants and comment;
 * pg_get_triggerdef and whether it fires (tgenabled: ALWAYS survives a replica session).
 */
async function definitions(handle: DbHandle): Promise<Map<string, string>> {
  const rows = await rowsOf<Definition>(
    handle,
    sql`select 'functions/' || p.proname || '.sql' as file,
        p.oid::regprocedure::text || E'\n' || pg_get_functiondef(p.oid) || E'\nacl ' || coalesce(p.proacl::text, '-')
          || E'\ncomment ' || coalesce(obj_description(p.oid, 'pg_proc'), '-') as definition
      from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
      union all
      select 'triggers/' || c.relname || '.' || t.tgname || '.sql',
        pg_get_triggerdef(t.oid) || E'\nenabled ' || t.tgenabled::text || E'\ncomment ' || coalesce(obj_description(t.oid, 'pg_trigger'), '-')
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
  );
  const byFile = new Map<string, string>();
  for (const r of rows) {
    // Two functions of one name (overloads) would share a file: not allowed.
    expect(byFile.has(r.file), `${r.file} defines two objects`).toBe(false);
    byFile.set(r.file, r.definition);
  }
  return byFile;
}

/** What identifies each object's current version: a function's row version, a trigger's oid. */
async function versions(handle: DbHandle): Promise<Map<string, string>> {
  const rows = await rowsOf<{ file: string; v: string }>(
    handle,
    sql`select 'functions/' || p.proname || '.sql' as file, p.xmin::text as v from pg_proc p where p.pronamespace = 'public'::regnamespace
      union all
      select 'triggers/' || c.relname || '.' || t.tgname || '.sql', t.oid::text from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
  );
  return new Map(rows.map((r) => [r.file, r.v]));
}

const recorded = (handle: DbHandle) =>
  rowsOf<{ name: string; sha256: string; applied_at: string }>(
    handle,
    sql`select name, sha256, applied_at::text as applied_at from drizzle.schema_objects order by name collate "C"`,
  );

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Changes a file's text, failing when `from` is not in it (so the edit cannot silently do nothing). */
function edit(file: string, from: string, to: string) {
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

const files = () => readSchemaObjects(FOLDER).map((o) => o.name);

describe('SQL functions and triggers, one file each', () => {
  it('every object file is a function or a trigger, functions first, each in name order', () => {
    const names = files();
    expect(names.length).toBeGreaterThan(70);
    const functions = names.filter((n) => n.startsWith('functions/'));
    expect(names).toEqual([...functions.sort(), ...names.filter((n) => n.startsWith('triggers/')).sort()]);
    for (const o of readSchemaObjects(FOLDER)) {
      if (o.name.startsWith('functions/')) expect(o.sql, o.name).toMatch(/^CREATE OR REPLACE FUNCTION /m);
      else {
        const [table, trigger] = path.basename(o.name, '.sql').split('.');
        expect(o.sql, o.name).toContain(`DROP TRIGGER IF EXISTS ${trigger} ON ${table};\nCREATE TRIGGER ${trigger} `);
      }
    }
  });

  it('a new database gets exactly the functions and triggers the numbered migrations define', { timeout: 300_000 }, async () => {
    const { handle } = await emptyDb();
    await migrateNumbered(handle, FOLDER);
    const numbered = await definitions(handle);
    // Every object the history made has its file.
    expect([...numbered.keys()].filter((f) => !files().includes(f)).sort(), 'objects with no file in drizzle/objects').toEqual([]);

    expect(await applySchemaObjects(handle, FOLDER)).toEqual(files());
    const applied = await definitions(handle);
    // ...and every file is an object of the database, named after it.
    expect([...applied.keys()].sort()).toEqual([...files()].sort());
    const changed = [...applied.keys()].filter((f) => applied.get(f) !== numbered.get(f)).sort();
    expect(changed, 'definitions that differ from the numbered migrations').toEqual([...CHANGED_AFTER_NUMBERED].sort());
    expect((await recorded(handle)).map((r) => [r.name, r.sha256])).toEqual(
      readSchemaObjects(FOLDER)
        .map((o) => [o.name, o.sha256])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
  });

  it('a changed card definition rewrites every stored card as the migration applies it', { timeout: 300_000 }, async () => {
    const folder = folderCopy();
    const handle = await migratedDb();
    expect(await migrate(handle, folder)).toEqual([]);
    await handle.db.execute(sql`insert into users (id, email, name, role, password_hash)
      values ('30000000-0000-4000-8000-000000000001', 'card@example.org', 'Card Check', 'Family-Member', 'x')`);
    await handle.db.execute(
      sql`insert into family_members (user_id, phone, address) values ('30000000-0000-4000-8000-000000000001', '+919876543210', 'Village')`,
    );
    await handle.db.execute(sql`insert into cases (family_member_id, case_number, detail, case_type, prisoner_name)
      values ('30000000-0000-4000-8000-000000000001', 'C-1', 'd', 'Criminal Defense Lawyer', 'Ravi')`);
    const card = async () =>
      (
        await rowsOf<{ card: string }>(handle, sql`select card from jail_cards where member_id = '30000000-0000-4000-8000-000000000001'`)
      )[0]!.card;
    const fresh = await card();
    expect(fresh).toContain('"prisoner":{"name":"Ravi"');
    // A card written by an older definition (as a database migrated before it holds it).
    await handle.db.execute(sql`update jail_cards set card = 'stale' where member_id = '30000000-0000-4000-8000-000000000001'`);
    edit(path.join(folder, 'objects/functions/member_card.sql'), '-- The card of one member', '-- The card of one member (edited)');
    expect(await migrate(handle, folder)).toEqual(['functions/member_card.sql']);
    expect(await card()).toBe(fresh);
  });

  it(
    'applies an edited file once and records its hash, leaves unchanged files alone, and forgets a removed one',
    { timeout: 300_000 },
    async () => {
      const folder = folderCopy();
      const { handle } = await emptyDb();
      expect(await migrate(handle, folder)).toEqual(files());
      const first = await versions(handle);
      const firstRecord = await recorded(handle);

      // Nothing changed: nothing re-applied, nothing re-recorded.
      expect(await migrate(handle, folder)).toEqual([]);
      expect(await versions(handle)).toEqual(first);
      expect(await recorded(handle)).toEqual(firstRecord);

      // A function's file changes: that function alone is replaced, and its new hash recorded.
      const fn = path.join(folder, 'objects/functions/rihaai_canonical_email.sql');
      const canonical = async () =>
        (await rowsOf<{ e: string }>(handle, sql`select rihaai_canonical_email(' Someone@Example.ORG ') as e`))[0]!.e;
      expect(await canonical()).toBe(' someone@example.org ');
      edit(fn, 'ELSE lower(address)', 'ELSE lower(btrim(address))');
      expect(await migrate(handle, folder)).toEqual(['functions/rihaai_canonical_email.sql']);
      expect(await canonical()).toBe('someone@example.org');
      const second = await versions(handle);
      expect([...second].filter(([f, v]) => first.get(f) !== v).map(([f]) => f)).toEqual(['functions/rihaai_canonical_email.sql']);
      const secondRecord = await recorded(handle);
      const changedRecords = secondRecord.filter((r, i) => JSON.stringify(r) !== JSON.stringify(firstRecord[i]));
      expect(changedRecords.map((r) => [r.name, r.sha256])).toEqual([['functions/rihaai_canonical_email.sql', sha256(fn)]]);
      expect(await migrate(handle, folder)).toEqual([]);
      expect(await versions(handle)).toEqual(second);

      // A trigger's file changes: the trigger is made again as written, and ENABLE ALWAYS holds.
      const enabled = async () =>
        (
          await rowsOf<{ e: string }>(
            handle,
            sql`select tgenabled::text as e from pg_trigger where tgname = 'users_cards_del' and tgrelid = 'users'::regclass`,
          )
        )[0]!.e;
      expect(await enabled()).toBe('A');
      const trg = path.join(folder, 'objects/triggers/users.users_cards_del.sql');
      edit(trg, 'AFTER DELETE ON users FOR EACH ROW', 'AFTER DELETE ON users FOR EACH ROW WHEN (OLD.role IS NOT NULL)');
      expect(await migrate(handle, folder)).toEqual(['triggers/users.users_cards_del.sql']);
      const def = await rowsOf<{ d: string }>(
        handle,
        sql`select pg_get_triggerdef(oid) as d from pg_trigger where tgname = 'users_cards_del' and tgrelid = 'users'::regclass`,
      );
      expect(def[0]!.d).toContain('WHEN ((old.role IS NOT NULL))');
      expect(await enabled()).toBe('A');
      const third = await versions(handle);
      expect([...third].filter(([f, v]) => second.get(f) !== v).map(([f]) => f)).toEqual(['triggers/users.users_cards_del.sql']);

      // A removed file: its record goes (the object stays until a numbered migration drops it).
      fs.rmSync(trg);
      expect(await migrate(handle, folder)).toEqual([]);
      expect((await recorded(handle)).map((r) => r.name)).not.toContain('triggers/users.users_cards_del.sql');
      expect(await versions(handle)).toEqual(third);
    },
  );

  it('a failing file names itself and applies nothing of the run', { timeout: 300_000 }, async () => {
    const folder = folderCopy();
    const handle = await migratedDb();
    expect(await migrate(handle, folder)).toEqual([]);
    const before = await recorded(handle);
    const beforeVersions = await versions(handle);
    edit(path.join(folder, 'objects/functions/rihaai_canonical_email.sql'), 'ELSE lower(address)', 'ELSE lower(btrim(address))');
    fs.writeFileSync(
      path.join(folder, 'objects/functions/zz_broken.sql'),
      'CREATE OR REPLACE FUNCTION zz_broken() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$ nonsense;\n',
    );
    const err = await migrate(handle, folder).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/^drizzle\/objects\/functions\/zz_broken\.sql: syntax error/);
    expect(await recorded(handle)).toEqual(before);
    expect(await versions(handle)).toEqual(beforeVersions);

    fs.rmSync(path.join(folder, 'objects/functions/zz_broken.sql'));
    expect(await migrate(handle, folder)).toEqual(['functions/rihaai_canonical_email.sql']);
  });

  it.skipIf(!usePostgres())(
    'two servers starting at once apply a changed file without getting in each other’s way',
    { timeout: 300_000 },
    async () => {
      const folder = folderCopy();
      const { handle, url } = await emptyDb();
      await migrate(handle, folder);
      const other = await openDb({ databaseUrl: url, poolSize: 2 });
      try {
        edit(path.join(folder, 'objects/triggers/users.users_cards_del.sql'), 'FOR EACH ROW', 'FOR EACH ROW WHEN (OLD.role IS NOT NULL)');
        const [a, b] = await Promise.all([migrate(handle, folder), migrate(other, folder)]);
        // Each applied it or found it applied; one after the other (the lock), so neither failed.
        expect([...a, ...b]).toContain('triggers/users.users_cards_del.sql');
        expect(await migrate(handle, folder)).toEqual([]);
        const count = await rowsOf<{ n: number }>(handle, sql`select count(*)::int as n from pg_trigger where tgname = 'users_cards_del'`);
        expect(count[0]!.n).toBe(1);
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(usePostgres())(
    'a new embedded database is given its objects by the process that creates it',
    { timeout: 600_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-objects-db-'));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const handle = await openDb({ dataDir: path.join(dir, 'db'), migrationsFolder: FOLDER });
      try {
        // Created, migrated and given every object in the other process: nothing is left to apply here.
        expect(await migrate(handle, FOLDER)).toEqual([]);
        expect((await recorded(handle)).map((r) => r.name)).toEqual([...files()].sort());
      } finally {
        await handle.close();
      }

      const broken = folderCopy();
      fs.writeFileSync(path.join(broken, 'objects/functions/zz_broken.sql'), 'CREATE OR REPLACE FUNCTION zz_broken( RETURNS int;\n');
      const err = await openDb({ dataDir: path.join(dir, 'broken'), migrationsFolder: broken }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(/Creating the embedded database .* failed \(exit code 1\)/);
      expect(err?.message).toContain('drizzle/objects/functions/zz_broken.sql: syntax error');
    },
  );
});

/** SQL that makes or changes a function or a trigger (comments aside). */
function definesObjects(text: string): string[] {
  const code = text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
  return [
    ...code.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?(?:FUNCTION|PROCEDURE|TRIGGER)\s+[\w."]+/gi),
    ...code.matchAll(/\b(?:ENABLE|DISABLE)\s+(?:ALWAYS\s+|REPLICA\s+)?TRIGGER\s+[\w."]+/gi),
  ].map((m) => m[0].replace(/\s+/g, ' '));
}

describe('numbered migrations after 0027', () => {
  const entries = (
    JSON.parse(fs.readFileSync(path.join(FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries.map((e) => e.tag);

  it('the check finds what it looks for', () => {
    expect(definesObjects(fs.readFileSync(path.join(FOLDER, '0009_member_cards.sql'), 'utf8'))).toContain('CREATE FUNCTION member_card');
    expect(definesObjects('-- CREATE FUNCTION f()\nALTER TABLE t ENABLE ALWAYS TRIGGER x;\ncreate or replace trigger y')).toEqual([
      'create or replace trigger y',
      'ENABLE ALWAYS TRIGGER x',
    ]);
    expect(definesObjects('/* CREATE TRIGGER t */ ALTER TABLE x ADD COLUMN y int;')).toEqual([]);
    expect(entries.some((t) => Number(t.slice(0, 4)) === LAST_WITH_OBJECTS)).toBe(true);
  });

  it('define no function or trigger: those go to drizzle/objects', () => {
    const found = entries
      .filter((tag) => Number(tag.slice(0, 4)) > LAST_WITH_OBJECTS)
      .flatMap((tag) => definesObjects(fs.readFileSync(path.join(FOLDER, `${tag}.sql`), 'utf8')).map((d) => `${tag}.sql: ${d}`));
    expect(found).toEqual([]);
  });
});
