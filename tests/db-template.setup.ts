// Vitest's global set-up: one migrated database per run, which every test file starts from instead of
// migrating its own (the migrations and the schema objects took most of a test file's start-up). On
// PGlite a dump of the migrated data folder; on PostgreSQL a template database. A test that migrates
// its own way (createTestDb's `migrateWith`) still starts empty. Each file still runs `migrate`, which
// finds nothing pending.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '#server/db/client.ts';
import { migrate, migrationsFolder } from '#server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite dump, or '' when this project runs on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated template database's name, or '' on PGlite. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const onPostgres = project.config.env?.RIHAAI_TEST_DB === 'postgres';
  if (!onPostgres) {
    const handle = await openDb({ prepare: false });
    await migrate(handle, migrationsFolder());
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rihaai-test-template-'));
    const file = path.join(dir, 'pglite.tar');
    await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return () => fs.promises.rm(dir, { recursive: true, force: true });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rihaai_tpl_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 1 });
  await migrate(handle, migrationsFolder());
  await handle.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
