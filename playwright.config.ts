import { defineConfig, devices } from '@playwright/test';
import { browserContextOptions, chromiumLaunchOptions } from './e2e/support/chromium.ts';

/**
 * End-to-end tests in Debian's Chromium against the real stack, started as `npm start` starts it
 * (e2e/support/global-setup.ts: fresh PWA build, fresh database, the launcher on a free port).
 * Set E2E_BASE_URL to run against an app that is already running instead.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  // A fresh browser's first page of the app, with two workers and the whole stack on two cores, has taken
  // just over 10 s here (CI on a clean clone: an admin page still loading after 10 s, the next tests fine).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    ...browserContextOptions,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
