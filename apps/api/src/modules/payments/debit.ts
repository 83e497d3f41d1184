import type { EarlyRepaymentMode, FiscalCode } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { AttentionKind, PaymentPurpose } from '../../db/schema/index.ts';
import { inTransaction, sqlStateOf } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import {
  CardDecline,
  type CardGateway,
  type ReceiptState,
} from '../../providers/payments/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { findCardById } from '../cards/index.ts';
import * as credits from '../credits/index.ts';
import { previewPayment } from '../fiscal/index.ts';
import { balanceOf, recordMovement } from '../ledger/index.ts';
import { type LockTarget, lockOrderAndCredit, type MoneyLocks } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import { awaitsUpfront } from '../orders/index.ts';
import { closedNotice, failedNotice, paidNotice, returnedNotice } from './notices.ts';
import { finishRefund } from './refunds.ts';
import * as repo from './repository.ts';

export interface PaymentDeps {
  db: Database;
  gateway: CardGateway;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** The clock of paid_at, closed_at and the re-check windows; tests move it. */
  now?: () => Date;
  /**
   * The code delivery is sold under: with it, a receipt is created with its fiscal lines (for a
   * gateway that shows them); without it, with none.
   */
  fiscalDelivery?: FiscalCode | undefined;
}

/** What tx 1 found there is to debit. */
export interface DebitTarget {
  orderId: number;
  creditId: number | null;
  cardId: number;
  purpose: PaymentPurpose;
  amount: number;
  /** A credit payment's early-repayment choice, kept for its settle. */
  earlyMode?: EarlyRepaymentMode | null;
}

export interface DebitRequest {
  customerId: number;
  /** The key the payment is recorded under: the same key never starts a second payment. */
  gatewayKey: string;
  /** The order or credit whose locks tx 1 takes (order first) before `prepare`. */
  lock: LockTarget;
  /**
   * Checks the locked order and credit inside tx 1, throwing an AppError when there is nothing
   * to pay; answers what to debit.
   */
  prepare(tx: Transaction, locked: MoneyLocks): Promise<DebitTarget>;
}

export interface DebitOutcome {
  payment: repo.PaymentRow;
  /** The gateway's refusal of this debit, when it refused just now. */
  decline: CardDecline | null;
}

const CREDIT_PURPOSES: readonly PaymentPurpose[] = ['installment', 'early', 'autopay'];

/**
 * A payment with no stored receipt this old has none: its process stopped before the gateway
 * answered receipts.create (an unpaid receipt moves no money), so it is failed. Far longer than
 * one gateway call may take (PAYME_TIMEOUT_MS is at most a minute).
 */
export const NO_RECEIPT_WINDOW_MS = 2 * 60 * 1000;
/**
 * A stored receipt still unpaid this long was never paid by its process (it stopped between
 * storing and paying): the receipt is cancelled so it can never be paid, and the payment failed.
 */
export const UNPAID_RECEIPT_WINDOW_MS = 5 * 60 * 1000;
/** The gateway is asked about one payment at most this often, whoever asks. */
export const CHECK_INTERVAL_MS = 5_000;
/**
 * A receipt whose outcome is still not known this long after its payment began (held in a
 * processing state, answered "not found", or the gateway out of reach) is shown to a person as
 * `check_stuck`; it is still asked about, and settles itself when the gateway answers.
 */
export const CHECK_STUCK_MS = 30 * 60 * 1000;
/** Failed settles of money already taken before a person is asked to look at it. */
const SETTLE_ATTEMPTS = 3;

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

const clockOf = (deps: PaymentDeps) => (deps.now ?? (() => new Date()))();

/**
 * Another debit of the same order or credit got its row in first (the partial unique indexes of
 * `payments`): it is running, or the order's up-front payment is already paid.
 */
async function refusalOf(deps: PaymentDeps, error: unknown, orderId: number | null) {
  if (sqlStateOf(error) !== '23505') return error;
  const constraint = constraintOf(error);
  if (constraint === 'payments_order_upfront_key' && orderId !== null) {
    const standing = await inTransaction(deps.db, (tx) => repo.findUpfrontPayment(tx, orderId));
    return new AppError(repo.upfrontRefusal(standing?.state ?? 'checking'), 409);
  }
  return new AppError('PAYMENT_IN_PROGRESS', 409);
}

