import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e/support/data-dir';

// E2E runs against the production build (next build && next start) in Debian's Chromium; Playwright's own
// browser download is never used. E2E_PORT / NEXT_DIST_DIR let several builds coexist on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Its own folder: Playwright empties outputDir at start, and test-results/ also holds Jest's report.
  outputDir: 'test-results/playwright',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    acceptDownloads: true,
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // A data directory the hostile-input spec can inspect; limits loose enough for a whole suite from one
    // address (the limits themselves are tested in Jest).
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      // The test build serves localhost on purpose (next.config.ts refuses a production build without SITE_URL).
      ALLOW_LOCALHOST_SITE_URL: '1',
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_JOBS_PER_CLIENT: '0',
    },
  },
});
