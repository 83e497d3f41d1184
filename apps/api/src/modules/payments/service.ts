import { type EarlyRepaymentMode, type Lang, type PaymentResult, tashkentDay } from '@bozor/shared';
import type { Transaction } from '../../db/client.ts';
import { AppError, fieldMessage } from '../../lib/errors.ts';
import { declineOf } from '../../providers/payments/index.ts';
import { findConfirmedCard } from '../cards/index.ts';
import * as credits from '../credits/index.ts';
import { balanceOf } from '../ledger/index.ts';
import { awaitsPrepayment, ORDER } from '../orders/index.ts';
import { type DebitOutcome, type PaymentDeps, recheckPayment, runDebit } from './debit.ts';
import * as repo from './repository.ts';

export function toPaymentResult(row: repo.PaymentRow, lang: Lang): PaymentResult {
  return {
    payment_id: row.id,
    state: row.state,
    amount: row.amount,
    order_id: row.orderId,
    credit_id: row.creditId,
    decline:
      row.state === 'failed' ? (declineOf(row.declineCode)?.customerMessage(lang) ?? null) : null,
  };
}

async function requireCard(tx: Transaction, customerId: number, cardId: number) {
  if (!(await findConfirmedCard(tx, customerId, cardId))) {
    throw new AppError('CARD_NOT_FOUND', 404);
  }
}

async function requireNoUpfrontPayment(tx: Transaction, orderId: number) {
  const running = await repo.findUpfrontPayment(tx, orderId);
  if (running) throw new AppError(repo.upfrontRefusal(running.state), 409);
}

interface PayInput {
  customerId: number;
  cardId: number;
  /** Derived from the customer, the route and the request's Idempotency-Key. */
  gatewayKey: string;
}

/** Pays a new order bought outright: its total, once. */
export function payOrderInFull(
  deps: PaymentDeps,
  input: PayInput & { orderId: number },
): Promise<DebitOutcome> {
  return runDebit(deps, {
    customerId: input.customerId,
    gatewayKey: input.gatewayKey,
    lock: { orderId: input.orderId, customerId: input.customerId },
    prepare: async (tx, { order }) => {
      await requireCard(tx, input.customerId, input.cardId);
      if (order.paymentType !== 'full' || order.status !== ORDER.new) {
        throw new AppError('NOTHING_TO_PAY', 409);
      }
      await requireNoUpfrontPayment(tx, order.id);
      return {
        orderId: order.id,
        creditId: null,
        cardId: input.cardId,
        purpose: 'full',
        amount: order.total,
      };
    },
  });
}

/** Pays the prepayment of an installment order once its contract is signed. */
export function payFirstPayment(
  deps: PaymentDeps,
  input: PayInput & { creditId: number },
): Promise<DebitOutcome> {
  return runDebit(deps, {
    customerId: input.customerId,
    gatewayKey: input.gatewayKey,
    lock: { creditId: input.creditId, customerId: input.customerId },
    prepare: async (tx, { order, credit }) => {
      if (!credit) throw new AppError('CREDIT_NOT_FOUND', 404);
      await requireCard(tx, input.customerId, input.cardId);
      if (credit.status === 'not_signed') throw new AppError('CONTRACT_NOT_SIGNED', 409);
      if (!credits.PAYABLE_STATUSES.includes(credit.status) || !awaitsPrepayment(order)) {
        throw new AppError('NOTHING_TO_PAY', 409);
      }
      await requireNoUpfrontPayment(tx, order.id);
      return {
        orderId: order.id,
        creditId: credit.id,
        cardId: input.cardId,
        purpose: 'first',
        amount: order.prepayment,
      };
    },
  });
}

/**
 * Pays part of a credit or all of it: one installment, several, or the whole rest early (no
 * extra charge). Without a mode the amount goes to the installments oldest first; with one, what
 * is due goes first and a surplus of at least one installment (or the whole rest) goes by the
 * mode, which the payment keeps for its settle.
 */
export function payCredit(
  deps: PaymentDeps,
  input: PayInput & {
    creditId: number;
    amount: number;
    lang: Lang;
    mode?: EarlyRepaymentMode | undefined;
  },
): Promise<DebitOutcome> {
  return runDebit(deps, {
    customerId: input.customerId,
    gatewayKey: input.gatewayKey,
    lock: { creditId: input.creditId, customerId: input.customerId },
    prepare: async (tx, { order, credit }) => {
      if (!credit) throw new AppError('CREDIT_NOT_FOUND', 404);
      await requireCard(tx, input.customerId, input.cardId);
      if (credit.status === 'not_signed') throw new AppError('CONTRACT_NOT_SIGNED', 409);
      if (!credits.PAYABLE_STATUSES.includes(credit.status)) {
        throw new AppError('NOTHING_TO_PAY', 409);
      }
      // the installments follow the prepayment: an order left unpaid would stay new for good
      if (awaitsPrepayment(order)) {
        throw new AppError('PREPAYMENT_FIRST', 409);
      }
      const { remaining } = await balanceOf(tx, credit.id);
      const refusal =
        input.mode === undefined
          ? input.amount > remaining
            ? 'amount_above_debt'
            : null
          : await credits.earlyRepaymentRefusalOf(
              tx,
              credit,
              remaining,
              input.amount,
              tashkentDay((deps.now ?? (() => new Date()))()),
            );
      if (refusal) {
        throw new AppError('VALIDATION_ERROR', 400, {
          amount: [fieldMessage(refusal, input.lang)],
        });
      }
      if (await repo.hasPaymentInFlight(tx, credit.id)) {
        throw new AppError('PAYMENT_IN_PROGRESS', 409);
      }
      return {
        orderId: order.id,
        creditId: credit.id,
        cardId: input.cardId,
        purpose: input.amount === remaining ? 'early' : 'installment',
        amount: input.amount,
        earlyMode: input.mode ?? null,
      };
    },
  });
}

/** A payment of the customer's; one still 'checking' is asked of the gateway again first. */
export async function readPayment(
  deps: PaymentDeps,
  customerId: number,
  id: number,
  lang: Lang,
): Promise<PaymentResult> {
  const payment = await repo.findPayment(deps.db, customerId, id);
  if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 404);
  return toPaymentResult(await recheckPayment(deps, payment), lang);
}
