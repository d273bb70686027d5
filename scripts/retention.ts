// npm run retention: one retention pass now (docs/retention.md), the same the server runs once a day,
// against the database in DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: one
// process at a time opens an embedded database). The periods come from the same variables as the
// server's, with the same floors; prints how many rows of each kind it deleted.
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { runRetentionPass } from '#server/lib/retention.ts';

let env;
try {
  env = parseEnv();
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'db') });
try {
  const started = Date.now();
  const policy = { readNotificationsDays: env.RETENTION_READ_NOTIFICATIONS_DAYS, auditDays: env.RETENTION_AUDIT_DAYS };
  const report = await runRetentionPass(handle.db, { policy, batch: env.RETENTION_BATCH });
  console.log(`retention pass done in ${Date.now() - started} ms`);
  console.log(
    `  ${`read notifications, read over ${policy.readNotificationsDays} days ago`.padEnd(52)} ${report.readNotifications} deleted`,
  );
  console.log(`  ${`audit events over ${policy.auditDays} days old`.padEnd(52)} ${report.auditEvents} deleted`);
} finally {
  await handle.close();
}
