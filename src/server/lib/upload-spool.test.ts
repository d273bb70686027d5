// The folder uploads are spooled to: one per app, removed when it closes; folders of
// processes that are gone removed when the next app opens; a root others could write to refused.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openUploadSpool } from '#server/lib/upload-spool.ts';

const roots: string[] = [];
const newRoot = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-spool-test-'));
  roots.push(root);
  return root;
};
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function leftover(root: string, name: string) {
  fs.mkdirSync(path.join(root, name));
  fs.writeFileSync(path.join(root, name, 'upload'), 'part of a bail paper');
  return path.join(root, name);
}

describe('the upload spool', () => {
  it('removes folders of ended processes and stale ones under this pid, keeps those of running processes and of other apps here', async () => {
    const root = newRoot();
    const dead = leftover(root, `${deadPid()}-abc123`);
    // A container restarted under the same pid: a folder with this pid that no app here opened.
    const stale = leftover(root, `${process.pid}-def456`);
    const running = leftover(root, `${process.ppid}-a1b2c3`);
    const other = await openUploadSpool(root);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(path.join(running, 'upload'))).toBe(true);
    expect(other.removedAtStart.sort()).toEqual([path.basename(dead), path.basename(stale)].sort());
    fs.writeFileSync(other.newPath(), 'an upload under way in another app of this process');

    // A second app of this process leaves the first one's folder alone.
    const spool = await openUploadSpool(root);
    expect(spool.removedAtStart).toEqual([]);
    expect(fs.readdirSync(other.dir)).toHaveLength(1);
    expect((fs.statSync(spool.dir).mode & 0o777).toString(8)).toBe('700');

    const a = spool.newPath();
    const b = spool.newPath();
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe(spool.dir);
    fs.writeFileSync(a, 'x');
    await spool.close();
    expect(fs.existsSync(spool.dir)).toBe(false);
    expect(fs.readdirSync(other.dir)).toHaveLength(1);
    await other.close();
    expect(fs.readdirSync(root).sort()).toEqual([path.basename(running)]);
  });

  it.skipIf(process.platform === 'win32')('refuses a root that others can write to, or a link', async () => {
    const open = newRoot();
    fs.chmodSync(open, 0o777);
    await expect(openUploadSpool(open)).rejects.toThrow(/UPLOAD_SPOOL_DIR/);
    const target = newRoot();
    const link = path.join(newRoot(), 'link');
    fs.symlinkSync(target, link);
    await expect(openUploadSpool(link)).rejects.toThrow(/UPLOAD_SPOOL_DIR/);
  });
});