/**
 * Debits a card for an order or a credit, the one way every payment runs (DESIGN §6a): tx 1
 * locks the order and its credit and checks them (`prepare`) and writes the payment 'checking';
 * the gateway creates a receipt, which is stored at once in its own statement; the receipt is
 * paid; tx 2 settles the payment (ledger, statuses, notice) and the SMS goes after the commit.
 * A repeat of a key answers its payment instead of starting another. A decline leaves the
 * payment failed and comes back in `decline`; a lost answer leaves it 'checking' for
 * `recheckPayment`, which asks about the stored receipt and never pays again.
 */
export async function runDebit(deps: PaymentDeps, request: DebitRequest): Promise<DebitOutcome> {
  let orderId: number | null = null;
  let started: { payment: repo.PaymentRow; resumed: boolean };
  try {
    started = await inTransaction(deps.db, async (tx) => {
      const earlier = await repo.findByGatewayKey(tx, request.gatewayKey);
      if (earlier) return { payment: earlier, resumed: true };
      const locked = await lockOrderAndCredit(tx, request.lock);
      if (!locked) {
        throw new AppError(
          'creditId' in request.lock ? 'CREDIT_NOT_FOUND' : 'ORDER_NOT_FOUND',
          404,
        );
      }
      const target = await request.prepare(tx, locked);
      orderId = target.orderId;
      const payment = await repo.insertPayment(tx, {
        customerId: request.customerId,
        ...target,
        gatewayKey: request.gatewayKey,
        state: 'checking',
        // the clock that marks installments overdue: a penalty is known to come before or after
        createdAt: clockOf(deps),
      });
      return { payment, resumed: false };
    });
  } catch (error) {
    throw await refusalOf(deps, error, orderId);
  }
  const { payment, resumed } = started;
  if (payment.customerId !== request.customerId) throw new AppError('PAYMENT_NOT_FOUND', 404);
  // a payment of this key already started is answered as it stands: a 'checking' one may still
  // be on its way to the gateway, and is asked about only by `recheckPayment`
  if (resumed) return { payment, decline: null };
  return charge(deps, payment);
}

const descriptionOf = (p: repo.PaymentRow) =>
  p.creditId === null
    ? `Bozor order ${p.orderId}`
    : `Bozor order ${p.orderId}, credit ${p.creditId}`;

/**
 * An answer to receipts.create that says no receipt was made: the card or the bank refused.
 * Only creation is taken at its word; money moves only in receipts.pay, whose errors are never
 * believed (see `settleFromReceipt`).
 */
const isDefinite = (error: unknown): error is CardDecline =>
  error instanceof CardDecline &&
  // a gateway the request never reached made no receipt either
  (error.code !== 'GATEWAY_UNAVAILABLE' || error.unsent) &&
  error.code !== 'RECEIPT_REFUSED';

/** What the customer is told of a debit that did not go through, from the gateway's error. */
const declineFrom = (error: unknown): CardDecline =>
  error instanceof CardDecline
    ? error
    : new CardDecline('GATEWAY_UNAVAILABLE', 'the gateway did not answer', { cause: error });

/**
 * Whether a payment still waits for its receipt's outcome: 'checking', or handed to a person
 * for being slow (`check_stuck`) and still asked about.
 */
export const awaitsReceipt = (p: Pick<repo.PaymentRow, 'state' | 'attentionKind'>) =>
  p.state === 'checking' || (p.state === 'needs_attention' && p.attentionKind === 'check_stuck');

async function charge(deps: PaymentDeps, payment: repo.PaymentRow): Promise<DebitOutcome> {
  const token =
    payment.cardId === null
      ? undefined
      : (await findCardById(deps.db, payment.cardId))?.gatewayToken;
  if (token === undefined) {
    const gone = new CardDecline('CARD_INVALID', 'the paying card is gone');
    return { payment: await settleFailed(deps, payment, gone), decline: gone };
  }
  const fiscal =
    deps.fiscalDelivery === undefined
      ? null
      : await previewPayment(deps.db, payment, deps.fiscalDelivery);
  let receiptId: string;
  try {
    ({ receiptId } = await deps.gateway.createReceipt({
      amount: payment.amount,
      reference: payment.gatewayKey,
      description: descriptionOf(payment),
      token,
      ...(fiscal ? { fiscal } : {}),
    }));
  } catch (error) {
    if (isDefinite(error)) {
      return { payment: await settleFailed(deps, payment, error), decline: error };
    }
    // no receipt is known, and an unpaid one moves no money: a re-check fails it later
    deps.log.warn(
      { err: error, paymentId: payment.id },
      'the card gateway did not answer receipts.create; the payment stays checking',
    );
    return { payment, decline: null };
  }
  if (!(await repo.storeReceipt(deps.db, payment.id, receiptId))) {
    // failed meanwhile for having no receipt: this one must never be paid
    deps.log.warn({ paymentId: payment.id, receiptId }, 'a receipt came after its payment ended');
    await deps.gateway.cancelReceipt(receiptId).catch(() => undefined);
    return { payment: (await repo.findPaymentById(deps.db, payment.id)) ?? payment, decline: null };
  }
  let state: ReceiptState;
  try {
    state = await deps.gateway.payReceipt({ receiptId, token });
  } catch (error) {
    // an error may come after the money moved (a time-out inside the gateway, a code Bozor
    // does not know): the receipt's state decides, never the error
    deps.log.warn(
      { err: error, paymentId: payment.id, receiptId },
      'the card gateway answered receipts.pay with an error; the receipt is asked about',
    );
    return settleFromReceipt(deps, payment, receiptId, declineFrom(error));
  }
  if (state === 'paid') {
    return { payment: await settlePaidOrHold(deps, payment, receiptId), decline: null };
  }
  if (state === 'paying') return { payment, decline: null };
  return settleFromReceipt(
    deps,
    payment,
    receiptId,
    new CardDecline('ISSUER_DECLINED', `receipts.pay answered ${state}`),
  );
}

