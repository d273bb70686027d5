// Process entry: env → db → migrate → demo data → buildApp → listen → graceful close.
import { EnvError, parseEnv } from './env.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/demo-data.ts';
import { buildApp } from './app.ts';
import { createMailer } from './lib/mailer.ts';
import { startOutboxWorker } from './lib/outbox.ts';
import path from 'node:path';

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'db') });
  await migrate(handle, path.resolve(env.MIGRATIONS_DIR));
  const seed = env.SEED_DEMO ? await seedDemoData(handle.db) : { seeded: false };

  // The mailer logs through the app's logger, created just below.
  const mailerLog = { info: (obj: object, msg: string) => app.log.info(obj, msg) };
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: mailerLog });
  const app = await buildApp({ db: handle.db, env, mailer, logger: true });
  const worker = startOutboxWorker(handle.db, mailer, app.log, env.OUTBOX_POLL_MS);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await worker.stop();
      mailer.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = handle.kind === 'pglite' ? `embedded database in ${path.resolve(env.DATA_DIR, 'db')}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Rihaai is ready at ${env.PUBLIC_URL}  (${where})`,
    env.SEED_DEMO
      ? [
          seed.seeded
            ? 'Demo data loaded. Demo accounts (password for all: ' + DEMO_PASSWORD + '):'
            : 'Demo accounts (password for all: ' + DEMO_PASSWORD + ', unless changed):',
          ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(15)} ${a.email}`),
        ].join('\n')
      : '',
    `Jail-Authority registration code: ${env.JAIL_AUTHORITY_CODE}`,
    mailer.kind === 'log' ? 'Email: SMTP_URL not set, emails are written to the log.' : 'Email: delivered over SMTP.',
    '',
  ];
  console.log(lines.filter((l) => l !== '').join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
