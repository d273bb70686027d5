// Where a stored paper's bytes live (docs/decisions/0019-papers-beside-the-embedded-database-files.md):
// - 'database' (PostgreSQL): in the document's row, shared by every instance and in the database's backups;
// - 'files' (the embedded database): in a file named by the document's id in DATA_DIR/files, so no
//   paper passes through PGlite, whose heap lives in the server's process and never shrinks.
// Everything above (receiving, quotas, access, the row) is one code path for both.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';

/** What the storing transaction writes into the document's row. */
export type PaperRow = { storage: 'database'; bytes: Buffer } | { storage: 'file'; bytes: null };

/** A received file put where it will live, before the transaction that records it. */
export interface PlacedPaper {
  /** The document's id (and, in 'files', the file's name). */
  id: string;
  /** The row's storage and bytes; read inside the storing transaction (after the quota lock). */
  row(): Promise<PaperRow>;
  /** The row was not committed: the bytes go. */
  discard(): Promise<void>;
}

/** A stored document as the store needs it to read it back. */
export interface StoredPaper {
  id: string;
  size: number;
  sha256: string;
  storage: 'database' | 'file';
}

export interface PaperStore {
  kind: 'database' | 'files';
  /** Makes a received file (spooled at `file.path`) durable where it will live. */
  place(file: { path: string; size: number }): Promise<PlacedPaper>;
  /** The bytes of a stored paper, checked against the row's size and sha256 before any is sent. */
  read(db: Db, paper: StoredPaper): Promise<Buffer | Readable>;
  /** Removes files no row points to, older than `olderThanMs` (files of uploads in flight are younger). */
  sweep(db: Db, olderThanMs: number): Promise<string[]>;
  /** Removes the stored files of papers whose rows were deleted (an erased account's, after its commit). */
  erase(ids: readonly string[]): Promise<void>;
}

/** A stored paper that does not match its row: a server fault, logged and answered as `internal`. */
export class DamagedPaperError extends Error {
  constructor(id: string, why: string) {
    super(`stored paper ${id} ${why}`);
    this.name = 'DamagedPaperError';
  }
}

/** Longer than any upload's transaction can take: the start-up and hourly sweeps leave younger files. */
export const SWEEP_SAFE_AGE_MS = 60 * 60 * 1000;

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Bytes kept in a row (legacy rows on the embedded database too). */
async function readRow(db: Db, paper: StoredPaper): Promise<Buffer> {
  const [row] = await db.select({ bytes: documents.bytes }).from(documents).where(eq(documents.id, paper.id)).limit(1);
  const bytes = row?.bytes;
  if (!bytes) throw new DamagedPaperError(paper.id, 'has no bytes in its row');
  if (bytes.length !== paper.size) throw new DamagedPaperError(paper.id, `has ${bytes.length} bytes, its row says ${paper.size}`);
  if (sha256Of(bytes) !== paper.sha256) throw new DamagedPaperError(paper.id, 'does not match its sha256');
  return bytes;
}

/** Papers in their rows (PostgreSQL). */
export function databasePaperStore(): PaperStore {
  return {
    kind: 'database',
    async place(file) {
      return {
        id: randomUUID(),
        async row() {
          const bytes = await fs.promises.readFile(file.path);
          if (bytes.length !== file.size) throw new Error('the spooled upload changed size');
          return { storage: 'database', bytes };
        },
        async discard() {},
      };
    },
    read: readRow,
    async sweep() {
      return [];
    },
    // The bytes were in the deleted rows.
    async erase() {},
  };
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INCOMING = '.incoming';

async function fsyncPath(p: string): Promise<void> {
  const handle = await fs.promises.open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Papers as files in `root` (the embedded database: DATA_DIR/files). A file is written under a
 * temporary name, fsync'd, renamed and its folder fsync'd before the row that points to it commits;
 * a crash in between leaves at most a file no row points to, which the sweep removes.
 */
export async function filePaperStore(root: string): Promise<PaperStore> {
  const incoming = path.join(root, INCOMING);
  await fs.promises.mkdir(incoming, { recursive: true, mode: 0o700 });
  await fsyncPath(path.dirname(path.resolve(root)));
  const finalPath = (id: string) => path.join(root, id);
  return {
    kind: 'files',
    async place(file) {
      const id = randomUUID();
      const temp = path.join(incoming, id);
      try {
        // The spool is usually on another file system (the system's temporary folder): copied by the
        // kernel, never through this process's memory. A copy cut short (a full disk) goes too.
        await fs.promises.copyFile(file.path, temp, fs.constants.COPYFILE_EXCL);
        const handle = await fs.promises.open(temp, 'r+');
        try {
          if ((await handle.stat()).size !== file.size) throw new Error('the spooled upload changed size');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(temp, finalPath(id));
        await fsyncPath(root);
      } catch (err) {
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
      return {
        id,
        async row() {
          return { storage: 'file', bytes: null };
        },
        async discard() {
          await fs.promises.rm(finalPath(id), { force: true });
        },
      };
    },
    async read(db, paper) {
      if (paper.storage === 'database') return readRow(db, paper);
      if (!ID.test(paper.id)) throw new DamagedPaperError(paper.id, 'has no valid id');
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(finalPath(paper.id), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new DamagedPaperError(paper.id, 'has no file');
        throw err;
      }
      try {
        const { size } = await handle.stat();
        if (size !== paper.size) throw new DamagedPaperError(paper.id, `has ${size} bytes, its row says ${paper.size}`);
        // Checked in full before the first byte is sent: a damaged file is never served as the paper.
        const hash = createHash('sha256');
        await pipeline(handle.createReadStream({ start: 0, autoClose: false }), hash);
        if (hash.digest('hex') !== paper.sha256) throw new DamagedPaperError(paper.id, 'does not match its sha256');
        return handle.createReadStream({ start: 0 });
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async erase(ids) {
      for (const id of ids) if (ID.test(id)) await fs.promises.rm(finalPath(id), { force: true });
    },
    async sweep(db, olderThanMs) {
      const before = Date.now() - olderThanMs;
      const old = async (p: string) => {
        try {
          return (await fs.promises.stat(p)).mtimeMs < before;
        } catch {
          return false;
        }
      };
      const removed: string[] = [];
      // Copies that never got their final name (a crash while placing).
      for (const name of await fs.promises.readdir(incoming)) {
        if (await old(path.join(incoming, name))) {
          await fs.promises.rm(path.join(incoming, name), { force: true, recursive: true });
          removed.push(path.join(INCOMING, name));
        }
      }
      const candidates: string[] = [];
      for (const name of await fs.promises.readdir(root)) {
        if (ID.test(name) && (await old(finalPath(name)))) candidates.push(name);
      }
      for (let i = 0; i < candidates.length; i += 500) {
        const batch = candidates.slice(i, i + 500);
        const kept = await db
          .select({ id: documents.id })
          .from(documents)
          .where(and(inArray(documents.id, batch), eq(documents.storage, 'file')));
        const keep = new Set(kept.map((r) => r.id));
        for (const id of batch.filter((id) => !keep.has(id))) {
          await fs.promises.rm(finalPath(id), { force: true });
          removed.push(id);
        }
      }
      return removed;
    },
  };
}
