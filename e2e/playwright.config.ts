import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error plain ESM helpers shared with `npm run measure` and `npm run lighthouse`
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

// Drives the real shop in Debian's Chromium. global-setup.ts builds what is stale and starts the
// database, API, remotes and shell on free ports, like `npm start` does.
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // One worker: the whole shop (six servers, the database) shares two cores with the browser; two
  // browsers at once starve it and turn long flows into timeouts.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_SHELL_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-quic'],
    },
  },
});