/**
 * Settles a payment whose receipts.pay did not answer 'paid', from what the gateway says of the
 * receipt (DESIGN §6a): paid → paid; still created → cancelled at the gateway (so it can never
 * be paid), then failed with `decline`; cancelled → failed; anything else, or no answer → it
 * stays 'checking' for `recheckPayment`.
 */
async function settleFromReceipt(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  receiptId: string,
  decline: CardDecline,
): Promise<DebitOutcome> {
  let state: ReceiptState;
  try {
    state = await deps.gateway.checkReceipt(receiptId);
    if (state === 'created') {
      state = await deps.gateway.cancelReceipt(receiptId);
      if (state === 'cancelling') {
        const row = await paidThenCancelled(deps, payment, receiptId);
        return { payment: row, decline: null };
      }
    }
  } catch (error) {
    deps.log.warn(
      { err: error, paymentId: payment.id, receiptId },
      'the card gateway did not say where a receipt stands; the payment stays checking',
    );
    return { payment, decline: null };
  }
  if (state === 'paid') {
    return { payment: await settlePaidOrHold(deps, payment, receiptId), decline: null };
  }
  if (state === 'cancelled') {
    return { payment: await settleFailed(deps, payment, decline), decline };
  }
  return { payment, decline: null };
}

/** A receipt paid a moment before the shop's cancel of it reached the gateway: its money goes back. */
async function paidThenCancelled(deps: PaymentDeps, payment: repo.PaymentRow, receiptId: string) {
  await attention(
    deps,
    payment,
    ['checking', 'needs_attention'],
    'paid_cancelled',
    `receipt ${receiptId} was paid and cancelled`,
  );
  return (await repo.findPaymentById(deps.db, payment.id)) ?? payment;
}

/**
 * Asks the gateway about a payment left 'checking' (or handed to a person as `check_stuck`) and
 * settles it from the answer: about its stored receipt, never by paying again. Without a receipt
 * past a short window it is failed (no receipt, no money); a receipt never paid past a longer one
 * is cancelled first, so it never can be. One whose outcome is still unknown past
 * `CHECK_STUCK_MS` is handed to a person and still asked about. Asked at most every few seconds
 * per payment, whoever asks.
 */
export async function recheckPayment(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
): Promise<repo.PaymentRow> {
  if (!awaitsReceipt(payment)) return payment;
  const now = clockOf(deps);
  const claimed = await repo.claimCheck(
    deps.db,
    payment.id,
    ['checking', 'needs_attention'],
    now,
    CHECK_INTERVAL_MS,
  );
  if (!claimed) return (await repo.findPaymentById(deps.db, payment.id)) ?? payment;
  if (!awaitsReceipt(claimed)) return claimed;
  const age = now.getTime() - claimed.createdAt.getTime();
  if (claimed.receiptId === null) {
    if (age < NO_RECEIPT_WINDOW_MS) return claimed;
    return settleFailed(
      deps,
      claimed,
      new CardDecline('GATEWAY_UNAVAILABLE', 'no receipt was created for the payment'),
      { withoutReceipt: true },
    );
  }
  const receiptId = claimed.receiptId;
  let state: ReceiptState;
  try {
    state = await deps.gateway.checkReceipt(receiptId);
    if (state === 'created' && age >= UNPAID_RECEIPT_WINDOW_MS) {
      state = await deps.gateway.cancelReceipt(receiptId);
      if (state === 'cancelling') return paidThenCancelled(deps, claimed, receiptId);
    }
  } catch (error) {
    deps.log.warn(
      { err: error, paymentId: claimed.id, receiptId },
      'the card gateway did not answer about a receipt; the payment stays checking',
    );
    return stuckOrWaiting(deps, claimed, age, `the gateway did not answer: ${String(error)}`);
  }
  if (state === 'paid') return settlePaidOrHold(deps, claimed, receiptId);
  if (state === 'cancelled') {
    return settleFailed(
      deps,
      claimed,
      new CardDecline('ISSUER_DECLINED', `receipt ${receiptId} is ${state}`),
    );
  }
  return stuckOrWaiting(deps, claimed, age, `receipt ${receiptId} is ${state}`);
}

