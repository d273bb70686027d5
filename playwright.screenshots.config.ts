// `npm run screenshots`: the pictures in docs/screenshots/, made against a fresh server with the demo
// data as the browser tests make theirs (the same server, mail catcher and Chromium). Not part of
// `npm test`: the spec lives outside tests/e2e and only this config runs it.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  outputDir: 'test-results/screenshots',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  projects: [{ name: 'screenshots' }],
});
