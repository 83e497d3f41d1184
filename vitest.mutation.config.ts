import { defineConfig } from 'vitest/config';
import workspace from './vitest.config.ts';

type Project = { test?: { name?: string } & Record<string, unknown> };
const api = (workspace.test?.projects as Project[] | undefined)?.find(
  (project) => typeof project === 'object' && project.test?.name === 'api',
);
if (!api?.test) throw new Error('vitest.config.ts has no project named api');

/**
 * The API tests that reach the money code, for Stryker (`npm run test:mutation`): the api project
 * of vitest.config.ts with a narrower file list, so its settings (global setup, shared modules,
 * timeouts) cannot drift apart. The model-based test is left out: its random sequences reach
 * different code on every run, so a mutant could be killed on one run and survive the next, and
 * it is the slowest file of all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...api.test,
          include: [
            'test/modules/payments/**/*.test.ts',
            'test/modules/credits/**/*.test.ts',
            'test/modules/ledger/**/*.test.ts',
            'test/modules/money/**/*.test.ts',
            'test/modules/orders/**/*.test.ts',
            'test/modules/cards/**/*.test.ts',
            'test/jobs/**/*.test.ts',
            // the job runner's readiness (alive) and its reports to the metrics
            'test/ops/health.test.ts',
            'test/ops/metrics.test.ts',
            'test/providers/payments-sandbox.test.ts',
            'test/providers/gateway-conformance.test.ts',
            'test/providers/payme.test.ts',
            'test/db/cash-receipt-numbers.test.ts',
            'test/plugins/idempotency.test.ts',
            'test/money-restart.test.ts',
          ],
          exclude: ['test/money-model.test.ts'],
        },
      },
    ],
  },
});
