import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { PaymentPurpose } from '../../db/schema/index.ts';
import { inTransaction, sqlStateOf } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { CardDecline, type CardGateway, type DeclineCode } from '../../providers/payments/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import * as credits from '../credits/repository.ts';
import { recordMovement } from '../ledger/repository.ts';
import { type Notice, recordNotice, smsNotice } from '../notifications/service.ts';
import { closedNotice, failedNotice, paidNotice } from './notices.ts';
import * as repo from './repository.ts';

export interface PaymentDeps {
  db: Database;
  gateway: CardGateway;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** The clock of paid_at and closed_at; tests move it. */
  now?: () => Date;
}

/** What tx 1 found there is to debit. */
export interface DebitTarget {
  orderId: number;
  creditId: number | null;
  cardId: number;
  purpose: PaymentPurpose;
  amount: number;
}

export interface DebitRequest {
  customerId: number;
  /** The key the gateway debits under: the same key never charges twice. */
  gatewayKey: string;
  /**
   * Locks the order or credit and checks its state inside tx 1, throwing an AppError when there
   * is nothing to pay; answers what to debit.
   */
  prepare(tx: Transaction): Promise<DebitTarget>;
}

export interface DebitOutcome {
  payment: repo.PaymentRow;
  /** The gateway's refusal of this debit, when it refused just now. */
  decline: CardDecline | null;
}

const CREDIT_PURPOSES: readonly PaymentPurpose[] = ['installment', 'early', 'autopay'];

/** Autopay's gateway key for one installment on one day: a day's run debits it once. */
export function autopayKey(installmentId: number, day: string): string {
  return `autopay:${installmentId}:${day}`;
}

function installmentOfAutopayKey(key: string): number | null {
  const match = /^autopay:(\d+):\d{4}-\d{2}-\d{2}$/.exec(key);
  return match ? Number(match[1]) : null;
}

function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Another debit of the same order or credit got its row in first (the partial unique indexes of
 * `payments`): it is running, or the order's up-front payment is already paid.
 */
async function refusalOf(deps: PaymentDeps, error: unknown, orderId: number | null) {
  if (sqlStateOf(error) !== '23505') return error;
  const constraint = constraintOf(error);
  if (constraint === 'payments_order_upfront_key' && orderId !== null) {
    const paid = await inTransaction(deps.db, (tx) => repo.findUpfrontPayment(tx, orderId));
    return new AppError(paid?.state === 'paid' ? 'NOTHING_TO_PAY' : 'PAYMENT_IN_PROGRESS', 409);
  }
  return new AppError('PAYMENT_IN_PROGRESS', 409);
}

/**
 * Debits a card for an order or a credit, the one way every payment runs (DESIGN §4):
 * tx 1 locks and checks (`prepare`) and writes the payment 'checking', the gateway is asked
 * under the payment's key, tx 2 settles it (ledger, statuses, notice) and the SMS goes after
 * the commit. A repeat of a key answers its payment instead of starting another. A decline
 * leaves the payment failed and comes back in `decline`; a lost answer leaves it 'checking'
 * for `recheckPayment`.
 */
export async function runDebit(deps: PaymentDeps, request: DebitRequest): Promise<DebitOutcome> {
  let orderId: number | null = null;
  let started: { payment: repo.PaymentRow; resumed: boolean };
  try {
    started = await inTransaction(deps.db, async (tx) => {
      const earlier = await repo.findByGatewayKey(tx, request.gatewayKey);
      if (earlier) return { payment: earlier, resumed: true };
      const target = await request.prepare(tx);
      orderId = target.orderId;
      const payment = await repo.insertPayment(tx, {
        customerId: request.customerId,
        ...target,
        gatewayKey: request.gatewayKey,
        state: 'checking',
      });
      return { payment, resumed: false };
    });
  } catch (error) {
    throw await refusalOf(deps, error, orderId);
  }
  const { payment, resumed } = started;
  if (payment.customerId !== request.customerId) throw new AppError('PAYMENT_NOT_FOUND', 404);
  // a payment of this key already asked of the gateway is answered as it stands: a 'checking'
  // one may still be on its way there, and is asked again only by `recheckPayment`
  if (resumed) return { payment, decline: null };
  return charge(deps, payment);
}

/** Asks the gateway again about a payment left 'checking', under its own key, and settles it. */
export async function recheckPayment(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
): Promise<repo.PaymentRow> {
  if (payment.state !== 'checking') return payment;
  return (await charge(deps, payment)).payment;
}

const descriptionOf = (p: repo.PaymentRow) =>
  p.creditId === null
    ? `Bozor order ${p.orderId}`
    : `Bozor order ${p.orderId}, credit ${p.creditId}`;

