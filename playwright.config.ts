import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/support/env';

/**
 * Browser tests run the built app against a throwaway database (fresh temp DATA_DIR every run),
 * a stub CNPJ registry and a local SMTP capture — never the developer's own data.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  // One output folder per port base, so two runs on one machine do not wipe each other's results.
  outputDir: `test-results/${E2E.port}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two cores shared by the server, PostgreSQL and two browsers: long flows need headroom.
  timeout: 60_000,
  // First loads of a lazy area on a loaded two-core machine have taken over 7 s (CI, parallel helpers).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // The accessibility walk holds the longest tests (minutes each): started first, they share the two workers
  // while the short specs fill the gaps after, so both workers end together instead of one walking alone last.
  projects: [
    { name: 'walk', testMatch: /users-walk\.spec\.ts/ },
    { name: 'specs', testIgnore: /users-walk\.spec\.ts/ },
  ],
  use: {
    baseURL: E2E.baseUrl,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The trace's film strip (a screencast of every test, kept only when one fails) cost about a third of the
    // run's time on two cores; its DOM snapshots show each step, and a failure still gets its final screenshot.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx e2e/support/start-test-server.ts',
    url: `${E2E.baseUrl}/v1/public/partners`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Without it the server's process group is killed at once and its temp data dir stays behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
