import { defineConfig } from '@playwright/test';

// Real-browser tests: Debian's Chromium with the automation build of the extension loaded.
// One worker: each test starts its own Chromium, and the machine has two cores.
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
});
