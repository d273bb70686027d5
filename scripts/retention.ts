// npm run retention: one retention pass now (docs/retention.md), the same the server runs once a day,
// against the database in DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: one
// process at a time opens an embedded database). The periods come from the same variables as the
// server's, with the same floors; prints how many rows of each kind it deleted.
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { retentionPolicyFromEnv, runRetentionPass } from '#server/lib/retention.ts';

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
  const policy = retentionPolicyFromEnv(env);
  const report = await runRetentionPass(handle.db, { policy, batch: env.RETENTION_BATCH });
  console.log(`retention pass done in ${Date.now() - started} ms`);
  const lines: [string, number][] = [
    [`read notifications, read over ${policy.readNotificationsDays} days ago`, report.readNotifications],
    [`audit events over ${policy.auditDays} days old`, report.auditEvents],
    [`sessions expired over ${policy.expiredSessionsDays} days ago`, report.expiredSessions],
    [`emailed links expired over ${policy.deadLinksDays} days ago`, report.deadLinks],
    [`emails sent over ${policy.sentEmailsDays} days ago`, report.sentEmails],
    [`sign-ups unconfirmed for ${policy.unconfirmedAccountsDays} days (erased)`, report.unconfirmedAccounts],
  ];
  for (const [what, n] of lines) console.log(`  ${what.padEnd(52)} ${n} deleted`);
} finally {
  await handle.close();
}
