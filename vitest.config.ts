import { defineConfig } from 'vitest/config';

const common = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
  exclude: ['tests/e2e/**', 'node_modules/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
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
