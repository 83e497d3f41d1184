// @ts-check
/**
 * Mutation testing of the money code (DESIGN §6a, docs/testing.md): `npm run test:mutation`, or
 * one file with `npm run test:mutation -- --mutate apps/api/src/modules/ledger/repository.ts`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    // the API tests reach the money code through HTTP, not imports: related mode would find none
    related: false,
    // the pool `npm run test:api` uses (Stryker's runner defaults to threads)
    pool: 'forks',
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'apps/api/src/modules/payments/**/*.ts',
    'apps/api/src/modules/credits/**/*.ts',
    'apps/api/src/modules/ledger/**/*.ts',
    'apps/api/src/modules/money/**/*.ts',
    'apps/api/src/jobs/runner.ts',
  ],
  // the storefront and back office are neither mutated nor needed by the API tests; local data
  // (databases a running shop or journey may be writing) is not copied into the sandbox
  ignorePatterns: [
    '/apps/web',
    '/apps/admin',
    '/reports',
    '/docs',
    '/.data',
    '/data',
    '/test-results',
    '/backups',
  ],
  // code run while modules load (route schemas, constants) is covered by no single test; each
  // such mutant would need a fresh worker and the whole suite
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  // two cores: one test process at a time leaves the other core to the database and the machine
  concurrency: 1,
  // a test waits on leases and clocks and the machine may be busy: a slow mutant is not a hang
  timeoutMS: 60_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 30,
  cleanTempDir: 'always',
};
