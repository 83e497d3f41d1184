import { REVIEW_EDIT_DAYS, REVIEW_REQUEST_DAYS } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import * as repo from './repository.ts';

export const REVIEW_REQUESTS_JOB = 'review-requests';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Orders asked about in one run; the rest wait for the next hour. */
const BATCH = 200;

export interface ReviewRequestDeps {
  db: Database;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

/** Schedules the run of the hour that starts at or after `at`, once however many ask. */
export function scheduleReviewRequests(db: Database, at: Date) {
  const hour = new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
  return scheduleJob(
    db,
    REVIEW_REQUESTS_JOB,
    hour,
    {},
    `${REVIEW_REQUESTS_JOB}:${hour.toISOString()}`,
  );
}

const REQUEST: Notice = {
  kind: 'review_request',
  text: {
    uz: 'Xaridingiz yoqdimi? Mahsulotni baholang va boshqa xaridorlarga yordam bering: Kabinet → Sharhlarim',
    ru: 'Понравилась покупка? Оцените товар и помогите другим покупателям: Кабинет → Мои отзывы',
  },
};

/**
 * Asks the buyers of orders delivered `REVIEW_REQUEST_DAYS` ago (and not longer ago than a
 * review could still be written about, 30 days) for a review, once per order, with a notice
 * through their channels. Answers how many were asked.
 */
export async function askForReviews(deps: ReviewRequestDeps, now: Date): Promise<number> {
  const to = new Date(now.getTime() - REVIEW_REQUEST_DAYS * DAY_MS);
  const from = new Date(to.getTime() - REVIEW_EDIT_DAYS * DAY_MS);
  const due = await repo.ordersToAsk(deps.db, from, to, BATCH);
  let asked = 0;
  for (const order of due) {
    const notice: Notice = { ...REQUEST, link: { type: 'review', order_id: order.id } };
    const fresh = await inTransaction(deps.db, async (tx) => {
      if (!(await repo.noteAsked(tx, order.id, now))) return false;
      await deliverNotice(tx, order.customerId, notice);
      return true;
    });
    if (!fresh) continue;
    asked += 1;
    await sendNotice(deps, order.customerId, notice);
  }
  return asked;
}

/** The hourly job: schedules the next run first, so a failure does not end the chain. */
export function reviewRequestsHandler(deps: ReviewRequestDeps): JobHandler {
  return async (_payload, job) => {
    await scheduleReviewRequests(deps.db, new Date(job.now.getTime() + 1));
    const asked = await askForReviews(deps, job.now);
    if (asked > 0) deps.log.info({ asked }, 'buyers asked for reviews');
  };
}
