import type { Executor } from '../../db/client.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { type PaymentDeps, recheckPayment } from './debit.ts';
import { finishStaleRefunds } from './refunds.ts';
import * as repo from './repository.ts';

export const PAYMENT_RECOVERY_JOB = 'payment-recovery';
/** How often the job runs: a lost answer or a stopped refund is settled within this. */
const EVERY_MS = 5 * 60 * 1000;
/** A payment 'checking' this long has lost its answer (a call takes a minute at most). */
const STALE_CHECKING_MS = 2 * 60 * 1000;
const BATCH = 100;

/** Schedules the run of the five minutes that start at or after `at`, once however many ask. */
export function schedulePaymentRecovery(db: Executor, at: Date) {
  const slot = new Date(Math.ceil(at.getTime() / EVERY_MS) * EVERY_MS);
  return scheduleJob(db, PAYMENT_RECOVERY_JOB, slot, {}, `payment-recovery:${slot.toISOString()}`);
}

/**
 * Settles what a stopped process or a lost answer left open (DESIGN §6a): payments still
 * 'checking' are asked about their receipts, refunds still 'refunding' are finished. Answers how
 * many of each it settled.
 */
export async function recoverPayments(
  deps: PaymentDeps,
  now: Date,
): Promise<{ checked: number; refunded: number }> {
  let checked = 0;
  const stale = await repo.listStaleChecking(
    deps.db,
    new Date(now.getTime() - STALE_CHECKING_MS),
    BATCH,
  );
  for (const payment of stale) {
    try {
      const row = await recheckPayment(deps, payment);
      if (row.state !== 'checking') checked += 1;
    } catch (err) {
      deps.log.error({ err, paymentId: payment.id }, 'a payment could not be re-checked');
    }
  }
  const refunded = await finishStaleRefunds(deps, now);
  return { checked, refunded };
}

/** The job: schedules its next run first, then recovers what is open. */
export function paymentRecoveryHandler(deps: PaymentDeps): JobHandler {
  return async (_payload, job) => {
    await schedulePaymentRecovery(deps.db, new Date(job.now.getTime() + 1));
    const { checked, refunded } = await recoverPayments({ ...deps, now: () => job.now }, job.now);
    if (checked + refunded > 0) deps.log.info({ checked, refunded }, 'open payments settled');
  };
}
