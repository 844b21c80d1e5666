import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './browser.ts';
import { BASE_URL } from './env.ts';

const executablePath = findChromium();

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two: the suite is CPU-bound on a 2-core machine (Chromium ~73 % of the CPU, node ~27 %); measured
  // 2026-11-28 with E2E_WORKERS=4: 21.5 min against 20.8 with 2, the CPU 97 % busy (vmstat).
  // An empty or non-numeric E2E_WORKERS keeps the two (Number('') would be 0 workers).
  workers: Number(process.env.E2E_WORKERS) || 2,
  // Each test also runs axe on every page it visited, at two widths: on a busy 2-core machine that
  // alone can take most of a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './.tmp/results',
  globalTeardown: './teardown.ts',
  use: {
    baseURL: BASE_URL,
    ...devices['Desktop Chrome'],
    locale: 'fr-FR',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  // The owner's tests change what every visitor sees (home texts, the collection's order):
  // they run after all the others.
  projects: [
    { name: 'site', testIgnore: /(site-content|layout)\.spec\.ts/ },
    { name: 'owner', testMatch: /(site-content|layout)\.spec\.ts/, dependencies: ['site'] },
  ],
  webServer: {
    command: 'node server.ts',
    cwd: import.meta.dirname,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server's log goes to e2e/.tmp/server.log (read by the teardown), not to the console.
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
