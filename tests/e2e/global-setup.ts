// A local SMTP server for the browser tests: every message is written to MAILBOX_DIR as JSON,
// so a test can open the link in an email the app sent.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { MAILBOX_DIR, SMTP_PORT } from '../../playwright.config.ts';

export default async function globalSetup() {
  fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAILBOX_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        // Written aside and renamed into place, so a test reading the mailbox never sees half a file.
        const file = path.join(MAILBOX_DIR, `${Date.now()}-${n}.json`);
        fs.writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
