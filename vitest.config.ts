import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'];
const exclude = ['tests/e2e/**', 'node_modules/**'];

const common = {
  include,
  exclude,
  // One migrated database per run, which each test file starts from (tests/db-template.setup.ts).
  globalSetup: ['tests/db-template.setup.ts'],
  // Generous: a loaded 2-core machine slows argon2 and process start-ups several times over, and a
  // test must never fail for being slow (speed is proven in `npm run bench`, not in tests).
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // The files of one worker share its loaded modules instead of importing the app again for each file
  // (decision 0073): the imports took 257 s of the workers' time, and the suite 892 s, 605-632 s without.
  // Every file still opens its own database and app; nothing a test needs is kept between files.
  isolate: false,
};

/**
 * The test files that reach a database: they open the test app or a test database, make rows, or read
 * which database runs. Only these run again on PostgreSQL; a file that never opens a database (the
 * client's, the pure shared functions', the texts' and docs' checks) would only repeat itself.
 */
const REACHES_A_DATABASE = /test-app|test-db|factories|usePostgres|TEST_DATABASE_URL|RIHAAI_TEST_DB|openDb|DATABASE_URL/;
function databaseTestFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (file !== path.join('tests', 'e2e')) walk(file);
      } else if (/\.test\.tsx?$/.test(entry.name) && REACHES_A_DATABASE.test(fs.readFileSync(file, 'utf8'))) found.push(file);
    }
  };
  walk('src');
  walk('tests');
  return found;
}

// The suite runs on PGlite always, and its database tests again on PostgreSQL when TEST_DATABASE_URL is set.
const projects = [{ test: { ...common, name: 'pglite', env: { RIHAAI_TEST_DB: 'pglite' } } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ test: { ...common, include: databaseTestFiles(), name: 'postgres', env: { RIHAAI_TEST_DB: 'postgres' } } });
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    maxWorkers: 2,
  },
});
