import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium';

/**
 * Browser tests against a running portal (the real server with the demo agencies; started by
 * scripts/test). Uses the system Chromium: never downloads a browser.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.tmp/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.PORTAL_URL ?? 'http://127.0.0.1:8080',
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
  ],
});