async function charge(deps: PaymentDeps, payment: repo.PaymentRow): Promise<DebitOutcome> {
  let gatewayPaymentId: string;
  try {
    const token = await repo.cardTokenOf(deps.db, payment.cardId);
    if (token === undefined) throw new CardDecline('CARD_INVALID', 'the paying card is gone');
    const answer = await deps.gateway.debit({
      token,
      amount: payment.amount,
      idempotencyKey: payment.gatewayKey,
      description: descriptionOf(payment),
    });
    gatewayPaymentId = answer.paymentId;
  } catch (error) {
    // an unavailable gateway may have taken the money before it failed: ask again later
    if (error instanceof CardDecline && error.code !== 'GATEWAY_UNAVAILABLE') {
      return { payment: await settleFailed(deps, payment, error), decline: error };
    }
    deps.log.warn(
      { err: error, paymentId: payment.id },
      'the card gateway did not answer a debit; the payment stays checking',
    );
    return { payment, decline: null };
  }
  try {
    return { payment: await settlePaid(deps, payment, gatewayPaymentId), decline: null };
  } catch (error) {
    // the money is taken but not recorded: the payment stays checking, and a re-check records it
    deps.log.error(
      { err: error, paymentId: payment.id, gatewayPaymentId },
      'a paid debit could not be settled; the payment stays checking',
    );
    return { payment, decline: null };
  }
}

async function settleOnce(
  deps: PaymentDeps,
  paymentId: number,
  settle: (tx: Transaction, payment: repo.PaymentRow) => Promise<repo.PaymentRow>,
  notices: Notice[],
): Promise<repo.PaymentRow> {
  const settled = await inTransaction(deps.db, async (tx) => {
    notices.length = 0;
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} is gone`);
    // settled meanwhile by another request asking about the same payment
    if (payment.state !== 'checking') return payment;
    const row = await settle(tx, payment);
    for (const notice of notices) await recordNotice(tx, payment.customerId, notice);
    return row;
  });
  for (const notice of notices) await smsNotice(deps, settled.customerId, notice);
  return settled;
}

function settlePaid(deps: PaymentDeps, payment: repo.PaymentRow, gatewayPaymentId: string) {
  const notices: Notice[] = [];
  return settleOnce(
    deps,
    payment.id,
    async (tx, p) => {
      const at = (deps.now ?? (() => new Date()))();
      const isCredit = CREDIT_PURPOSES.includes(p.purpose);
      await recordMovement(tx, {
        customerId: p.customerId,
        orderId: p.orderId,
        creditId: isCredit ? p.creditId : null,
        kind: p.purpose === 'first' ? 'prepayment' : 'debit',
        amount: p.amount,
        gatewayPaymentId,
        idempotencyKey: p.gatewayKey,
      });
      notices.push(paidNotice(p));
      if (!isCredit) {
        await repo.confirmPaidOrder(tx, p.orderId, at);
      } else if (p.creditId !== null) {
        const closed = await applyToCredit(tx, p.creditId, p.amount, at);
        if (closed) notices.push(closedNotice(p.orderId));
      }
      return repo.settlePayment(tx, p.id, { state: 'paid', gatewayPaymentId });
    },
    notices,
  );
}

/** Answers whether the payment closed the credit. */
async function applyToCredit(
  tx: Transaction,
  creditId: number,
  amount: number,
  at: Date,
): Promise<boolean> {
  const { allPaid } = await credits.allocatePayment(tx, creditId, amount, at);
  const credit = await credits.creditById(tx, creditId);
  if (!credit) return false;
  if (allPaid) {
    await credits.setCreditStatus(tx, creditId, 'closed', { closedAt: at });
    if (credit.orderId !== null) await credits.completeDeliveredOrder(tx, credit.orderId);
    return true;
  }
  if (credit.status === 'overdue' && !(await credits.hasOverdueInstallment(tx, creditId))) {
    await credits.setCreditStatus(tx, creditId, 'active');
  }
  return false;
}

function settleFailed(deps: PaymentDeps, payment: repo.PaymentRow, decline: CardDecline) {
  const notices: Notice[] = [];
  return settleOnce(
    deps,
    payment.id,
    async (tx, p) => {
      const installmentId = installmentOfAutopayKey(p.gatewayKey);
      if (installmentId !== null) {
        const installment = await credits.lockInstallment(tx, installmentId);
        if (installment) {
          await credits.updateInstallment(tx, installmentId, {
            failedDebits: installment.failedDebits + 1,
            lastDecline: decline.code,
          });
        }
      }
      notices.push(failedNotice(p, decline));
      return repo.settlePayment(tx, p.id, { state: 'failed', declineCode: decline.code });
    },
    notices,
  );
}

const DECLINE_CODES: readonly DeclineCode[] = [
  'INSUFFICIENT_FUNDS',
  'CARD_BLOCKED',
  'CARD_INVALID',
  'CARD_EXPIRED',
  'LIMIT_EXCEEDED',
  'WRONG_CODE',
  'CODE_EXPIRED',
  'ISSUER_DECLINED',
  'GATEWAY_UNAVAILABLE',
];

/** The refusal a failed payment recorded, as the gateway's decline. */
export function declineOf(code: string | null): CardDecline | null {
  if (code === null) return null;
  const known = DECLINE_CODES.find((c) => c === code) ?? 'ISSUER_DECLINED';
  return new CardDecline(known);
}
