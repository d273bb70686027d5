// npm run retention: one retention pass now (docs/retention.md), the same the server runs once a day,
// against the database in DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: one
// process at a time opens an embedded database). The periods come from the same variables as the
// server's, with the same floors; prints how many rows of each kind it deleted.
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { filePaperStore } from '#server/lib/paper-store.ts';
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
  // A deleted case's papers: their files beside the embedded database go too (on PostgreSQL the bytes were in the rows).
  const papers = handle.kind === 'pglite' ? await filePaperStore(path.join(env.DATA_DIR, 'files')) : undefined;
  const report = await runRetentionPass(handle.db, {
    policy,
    batch: env.RETENTION_BATCH,
    ...(papers ? { erasePapers: (ids: readonly string[]) => papers.erase(ids) } : {}),
  });
  console.log(`retention pass done in ${Date.now() - started} ms`);
  const lines: [string, number][] = [
    [`read notifications, read over ${policy.readNotificationsDays} days ago`, report.readNotifications],
    [`audit events over ${policy.auditDays} days old`, report.auditEvents],
    [`sessions expired over ${policy.expiredSessionsDays} days ago`, report.expiredSessions],
    [`emailed links expired over ${policy.deadLinksDays} days ago`, report.deadLinks],
    [`emails sent over ${policy.sentEmailsDays} days ago`, report.sentEmails],
    [`sign-ups unconfirmed for ${policy.unconfirmedAccountsDays} days (erased)`, report.unconfirmedAccounts],
    [`cases decided over ${policy.closedCasesDays} days ago`, report.closedCases],
  ];
  for (const [what, n] of lines) console.log(`  ${what.padEnd(52)} ${n} deleted`);
} finally {
  await handle.close();
}
