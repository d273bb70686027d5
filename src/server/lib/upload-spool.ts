// Where uploads are spooled as they arrive (documents.ts receiveDocument): a folder of our own,
// `<root>/<pid>-<random>`, one per running app, so that a spooled bail paper never outlives the
// process that received it. The folder goes when the app closes (SIGTERM drains, then closes) or
// the process exits; folders left by a process that was killed (kill -9, a crash, a power cut) are
// removed when the next app starts on the same root. Folders of processes still alive are left:
// several instances on one machine each keep their own.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The spool of one app: a private folder, removed by close(). */
export interface UploadSpool {
  dir: string;
  /** A fresh path in the folder for one upload. */
  newPath(): string;
  close(): Promise<void>;
}

const FOLDER = /^(\d+)-[0-9a-f]+$/;

/** Folders this process opened (shared by every copy of this module, e.g. test files in one worker). */
const OWN_KEY = Symbol.for('rihaai.uploadSpools');
const own = ((globalThis as { [OWN_KEY]?: Set<string> })[OWN_KEY] ??= new Set<string>());

/** The default root: the system's temporary folder, one per user (another user's folder is not ours to use). */
export function defaultSpoolRoot(): string {
  const uid = typeof process.getuid === 'function' ? `-${process.getuid()}` : '';
  return path.join(os.tmpdir(), `rihaai-uploads${uid}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The root must be a real folder of this user that nobody else can write to: in a shared temporary
 * folder, anyone could otherwise create it first (or as a link) and read or swap the uploads.
 */
async function ensureRoot(root: string): Promise<void> {
  await fs.promises.mkdir(root, { recursive: true, mode: 0o700 });
  const st = await fs.promises.lstat(root);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0) {
    throw new Error(
      `UPLOAD_SPOOL_DIR: ${root} must be a folder owned by this user that no one else can write to (set UPLOAD_SPOOL_DIR to another folder)`,
    );
  }
}

/**
 * Removes the folders of processes that are no longer running, and folders with this process's id
 * that it did not open (a container restarted under the same pid). Returns the names removed.
 */
export async function removeDeadSpools(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(FOLDER.exec(name)?.[1] ?? NaN);
    if (!Number.isSafeInteger(pid) || pid <= 0) continue;
    const dead = pid === process.pid ? !own.has(path.join(root, name)) : !isAlive(pid);
    if (!dead) continue;
    await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Cleans what dead processes left in `root`, then opens this app's own folder there. */
export async function openUploadSpool(root: string): Promise<UploadSpool & { removedAtStart: string[] }> {
  const resolved = path.resolve(root);
  await ensureRoot(resolved);
  const removedAtStart = await removeDeadSpools(resolved);
  const dir = path.join(resolved, `${process.pid}-${randomBytes(6).toString('hex')}`);
  await fs.promises.mkdir(dir, { mode: 0o700 });
  own.add(dir);
  // A process that ends without closing the app (a forced exit after a shutdown that hung) still takes its spool along.
  const onExit = () => fs.rmSync(dir, { recursive: true, force: true });
  process.on('exit', onExit);
  let seq = 0;
  return {
    dir,
    removedAtStart,
    newPath: () => path.join(dir, `${(++seq).toString(36)}-${randomBytes(8).toString('hex')}`),
    async close() {
      process.off('exit', onExit);
      await fs.promises.rm(dir, { recursive: true, force: true });
      own.delete(dir);
    },
  };
}
