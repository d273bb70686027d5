// A new embedded database is created and migrated by a short-lived process, not in the one that then
// serves it: PGlite's initdb leaves hundreds of MB of garbage behind in the process that runs it
// (docs/decisions/0037-lean-first-start.md). `npx tsx bench/first-start-memory.ts` measures the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/client.ts';
import { migrate, migrationsFolder } from '#server/db/migrate.ts';
import { usePostgres } from './test-db.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function freshDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-lean-'));
  dirs.push(dir);
  return path.join(dir, 'db');
}

const MB = 2 ** 20;
const journal = () =>
  (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
const applied = async (db: Awaited<ReturnType<typeof openDb>>['db']) =>
  Number(((await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as { rows: { n: number }[] }).rows[0]!.n);

describe.skipIf(usePostgres())('a new embedded database', () => {
  it('is created and migrated by another process, and this one opens it only afterwards', async () => {
    const dataDir = freshDir();
    const before = process.memoryUsage().external;
    const handle = await openDb({ dataDir, migrationsFolder: migrationsFolder() });
    // One PGlite here (its 128 MB WebAssembly memory and its files, about 200 MB); creating the folder
    // in this process left about 630 MB (two more instances and an uncompressed copy of the folder).
    expect((process.memoryUsage().external - before) / MB).toBeLessThan(400);
    // Already migrated when it opens; migrate then has nothing to do.
    expect(await applied(handle.db)).toBe(journal());
    await migrate(handle, migrationsFolder());
    expect(await applied(handle.db)).toBe(journal());
    await handle.db.execute(sql`create table lean_probe (n int)`);
    await handle.db.execute(sql`insert into lean_probe values (7)`);
    await handle.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    // A restart opens the same folder in this process (no new one made), with its rows.
    const again = await openDb({ dataDir, migrationsFolder: migrationsFolder() });
    const rows = (await again.db.execute(sql`select n from lean_probe`)) as { rows: { n: number }[] };
    expect(rows.rows).toEqual([{ n: 7 }]);
    expect(await applied(again.db)).toBe(journal());
    await again.close();
  });

  it('that fails to migrate says why, in a message without a stack, and releases the lock', async () => {
    const dataDir = freshDir();
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-lean-migrations-'));
    dirs.push(broken);
    fs.mkdirSync(path.join(broken, 'meta'));
    fs.writeFileSync(path.join(broken, '0000_broken.sql'), 'create table t (id int);\n--> statement-breakpoint\nselect no such syntax;\n');
    fs.writeFileSync(
      path.join(broken, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [{ idx: 0, version: '7', when: 1, tag: '0000_broken', breakpoints: true }],
      }),
    );
    const err = await openDb({ dataDir, migrationsFolder: broken }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/Creating the embedded database .* failed \(exit code 1\)/);
    expect(err?.message).toMatch(/syntax error/);
    expect(err?.message).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
