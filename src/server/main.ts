// Process entry: env → db → migrate → demo data → buildApp → listen → graceful close.
import { EnvError, parseEnv } from './env.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SECOND_FACTOR_SECRET, seedDemoData } from './db/demo-data.ts';
import { DEMO_CODES, DEMO_PRISON_ACCOUNTS, seedDemoPrisons } from './db/demo-prisons.ts';
import { buildApp } from './app.ts';
import { authChangesOf } from './plugins/session-cache.ts';
import { createMailer } from './lib/mailer.ts';
import { databasePaperStore, filePaperStore, SWEEP_SAFE_AGE_MS } from './lib/paper-store.ts';
import { PASS_LIMIT_MS, startOutboxWorker } from './lib/outbox.ts';
import { retentionPolicyFromEnv, startRetentionJob } from './lib/retention.ts';
import { startEmbeddedUpkeep } from './lib/embedded-upkeep.ts';
import { drainAndClose } from './plugins/lifecycle.ts';
import type { FastifyInstance } from 'fastify';
import { configureDeadlineScheduler } from './features/deadlines/deadlines.scheduler.ts';
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
  // The app (and its logger) is built after the database is open: until then, log to stderr.
  const late: { app?: FastifyInstance } = {};
  const handle = await openDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'db'),
    prepare: env.DATABASE_PREPARED_STATEMENTS,
    // A new embedded database is created and migrated by a short-lived process (decision 0037).
    migrationsFolder: path.resolve(env.MIGRATIONS_DIR),
    onConnectionError: (err) => {
      if (late.app) late.app.log.warn({ err }, 'database connection lost; it will be reopened when the database answers');
      else console.error(`database connection lost: ${err.message}`);
    },
  });
  await migrate(handle, path.resolve(env.MIGRATIONS_DIR));
  // Papers: in their rows on PostgreSQL, as files beside the embedded database (DATA_DIR/files);
  // files no row points to (a crash between file and row, a deleted member) are swept at start-up
  // and hourly (docs/decisions/0019-papers-beside-the-embedded-database-files.md).
  const papers = handle.kind === 'pglite' ? await filePaperStore(path.join(env.DATA_DIR, 'files')) : databasePaperStore();
  const sweepPapers = async () => {
    const removed = await papers.sweep(handle.db, SWEEP_SAFE_AGE_MS);
    if (removed.length > 0) late.app?.log.info({ removed: removed.length }, 'removed stored papers no document points to');
    return removed;
  };
  const sweptAtStart = await sweepPapers();
  const sweeper = setInterval(
    () => void sweepPapers().catch((err: unknown) => late.app?.log.error({ err }, 'paper sweep failed')),
    SWEEP_SAFE_AGE_MS,
  );
  sweeper.unref();
  const seed = env.SEED_DEMO ? await seedDemoData(handle.db, env.SECOND_FACTOR_KEY) : { seeded: false };
  // The demo's prisons, their officials and a family in each (docs/decisions/0046-prisoner-and-prisons.md).
  if (seed.seeded) await seedDemoPrisons(handle.db, DEMO_PASSWORD, env.SECOND_FACTOR_KEY, DEMO_SECOND_FACTOR_SECRET);

  // The mailer logs through the app's logger, created just below.
  const mailerLog = { info: (obj: object, msg: string) => late.app?.log.info(obj, msg) };
  // Production never writes an email (and its links) to the log: env.ts refuses it without SMTP
  // unless EMAILS_MAY_BE_DROPPED, and then they are dropped.
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    log: mailerLog,
    dropUnsent: env.NODE_ENV === 'production',
    poolConnections: env.SMTP_POOL_CONNECTIONS,
  });
  // Reads reuse a session check for a moment, emptied by the database's notices (decision 0065).
  const server = await buildApp({ db: handle.db, env, mailer, papers, logger: true, authChanges: authChangesOf(handle) });
  late.app = server;
  if (sweptAtStart.length > 0) server.log.info({ removed: sweptAtStart.length }, 'removed stored papers no document points to');
  const worker = startOutboxWorker(handle.db, mailer, server.log, env.OUTBOX_POLL_MS, PASS_LIMIT_MS, { batch: env.OUTBOX_BATCH });
  // A promise nobody awaited must not end the process (and every instance with it): log it.
  process.on('unhandledRejection', (reason) => server.log.error({ err: reason }, 'unhandled promise rejection'));
  configureDeadlineScheduler({ publicUrl: env.PUBLIC_URL });
  // Rows past their retention are deleted once a day, in batches (docs/retention.md).
  const retention = startRetentionJob(handle.db, server.log, {
    policy: retentionPolicyFromEnv(env),
    batch: env.RETENTION_BATCH,
    erasePapers: (ids) => papers.erase(ids),
  });
  // PGlite has no autovacuum: this does its work there (docs/decisions/0067-embedded-database-upkeep.md).
  const upkeep = handle.kind === 'pglite' ? startEmbeddedUpkeep(handle.db, server.log) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Ctrl-C at a terminal stops at once; SIGTERM (service manager, orchestrator) drains first.
    const graceMs = signal === 'SIGINT' ? 0 : env.SHUTDOWN_GRACE_MS;
    server.log.info({ signal, graceMs }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), graceMs + 15_000);
    force.unref();
    try {
      await drainAndClose(server, graceMs);
      await worker.stop();
      await retention.stop();
      await upkeep?.stop();
      clearInterval(sweeper);
      mailer.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      server.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const listening = await server.listen({ port: env.PORT, host: env.HOST });
  const where =
    handle.kind === 'pglite'
      ? `embedded database in ${path.resolve(env.DATA_DIR, 'db')}, papers in ${path.resolve(env.DATA_DIR, 'files')}`
      : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Rihaai is ready at ${env.PUBLIC_URL}  (${where})`,
    // The address really listened on, when people are told another one (a proxy, or PUBLIC_URL set by hand).
    new URL(env.PUBLIC_URL).port === String(env.PORT) ? '' : `Listening on ${listening.replace('[::1]', 'localhost')}`,
    env.SEED_DEMO
      ? [
          seed.seeded
            ? 'Demo data loaded. Demo accounts (password for all: ' + DEMO_PASSWORD + '):'
            : 'Demo accounts (password for all: ' + DEMO_PASSWORD + ', unless changed):',
          ...DEMO_ACCOUNTS.map(
            (a) => `  ${a.role.padEnd(19)} ${a.email}${a.role === 'Jail-Authority' ? '  (Tihar Central Jail No. 1)' : ''}`,
          ),
          ...DEMO_PRISON_ACCOUNTS.map(
            (a) => `  ${a.role.padEnd(19)} ${a.email}${a.role === 'Jail-Authority' ? '  (District Jail Sitapur)' : ''}`,
          ),
          `Registration codes: District Jail Sitapur ${DEMO_CODES.sitapurJail} · DLSA Sitapur ${DEMO_CODES.sitapurDlsa}`,
          `The demo officials' second factor: secret ${DEMO_SECOND_FACTOR_SECRET} (add it to an authenticator app, or run: npx tsx scripts/second-factor-code.ts)`,
        ].join('\n')
      : '',
    // In production the code is a secret: it is not written to the log.
    env.NODE_ENV === 'production'
      ? 'Jail-Authority registration code: set from JAIL_AUTHORITY_CODE (not shown).'
      : `Jail-Authority registration code: ${env.JAIL_AUTHORITY_CODE}`,
    mailer.kind === 'log'
      ? 'Email: SMTP_URL not set, emails are written to the log.'
      : mailer.kind === 'drop'
        ? 'Email: SMTP_URL not set, emails are dropped (EMAILS_MAY_BE_DROPPED).'
        : 'Email: delivered over SMTP.',
    // Where a newcomer finds the sign-up link (docs/decisions/0039-dev-mailbox.md).
    env.DEV_MAILBOX ? `Development mailbox (every email, links clickable): ${new URL('/dev/mail', env.PUBLIC_URL).href}` : '',
    '',
  ];
  console.log(lines.filter((l) => l !== '').join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
