// The real process: uploads spooled as they arrive live in a folder of the process's own under
// UPLOAD_SPOOL_DIR. A process killed with kill -9 leaves its folder, which the next start removes;
// SIGTERM removes the process's own; a folder of a process still running is left alone.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, withMigratedDatabase } from './process-helpers.ts';
import { usePostgres } from './test-db.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const tempDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};

describe.skipIf(usePostgres())('the upload spool of the server process', () => {
  it('a folder left by a killed process goes at the next start, one of a running process stays, and SIGTERM takes the process own', async () => {
    const root = tempDir('rihaai-spool-root-');
    // This test's own process is running: its folder is not the server's to remove.
    const live = path.join(root, `${process.pid}-0a1b2c`);
    fs.mkdirSync(live);
    fs.writeFileSync(path.join(live, 'upload'), 'a paper being received by another instance');

    const start = async () => {
      const port = await freePort();
      const server = startServer(
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: await withMigratedDatabase(tempDir('rihaai-spool-data-')),
          STATIC_DIR: path.join(root, 'none'),
          UPLOAD_SPOOL_DIR: root,
          SEED_DEMO: 'false',
          SHUTDOWN_GRACE_MS: '0',
        },
        children,
      );
      await server.waitForOutput(/Rihaai is ready at/);
      const own = fs.readdirSync(root).filter((name) => name.startsWith(`${server.child.pid}-`));
      expect(own).toHaveLength(1);
      const folder = path.join(root, own[0]!);
      // What an upload under way leaves in it: its bytes so far.
      fs.writeFileSync(path.join(folder, 'upload'), 'part of a bail paper');
      return { server, folder };
    };

    const killed = await start();
    killed.server.child.kill('SIGKILL');
    await killed.server.exited;
    // kill -9 runs nothing: the spooled bytes are still there…
    expect(fs.existsSync(path.join(killed.folder, 'upload'))).toBe(true);

    const next = await start();
    // …until the next process starts.
    expect(fs.existsSync(killed.folder)).toBe(false);
    expect(fs.existsSync(path.join(live, 'upload'))).toBe(true);

    next.server.child.kill('SIGTERM');
    expect(await next.server.exited).toBe(0);
    expect(fs.existsSync(next.folder)).toBe(false);
    expect(fs.readdirSync(root)).toEqual([path.basename(live)]);
  }, 600_000);
});
