import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DIR = path.join(os.tmpdir(), `rihaai-e2e-${PORT}`);
export const MAILBOX_DIR = path.join(E2E_DIR, 'mailbox');
export const SMTP_PORT = PORT + 25;
/** The server's log of the whole run, read by request-logs.spec.ts once every other spec is done. */
export const SERVER_LOG = path.join(E2E_DIR, 'server.log');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/playwright-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // .ci/run sets E2E_RETRIES=1: on the shared, noisy CI machine a browser test that fails is run once
  // more; one that passes only then is reported as flaky (Playwright's list, and scripts/test-summary.mjs).
  retries: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)),
  reporter: [['list'], ['json', { outputFile: `test-results/playwright-${PORT}.json` }]],
  globalSetup: './tests/e2e/global-setup.ts',
  projects: [
    { name: 'chromium', testIgnore: /request-logs\.spec\.ts$/ },
    // After every other spec: the run's request log holds none of the tokens or addresses it made.
    { name: 'request-logs', testMatch: /request-logs\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${path.join(E2E_DIR, 'data')} && mkdir -p ${E2E_DIR} && tsx src/server/main.ts > ${SERVER_LOG}`,
    url: `http://127.0.0.1:${PORT}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: path.join(E2E_DIR, 'data'),
      // Every request is logged, so request-logs.spec.ts can prove no token or address reaches the log.
      LOG_LEVEL: 'info',
      // Parallel work builds the client into its own folder: E2E_STATIC_DIR.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist/client',
      SEED_DEMO: 'true',
      RATE_LIMIT_SIGNIN_PER_IP: '100000',
      RATE_LIMIT_SIGNUP_PER_IP: '100000',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      OUTBOX_POLL_MS: '300',
      // Bail-Accept emails go out at once here (their hold before an undo window is a unit test).
      BAIL_EMAIL_HOLD_SECONDS: '0',
      CONTACT_TO: 'operator.e2e@gmail.com',
    },
  },
});
