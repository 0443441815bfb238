import { defineConfig } from '@playwright/test';

/** Pages in Debian Chromium against the built site served by the api (embedded mode). */
export default defineConfig({
  testDir: './src',
  outputDir: '../../tmp/e2e-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [['list'], ['json', { outputFile: process.env.PW_REPORTER }]] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
    },
  },
});