/** A payment whose receipt has no outcome yet: past `CHECK_STUCK_MS` a person is told. */
async function stuckOrWaiting(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  age: number,
  why: string,
): Promise<repo.PaymentRow> {
  if (payment.state !== 'checking' || age < CHECK_STUCK_MS) return payment;
  const minutes = Math.floor(age / 60_000);
  return (
    (await attention(
      deps,
      payment,
      ['checking'],
      'check_stuck',
      `no outcome after ${minutes} minutes: ${why}`,
    )) ?? payment
  );
}

/**
 * Runs a settle of a 'checking' payment under the locks of its order and credit (order, credit,
 * then the payment), once: a payment settled meanwhile by another asker is answered as it is.
 */
async function settleOnce(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  settle: (tx: Transaction, p: repo.PaymentRow, locked: MoneyLocks) => Promise<repo.PaymentRow>,
  notices: Notice[],
  settles: (p: repo.PaymentRow) => boolean = awaitsReceipt,
): Promise<repo.PaymentRow> {
  const settled = await inTransaction(deps.db, async (tx) => {
    notices.length = 0;
    const locked = await lockOrderAndCredit(tx, { orderId: payment.orderId });
    const p = await repo.lockPayment(tx, payment.id);
    if (!locked || !p) throw new Error(`payment ${payment.id} or its order is gone`);
    if (!settles(p)) return p;
    const row = await settle(tx, p, locked);
    for (const notice of notices) await deliverNotice(tx, p.customerId, notice);
    return row;
  });
  for (const notice of notices) await sendNotice(deps, settled.customerId, notice);
  return settled;
}

async function attention(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  from: repo.PaymentRow['state'][],
  kind: AttentionKind,
  reason: string,
) {
  deps.log.error(
    { paymentId: payment.id, orderId: payment.orderId, creditId: payment.creditId, reason },
    'a payment needs attention',
  );
  return repo.markNeedsAttention(deps.db, payment.id, from, kind, reason);
}

/**
 * Settles money the gateway took. A settle that fails is tried again by the next re-check; one
 * that keeps failing (a rule that will not change its mind) hands the payment to a person.
 */
async function settlePaidOrHold(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  receiptId: string,
): Promise<repo.PaymentRow> {
  try {
    const settled = await settlePaid(deps, payment, receiptId);
    if (settled.state === 'refunding') return await finishRefund(deps, settled.id);
    return settled;
  } catch (error) {
    const failures = await repo.countSettleFailure(deps.db, payment.id).catch(() => 0);
    if (failures >= SETTLE_ATTEMPTS) {
      const reason = `settling paid receipt ${receiptId} failed ${failures} times: ${String(error)}`;
      return (
        (await attention(
          deps,
          payment,
          ['checking', 'needs_attention'],
          'settle_failed',
          reason,
        )) ?? payment
      );
    }
    // the money is taken but not recorded: the payment stays checking, and a re-check records it
    deps.log.error(
      { err: error, paymentId: payment.id, receiptId },
      'a paid debit could not be settled; the payment stays checking',
    );
    return (await repo.findPaymentById(deps.db, payment.id)) ?? payment;
  }
}

/**
 * Whether the money may go where it was meant: an up-front payment to its order still awaiting
 * it, a credit's payment to a credit still owed at least as much. Money for an order or credit
 * that ended meanwhile (cancelled, returned, closed, paid by other means) is refunded.
 */
async function destinationOf(
  tx: Transaction,
  p: repo.PaymentRow,
  locked: MoneyLocks,
): Promise<'order' | 'credit' | 'refund'> {
  if (!CREDIT_PURPOSES.includes(p.purpose)) {
    if (!awaitsUpfront(locked.order)) return 'refund';
    if (
      p.purpose === 'first' &&
      !credits.PAYABLE_STATUSES.includes(locked.credit?.status ?? 'cancelled')
    ) {
      return 'refund';
    }
    return 'order';
  }
  const credit = locked.credit;
  if (!credit || credit.id !== p.creditId || !credits.PAYABLE_STATUSES.includes(credit.status)) {
    return 'refund';
  }
  const { remaining } = await balanceOf(tx, credit.id);
  return p.amount > remaining ? 'refund' : 'credit';
}

