// Spawning the real server process and waiting on it, for tests of start-up, shutdown and outages.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { templateOf } from './test-db.ts';

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves when the output matches `re` (rejects if the process exits first). */
  waitForOutput(re: RegExp): Promise<void>;
}

export function startServer(env: Record<string, string>, registry?: ChildProcess[]): ServerProcess {
  // node itself with tsx as a loader, not the tsx wrapper: the wrapper runs the server as its own
  // child, and a SIGKILL to the wrapper left that server running, still polling the outbox of any
  // later database that reused its address.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  registry?.push(child);
  let output = '';
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    output += d.toString();
    for (const w of [...waiters]) {
      if (w.re.test(output)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitForOutput(re) {
      if (re.test(output)) return Promise.resolve();
      return Promise.race([
        new Promise<void>((resolve) => waiters.push({ re, resolve })),
        exited.then((code) => {
          throw new Error(`server exited (${code}) before printing ${re}:\n${output}`);
        }),
      ]);
    },
  };
}

/**
 * Gives `dataDir` the run's migrated embedded database (tests/db-template.setup.ts) where the server
 * keeps it (`DATA_DIR/db`), so a spawned server opens it instead of creating and migrating a new one:
 * about 7 s less a start here. Only for a test whose subject is not the first start (those of
 * server-process and lean-first-start create theirs). Returns `dataDir`.
 */
export async function withMigratedDatabase(dataDir: string): Promise<string> {
  const template = templateOf('pgliteTemplate');
  if (!template) throw new Error('no migrated embedded database for this run (is this the pglite project?)');
  fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const client = new PGlite(path.join(dataDir, 'db'), { loadDataDir: new Blob([await fs.promises.readFile(template)]) });
  await client.waitReady;
  await client.close();
  return dataDir;
}

/** GETs `url` until `accept(status)` holds; generous bound, no fixed sleeps beyond the poll gap. */
export async function pollStatus(url: string, accept: (status: number) => boolean, timeoutMs = 180_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      last = res.status;
      await res.arrayBuffer();
      if (accept(res.status)) return res.status;
    } catch {
      last = 0; // not listening / connection refused
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never reached the expected status (last ${last})`);
}

/** The first port in [from, to] that nobody listens on (this helper's range), else any free port. */
export async function freePort(from = 4101, to = 4120): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(undefined));
      srv.listen(port, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
  for (let p = from; p <= to; p++) {
    const got = await tryPort(p);
    if (got) return got;
  }
  const any = await tryPort(0);
  if (!any) throw new Error('no free port');
  return any;
}
