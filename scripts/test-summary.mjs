// Prints one closing line for the whole `npm test`: "Tests: N passed, N failed" (Vitest + Playwright),
// read from the JSON reports the two runners wrote. Exits non-zero when anything failed or nothing ran.
import fs from 'node:fs';

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : undefined);
const vitest = read('test-results/vitest.json');
const pw = read(`test-results/playwright-${process.env.E2E_PORT ?? 3100}.json`);

let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.success === false && !vitest.numFailedTests ? 1 : 0);
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else failed += 1;
if (pw) {
  passed += (pw.stats?.expected ?? 0) + (pw.stats?.flaky ?? 0);
  failed += pw.stats?.unexpected ?? 0;
  skipped += pw.stats?.skipped ?? 0;
} else failed += 1;

const flaky = pw?.stats?.flaky ?? 0;
console.log(
  `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? ` (${flaky} browser tests passed only when run again)` : ''}`,
);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