/** How a person settles a payment handed to them through the normal settle (`attention.ts`). */
export interface StaffSettle {
  /** The states the person may settle from. */
  settles: (p: repo.PaymentRow) => boolean;
  /** Runs in the settle's transaction after it, with the row before and after (the audit). */
  within: (tx: Transaction, before: repo.PaymentRow, after: repo.PaymentRow) => Promise<void>;
}

/** Settles a payment as paid on a person's word, exactly as the gateway's answer would. */
export function settlePaidByStaff(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  receiptId: string,
  staff: StaffSettle,
) {
  return settlePaid(deps, payment, receiptId, staff);
}

function settlePaid(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  receiptId: string,
  staff?: StaffSettle,
) {
  const notices: Notice[] = [];
  return settleOnce(
    deps,
    payment,
    async (tx, p, locked) => {
      const row = await settlePaidIn(tx, p, locked);
      await staff?.within(tx, p, row);
      return row;
    },
    notices,
    staff?.settles,
  );

  async function settlePaidIn(tx: Transaction, p: repo.PaymentRow, locked: MoneyLocks) {
    const at = clockOf(deps);
    const destination = await destinationOf(tx, p, locked);
    await recordMovement(tx, {
      customerId: p.customerId,
      orderId: p.orderId,
      creditId: destination === 'credit' ? p.creditId : null,
      kind: p.purpose === 'first' ? 'prepayment' : 'debit',
      amount: p.amount,
      gatewayPaymentId: receiptId,
      idempotencyKey: p.gatewayKey,
    });
    if (destination === 'refund') {
      deps.log.warn(
        { paymentId: p.id, orderId: p.orderId, creditId: p.creditId },
        'money came for an order or credit that no longer takes it; it is refunded',
      );
      notices.push(returnedNotice(p));
      await repo.settlePayment(tx, p.id, {
        state: 'paid',
        gatewayPaymentId: receiptId,
        receiptState: 'paid',
      });
      await repo.markRefunding(tx, [{ ...p, state: 'paid' }]);
      return (await repo.lockPayment(tx, p.id)) as repo.PaymentRow;
    }
    notices.push(paidNotice(p));
    if (destination === 'order') {
      await repo.confirmPaidOrder(tx, p.orderId, at);
    } else if (p.creditId !== null) {
      await waivePenaltiesInFlight(tx, p);
      const closed = await applyToCredit(tx, p.creditId, p.amount, at, p.earlyMode);
      if (closed) notices.push(closedNotice(p.orderId));
    }
    return repo.settlePayment(tx, p.id, {
      state: 'paid',
      gatewayPaymentId: receiptId,
      receiptState: 'paid',
    });
  }
}

/**
 * A penalty charged after this payment began was charged on money already on its way (DESIGN
 * §6a: penalties only on money not taken): it is taken back before the money is applied.
 */
async function waivePenaltiesInFlight(tx: Transaction, p: repo.PaymentRow) {
  if (p.creditId === null) return;
  for (const waived of await credits.waivePenaltiesChargedSince(tx, p.creditId, p.createdAt)) {
    await recordMovement(tx, {
      customerId: p.customerId,
      creditId: p.creditId,
      orderId: p.orderId,
      kind: 'penalty_waiver',
      amount: waived.amount,
      idempotencyKey: `penalty_waiver:${waived.installmentId}`,
    });
  }
}

/**
 * Applies money a credit received to its installments, oldest first or, with the customer's
 * early-repayment `mode`, what is due first and the surplus by the mode: overdue becomes active
 * once nothing is late, and the credit closes (its delivered order completed) once all is paid.
 * Call it under the locks of the credit's order and credit. Answers whether it closed the credit.
 */
export async function applyToCredit(
  tx: Transaction,
  creditId: number,
  amount: number,
  at: Date,
  mode: EarlyRepaymentMode | null = null,
): Promise<boolean> {
  const { allPaid } = await credits.allocatePayment(tx, creditId, amount, at, mode);
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

function settleFailed(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  decline: CardDecline,
  options: { withoutReceipt?: boolean } = {},
) {
  const notices: Notice[] = [];
  return settleOnce(
    deps,
    payment,
    async (tx, p) => {
      // a receipt stored meanwhile belongs to a payment still on its way: not failed here
      if (options.withoutReceipt && p.receiptId !== null) return p;
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
