import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { deleteExpiredIdempotencyKeys } from '../plugins/idempotency.ts';
import { type JobHandler, scheduleJob } from './runner.ts';

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency-cleanup';
const HOUR_MS = 60 * 60 * 1000;

export interface IdempotencyCleanupDeps {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** Schedules the run of the hour that starts at or after `at`, once however many ask. */
export function scheduleIdempotencyCleanup(db: Database, at: Date) {
  const hour = new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
  const dedupeKey = `${IDEMPOTENCY_CLEANUP_JOB}:${hour.toISOString()}`;
  return scheduleJob(db, IDEMPOTENCY_CLEANUP_JOB, hour, {}, dedupeKey);
}

/**
 * The hourly job: schedules the next hour's run first, so a failed delete does not end the
 * chain, then deletes the idempotency keys past their 24 hours.
 */
export function idempotencyCleanupHandler(deps: IdempotencyCleanupDeps): JobHandler {
  return async (_payload, job) => {
    await scheduleIdempotencyCleanup(deps.db, new Date(job.now.getTime() + 1));
    const deleted = await deleteExpiredIdempotencyKeys(deps.db, job.now);
    if (deleted > 0) deps.log.info({ deleted }, 'expired idempotency keys deleted');
  };
}
