import { defineConfig } from '@playwright/test';

// Journeys in Debian's Chromium against the built app served by the real server (PGlite in a
// temporary directory, demo data, mails to a local SMTP sink). See global-setup.ts.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  // How long a check may wait for the screen to show what it expects. In CI the journeys share two
  // cores with the PostgreSQL suites and are about three times slower than alone: a screen that
  // takes 3 s then takes 10. A wait is not a speed assertion (bench/ measures speed), so it is
  // sized for the loaded machine; a check that passes returns as soon as it does.
  expect: { timeout: 20_000 },
  // The journeys wait on the browser and the server far more than they compute (one worker kept
  // a two-core machine a quarter busy), and each makes its own members: two run side by side,
  // and a file's tests spread over both.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-reports/e2e.json' },
    ],
  ],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    // A trace records the screen all through every test, a tenth of the journeys' CPU time. CI
    // keeps only what it prints (a failure's error context and screenshot); traces are kept
    // locally, where they can be opened.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
