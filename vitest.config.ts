import { defineConfig } from 'vitest/config';

const common = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
  exclude: ['tests/e2e/**', 'node_modules/**'],
  // One migrated database per run, which each test file starts from (tests/db-template.setup.ts).
  globalSetup: ['tests/db-template.setup.ts'],
  // Generous: a loaded 2-core machine slows argon2 and process start-ups several times over, and a
  // test must never fail for being slow (speed is proven in `npm run bench`, not in tests).
  testTimeout: 120_000,
  hookTimeout: 180_000,
};

// The API suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects = [{ test: { ...common, name: 'pglite', env: { RIHAAI_TEST_DB: 'pglite' } } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ test: { ...common, name: 'postgres', env: { RIHAAI_TEST_DB: 'postgres' } } });
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    maxWorkers: 2,
  },
});
