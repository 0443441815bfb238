import { defineConfig, type TraceMode } from '@playwright/test';

/**
 * Specs that change what every page shows while they run: the remotes manifest (federation), a featured post on
 * Landing (news), hostile news and files on Landing and Downloads (attacks). They run after all the others, one at
 * a time, so no other test (a pixel comparison, "the first post is mine") sees what they change.
 */
const SITE_WIDE = /\/(federation|news|attacks)\.spec\.ts$/;

/** Pages in Debian Chromium against the built site served by the api (embedded mode). */
export default defineConfig({
  testDir: './src',
  outputDir: '../../tmp/e2e-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // The other tests change nothing another test looks at (each makes its own accounts, files and posts): two at a
  // time on the 2-core machine (PW_WORKERS=1 for one).
  fullyParallel: true,
  workers: Number(process.env.PW_WORKERS) || 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [['list'], ['json', { outputFile: process.env.PW_REPORTER }]] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace of every test (kept only for a failure) made the suite about a quarter slower on 2 cores,
    // and CI keeps no files: PW_TRACE=retain-on-failure records them when a failure is being looked into.
    trace: (process.env.PW_TRACE as TraceMode | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
    },
  },
  projects: [
    { name: 'pages', testIgnore: SITE_WIDE },
    { name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['pages'], fullyParallel: false, workers: 1 },
  ],
});
