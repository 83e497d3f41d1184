import { addDays, tashkentDay } from '@bozor/shared';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { AppError } from '../../lib/errors.ts';
import { findLiveCardById } from '../cards/index.ts';
import {
  type CreditRules,
  listDueInstallments,
  listLateInstallments,
  lockInstallment,
  owedOn,
  PAYABLE_STATUSES,
  penaltiesOf,
  setCreditStatus,
  updateInstallment,
} from '../credits/index.ts';
import { recordMovement } from '../ledger/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import { awaitsPrepayment } from '../orders/index.ts';
import { autopayKey, type PaymentDeps, recheckPayment, runDebit } from './debit.ts';
import { overdueNotice } from './notices.ts';
import * as payments from './repository.ts';

export const AUTOPAY_JOB = 'autopay';
/** One credit's debits of one day, scheduled by the day's run: one process runs each. */
export const AUTOPAY_CREDIT_JOB = 'autopay-credit';
/** The daily run starts at 09:00 in Tashkent (04:00 UTC), when banks answer. */
const RUN_HOUR_UTC = 4;
/** A payment 'checking' this long has lost its answer: the run asks the gateway again. */
const STALE_CHECKING_MS = 10 * 60 * 1000;
const STALE_BATCH = 100;
/** All extra charges of a credit stay within this share of the financed amount a year. */
const EXTRA_CHARGES_PER_YEAR = 0.5;

export type AutopayDeps = PaymentDeps & { rules: CreditRules };

const Payload = z.object({ day: z.iso.date() });
const CreditPayload = z.object({ day: z.iso.date(), creditId: z.number().int().positive() });

/** Schedules the run of `day` (YYYY-MM-DD) once, however many processes ask. */
export function scheduleAutopay(db: Executor, day: string) {
  return scheduleJob(
    db,
    AUTOPAY_JOB,
    new Date(`${day}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00Z`),
    { day },
    `autopay:${day}`,
  );
}

/**
 * The daily autopay job: schedules the next day's run first (a failing day does not stop the
 * days after it), asks about payments whose answers were lost, then schedules one job for each
 * credit with an installment due, so that each credit's debits are one short job with a lease of
 * its own and no two processes debit the same credit.
 */
export function autopayHandler(deps: AutopayDeps): JobHandler {
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload);
    const day = parsed.success ? parsed.data.day : tashkentDay(job.now);
    await scheduleAutopay(deps.db, addDays(day, 1));
    const troubles = await recheckStale({ ...deps, now: () => job.now }, job.now);
    for (const creditId of await dueCredits(deps, day)) {
      await scheduleJob(
        deps.db,
        AUTOPAY_CREDIT_JOB,
        job.now,
        { day, creditId },
        `autopay:${day}:credit:${creditId}`,
      );
    }
    if (troubles > 0) throw new Error(`autopay of ${day}: ${troubles} re-checks failed`);
  };
}

/** One credit's job of the day: its due installments debited, its late ones marked overdue. */
export function autopayCreditHandler(deps: AutopayDeps): JobHandler {
  return async (payload, job) => {
    const { day, creditId } = CreditPayload.parse(payload);
    const report = emptyReport();
    // the job's clock stamps its payments and penalties alike: which came first is known
    const troubles = await autopayCredit(
      { ...deps, now: () => job.now },
      creditId,
      day,
      job.now,
      report,
    );
    if (troubles > 0)
      throw new Error(`autopay of credit ${creditId} on ${day} failed; see the log`);
  };
}

export interface AutopayReport {
  paid: number;
  failed: number;
  overdue: number;
}

const emptyReport = (): AutopayReport => ({ paid: 0, failed: 0, overdue: 0 });

async function dueCredits(deps: AutopayDeps, day: string): Promise<number[]> {
  const due = await listDueInstallments(deps.db, day);
  return [...new Set(due.map(({ credit }) => credit.id))];
}

/** Asks about payments whose answers were lost; answers how many could not be asked. */
async function recheckStale(deps: AutopayDeps, now: Date): Promise<number> {
  let troubles = 0;
  const stale = await payments.listStaleChecking(
    deps.db,
    new Date(now.getTime() - STALE_CHECKING_MS),
    STALE_BATCH,
  );
  for (const payment of stale) {
    try {
      await recheckPayment(deps, payment);
    } catch (err) {
      troubles += 1;
      deps.log.error({ err, paymentId: payment.id }, 'autopay could not re-check a payment');
    }
  }
  return troubles;
}

/**
 * One day of autopay in one go (the jobs split it by credit): settles payments whose answers
 * were lost, debits every installment due on or before `day` from its credit's card (oldest
 * first, a credit's next only after its previous went through), then marks those past their
 * grace period overdue with their one penalty. Run twice for one day it debits nothing twice:
 * each debit is keyed by installment and day.
 */
export async function runAutopay(
  deps: AutopayDeps,
  day: string,
  now: Date,
): Promise<AutopayReport> {
  const report = emptyReport();
  let troubles = await recheckStale(deps, now);
  for (const creditId of await dueCredits(deps, day)) {
    troubles += await autopayCredit(deps, creditId, day, now, report);
  }
  if (troubles > 0) throw new Error(`autopay of ${day}: ${troubles} steps failed; see the log`);
  return report;
}

