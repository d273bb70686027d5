// npm run db:check | db:rebuild | release:recompute: the registry of derived data
// (src/server/db/derived.ts) against the database in DATABASE_URL, or the embedded one in DATA_DIR
// (stop the server first: one process at a time opens an embedded database).
//   db:check            recomputes every derived value; exits 1 listing the rows that differ
//   db:rebuild          repairs the stale ones in batches (on PostgreSQL while the app runs), then checks
//   release:recompute   re-stores every case's release dates (after a rule or offence-table change)
// Options: --only NAME[,NAME] (registry names), --sample N (rows listed by db:check, default 20).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from '#server/db/client.ts';
import { checkDerived, DERIVED, rebuildDerived } from '#server/db/derived.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string' }, sample: { type: 'string', default: '20' } },
});
const mode = positionals[0];
if (mode !== 'check' && mode !== 'rebuild' && mode !== 'release-recompute') {
  console.error('usage: tsx scripts/db-derived.ts check|rebuild|release-recompute [--only NAME,…] [--sample N]');
  process.exit(2);
}
const only = mode === 'release-recompute' ? ['case-release-dates'] : values.only?.split(',').map((s) => s.trim());
const handle = await openDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.join(process.env.DATA_DIR ?? './data', 'db'),
});
try {
  if (mode !== 'check') {
    const started = Date.now();
    const repaired = await rebuildDerived(handle.db, { ...(only ? { only } : {}) });
    const total = Object.values(repaired).reduce((a, b) => a + b, 0);
    console.log(`repaired ${total} stale value(s) in ${Date.now() - started} ms${total ? ':' : ''}`);
    for (const [name, n] of Object.entries(repaired)) console.log(`  ${name.padEnd(22)} ${n}`);
  }
  const started = Date.now();
  const report = await checkDerived(handle.db, { ...(only ? { only } : {}), sample: Number(values.sample) });
  const names = only ?? DERIVED.map((d) => d.name);
  console.log(`checked ${names.length} derived value(s) in ${Date.now() - started} ms: ${report.total} stale`);
  for (const name of names) console.log(`  ${name.padEnd(22)} ${report.counts[name] ?? 0}`);
  for (const d of report.sample) console.log(`  ✘ ${d.derived} ${d.key}\n      stored: ${d.stored}\n      fresh:  ${d.fresh}`);
  process.exitCode = report.total > 0 ? 1 : 0;
} finally {
  await handle.close();
}
