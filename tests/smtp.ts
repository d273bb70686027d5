// An in-process SMTP server for tests: keeps every message it receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** An SMTP server on 127.0.0.1 (a free port unless given) that keeps every message it gets. */
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const waiters: { accept: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    // The mailer keeps its pooled connections open: closing waits this long for them, not 30 s.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        const message = {
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(message);
        for (const w of waiters.filter((w) => w.accept(message))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(message);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    /** Resolves with the first message, already received or still to come, that `accept` takes; rejects after `timeoutMs`. */
    waitFor(accept: (m: Received) => boolean, timeoutMs = 300_000): Promise<Received> {
      const already = received.find(accept);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching email within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        const waiter = {
          accept,
          resolve: (m: Received) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        waiters.push(waiter);
      });
    },
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
