import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DbHandle } from './client.ts';

/** Resolved from the working directory (the package root), never from this file's location. */
export function migrationsFolder(dir = process.env.MIGRATIONS_DIR ?? './drizzle'): string {
  return path.resolve(dir);
}

export async function migrate(handle: DbHandle, folder = migrationsFolder()): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}
