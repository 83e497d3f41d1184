import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_OPS_TOKEN } from './e2e/reconcile.teardown.ts';
import {
  STAFF_ROLES_OF,
  secretsFile,
  staffEmail,
  staffFile,
} from './e2e/support/staff-accounts.ts';

const root = resolve(import.meta.dirname, '../..');
// E2E_PORT and WEB_DIST let several journey runs share a machine (each its own server and build)
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** A second shop whose scoring waits for a credit officer (SCORING_MODE=review). */
const REVIEW_PORT = PORT + 1;

/** Debian's Chromium: the project never downloads a browser build of its own. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * One shop server on a fresh embedded database, so every journey starts from the same seeded
 * catalogue; before it starts, `npm run admin:create` makes its back-office accounts and their
 * setup links are kept beside its data (support/staff.ts reads them).
 */
function shopServer(port: number, scoringMode: 'auto' | 'review', roles: readonly string[]) {
  const dataDir = `.data/e2e-${port}`;
  const accounts = roles
    .map(
      (role) =>
        `node_modules/.bin/node scripts/admin-create.ts --email ${staffEmail(role)} --role ${role} --name 'E2E ${role}' >> ${staffFile(port)}`,
    )
    .join(' && ');
  return {
    command: `mkdir -p .data && rm -rf ${dataDir} ${staffFile(port)} ${secretsFile(port)} && ${accounts} && exec node_modules/.bin/node apps/api/src/server.ts`,
    cwd: root,
    port,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SCORING_MODE: scoringMode,
      // Every journey signs in from this one address; the per-address limit has its own API tests.
      SIGN_IN_CODES_PER_ADDRESS: '1000',
      OPS_TOKEN: E2E_OPS_TOKEN,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // a journey that fails once is a bug to find, in CI too: never retried
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // the gateway's books and the shop's payments agree after every journey, and /metrics shows
  // what the journeys did
  globalTeardown: ['./e2e/reconcile.teardown.ts', './e2e/metrics.teardown.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: resolve(root, process.env.E2E_PORT ? `test-results/web-${PORT}` : 'test-results/web'),
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    // a trace records every step's page and screenshots whether the journey fails or not: a
    // third of the browser's work (docs/benchmarks.md), so it is kept for a run that asks for
    // it: `npx playwright test -c apps/web/playwright.config.ts --trace retain-on-failure`
    trace: 'off',
    launchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
  ],
  webServer: [
    shopServer(PORT, 'auto', STAFF_ROLES_OF.auto),
    shopServer(REVIEW_PORT, 'review', STAFF_ROLES_OF.review),
  ],
});