/**
 * A credit's part of a day: its due installments debited oldest first (stopping at the first
 * that does not go through), then its installments past the grace period marked overdue.
 * Answers how many steps failed; one credit's trouble does not hold up the others.
 */
async function autopayCredit(
  deps: AutopayDeps,
  creditId: number,
  day: string,
  now: Date,
  report: AutopayReport,
): Promise<number> {
  let troubles = 0;
  const attempt = async <T>(what: object, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (err) {
      troubles += 1;
      deps.log.error({ err, creditId, ...what }, 'autopay could not finish a step');
      return undefined;
    }
  };
  const due = (await listDueInstallments(deps.db, day)).filter(
    ({ credit }) => credit.id === creditId,
  );
  for (const { installment, credit } of due) {
    const state = await attempt({ installmentId: installment.id }, () =>
      debitInstallment(deps, installment.id, credit.id, credit.customerId, day),
    );
    if (state === 'paid') {
      report.paid += 1;
      continue;
    }
    if (state === 'failed') report.failed += 1;
    break;
  }
  const late = await listLateInstallments(deps.db, addDays(day, -deps.rules.graceDays));
  for (const installment of late.filter((i) => i.creditId === creditId)) {
    const marked = await attempt({ installmentId: installment.id }, () =>
      markOverdue(deps, installment.id, installment.creditId, now),
    );
    if (marked) report.overdue += 1;
  }
  return troubles;
}

async function debitInstallment(
  deps: AutopayDeps,
  installmentId: number,
  creditId: number,
  customerId: number,
  day: string,
): Promise<'paid' | 'failed' | 'checking' | 'skipped'> {
  try {
    const { payment } = await runDebit(deps, {
      customerId,
      gatewayKey: autopayKey(installmentId, day),
      lock: { creditId, customerId },
      prepare: async (tx, { order, credit }) => {
        const installment = await lockInstallment(tx, installmentId);
        if (
          !credit ||
          !PAYABLE_STATUSES.includes(credit.status) ||
          awaitsPrepayment(order) ||
          !installment ||
          owedOn(installment) <= 0
        ) {
          throw new AppError('NOTHING_TO_PAY', 409);
        }
        const card = credit.cardId === null ? undefined : await findLiveCardById(tx, credit.cardId);
        if (!card) throw new AppError('CARD_NOT_FOUND', 404);
        if (await payments.hasPaymentInFlight(tx, credit.id)) {
          throw new AppError('PAYMENT_IN_PROGRESS', 409);
        }
        return {
          orderId: order.id,
          creditId: credit.id,
          cardId: card.id,
          purpose: 'autopay',
          amount: owedOn(installment),
        };
      },
    });
    return payment.state === 'paid' ? 'paid' : payment.state === 'failed' ? 'failed' : 'checking';
  } catch (error) {
    if (error instanceof AppError) {
      deps.log.info({ installmentId, code: error.code }, 'autopay passed an installment by');
      return 'skipped';
    }
    throw error;
  }
}

/** The one penalty of an installment: a share of what it owes, within what the cap leaves. */
export function penaltyFor(
  rules: CreditRules,
  credit: { financed: number; total: number; months: number },
  owed: number,
  penaltiesSoFar: number,
): number {
  const cap = Math.floor((credit.financed * EXTRA_CHARGES_PER_YEAR * credit.months) / 12);
  const room = cap - (credit.total - credit.financed) - penaltiesSoFar;
  const penalty = Math.floor((owed * rules.penaltyPercent) / 100);
  return Math.max(0, Math.min(penalty, room));
}

async function markOverdue(
  deps: AutopayDeps,
  installmentId: number,
  creditId: number,
  now: Date,
): Promise<boolean> {
  let notice: Notice | null = null;
  const customerId = await inTransaction(deps.db, async (tx) => {
    notice = null;
    const locked = await lockOrderAndCredit(tx, { creditId });
    const credit = locked?.credit;
    const installment = await lockInstallment(tx, installmentId);
    if (
      !credit ||
      !PAYABLE_STATUSES.includes(credit.status) ||
      !installment ||
      installment.overdueAt !== null ||
      owedOn(installment) <= 0 ||
      // money of the credit's may be on its way or with the shop already (its answer lost, or a
      // person to settle it): no penalty until its outcome is known
      (await payments.hasPaymentInFlight(tx, creditId))
    ) {
      return null;
    }
    // a share of what is still owed: a part paid early is not late
    const penalty = penaltyFor(
      deps.rules,
      credit,
      owedOn(installment),
      await penaltiesOf(tx, creditId),
    );
    await updateInstallment(tx, installmentId, { overdueAt: now, penalty });
    if (penalty > 0) {
      await recordMovement(tx, {
        customerId: credit.customerId,
        creditId,
        orderId: credit.orderId,
        kind: 'penalty',
        amount: penalty,
        idempotencyKey: `penalty:${installmentId}`,
      });
    }
    if (credit.status !== 'overdue') await setCreditStatus(tx, creditId, 'overdue');
    notice = overdueNotice({
      orderId: credit.orderId ?? 0,
      number: installment.number,
      penalty,
    });
    await deliverNotice(tx, credit.customerId, notice);
    return credit.customerId;
  });
  const sent: Notice | null = notice;
  if (customerId === null || sent === null) return false;
  await sendNotice(deps, customerId, sent);
  return true;
}
