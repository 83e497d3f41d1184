import type { Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { CardDecline, type ReceiptState } from '../../providers/payments/index.ts';
import * as credits from '../credits/index.ts';
import { recordMovement } from '../ledger/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import type { PaymentDeps } from './debit.ts';
import * as repo from './repository.ts';

/** The same refund is asked of the gateway at most this often, whoever asks. */
const REFUND_INTERVAL_MS = 5_000;
/** A refund left this long was stopped halfway (a crash, a gateway out of reach): the job finishes it. */
export const STALE_REFUND_MS = 60_000;
/** Tries the gateway refused or left unanswered before a person is told (`refund_stuck`). */
export const REFUND_ATTEMPTS = 5;
/** A refund not finished this long after it was decided is shown to a person, and still tried. */
export const REFUND_STUCK_MS = 24 * 60 * 60 * 1000;
const STALE_BATCH = 100;

/** Whether a payment's refund is still to be finished: 'refunding', or handed over as `refund_stuck`. */
export const awaitsRefund = (p: Pick<repo.PaymentRow, 'state' | 'attentionKind'>) =>
  p.state === 'refunding' || (p.state === 'needs_attention' && p.attentionKind === 'refund_stuck');

/**
 * Finishes one refund (DESIGN §6a): the payment was marked 'refunding' with its refund key in
 * the transaction that decided it (a cancel, a return, money for a credit that had ended); here
 * the gateway cancels its receipt, and once the receipt reads cancelled a transaction records the
 * refund in the ledger and marks the payment 'refunded'. A receipt still cancelling (Payme's 21)
 * is not refunded yet: it is asked about again. Safe to run again at any point and from several
 * processes: a receipt is asked about before it is cancelled, is cancelled at most once by the
 * gateway, and the ledger entry is keyed. A refund the gateway refuses or does not answer stays
 * 'refunding' for the job; past `REFUND_ATTEMPTS` tries or `REFUND_STUCK_MS` it is handed to a
 * person (`refund_stuck`) and still tried, so it settles itself if the gateway gives in.
 */
export async function finishRefund(deps: PaymentDeps, paymentId: number): Promise<repo.PaymentRow> {
  const now = (deps.now ?? (() => new Date()))();
  const claimed = await repo.claimCheck(
    deps.db,
    paymentId,
    ['refunding', 'needs_attention'],
    now,
    REFUND_INTERVAL_MS,
  );
  if (!claimed) {
    const row = await repo.findPaymentById(deps.db, paymentId);
    if (!row) throw new Error(`payment ${paymentId} is gone`);
    return row;
  }
  if (!awaitsRefund(claimed)) return claimed;
  if (claimed.method === 'cash') {
    // cash has no receipt to cancel: a person hands it back at a branch
    return (
      (await repo.markNeedsAttention(
        deps.db,
        claimed.id,
        ['refunding'],
        'cash_return',
        `cash paid at a branch (receipt ${claimed.receiptNumber}) is to be handed back at a branch`,
      )) ?? claimed
    );
  }
  const receiptId = claimed.receiptId ?? claimed.gatewayPaymentId;
  if (receiptId === null) {
    return (
      (await repo.markNeedsAttention(
        deps.db,
        claimed.id,
        ['refunding'],
        'refund_no_receipt',
        'a refunding payment has no receipt',
      )) ?? claimed
    );
  }
  let state: ReceiptState;
  try {
    state = await deps.gateway.checkReceipt(receiptId);
    if (state === 'paid') state = await cancelOnce(deps, receiptId);
  } catch (error) {
    deps.log.warn(
      { err: error, paymentId: claimed.id, receiptId },
      'the card gateway did not refund a payment; the refund is tried again',
    );
    return refusedOrStuck(deps, claimed, now, String(error), true);
  }
  if (state === 'cancelled') return settleRefunded(deps, claimed, state);
  // still cancelling, or still being paid: asked about again; not counted as refused
  if (state === 'cancelling' || state === 'paying') {
    return refusedOrStuck(deps, claimed, now, `receipt ${receiptId} is ${state}`, false);
  }
  // still paid after a cancel: the gateway refused the refund
  if (state === 'paid') {
    return refusedOrStuck(deps, claimed, now, `receipt ${receiptId} stays paid`, true);
  }
  const reason = `receipt ${receiptId} of a refund is ${state}`;
  deps.log.error({ paymentId: claimed.id, receiptId, state }, 'a refund needs attention');
  return (
    (await repo.markNeedsAttention(deps.db, claimed.id, ['refunding'], 'refund_stuck', reason)) ??
    claimed
  );
}

/**
 * A refund that did not finish this time: counted when the gateway refused it or did not answer,
 * and handed to a person once it has been refused too often or waited too long.
 */
async function refusedOrStuck(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  now: Date,
  why: string,
  refused: boolean,
): Promise<repo.PaymentRow> {
  const attempts = refused
    ? await repo.countRefundAttempt(deps.db, payment.id)
    : payment.refundAttempts;
  if (payment.state !== 'refunding') return payment;
  const since = (payment.refundStartedAt ?? payment.updatedAt).getTime();
  const late = now.getTime() - since >= REFUND_STUCK_MS;
  if (attempts < REFUND_ATTEMPTS && !late) return payment;
  const reason = late
    ? `the refund is not finished after ${Math.floor((now.getTime() - since) / 3_600_000)} hours: ${why}`
    : `the gateway refused or did not answer the refund ${attempts} times: ${why}`;
  deps.log.error({ paymentId: payment.id, attempts, why }, 'a refund needs attention');
  return (
    (await repo.markNeedsAttention(deps.db, payment.id, ['refunding'], 'refund_stuck', reason)) ??
    payment
  );
}

/** Cancels a paid receipt; refused because another asker cancelled it first, it says so. */
async function cancelOnce(deps: PaymentDeps, receiptId: string): Promise<ReceiptState> {
  try {
    return await deps.gateway.cancelReceipt(receiptId);
  } catch (error) {
    if (error instanceof CardDecline && error.code === 'RECEIPT_REFUSED') {
      return deps.gateway.checkReceipt(receiptId);
    }
    throw error;
  }
}

function settleRefunded(deps: PaymentDeps, payment: repo.PaymentRow, state: ReceiptState) {
  return inTransaction(deps.db, async (tx) => {
    await lockOrderAndCredit(tx, { orderId: payment.orderId });
    const p = await repo.lockPayment(tx, payment.id);
    if (!p) throw new Error(`payment ${payment.id} is gone`);
    if (!awaitsRefund(p)) return p;
    return recordRefund(tx, p, (deps.now ?? (() => new Date()))(), state);
  });
}

/**
 * Records a payment's money as given back: the refund undoes the payment's own ledger entry (the
 * same order and credit) and the payment is 'refunded'. Money that was put on a credit's
 * installments comes off them in the same transaction, so the schedule's paid stays the
 * ledger's (`takeBackPayment`). Call it under the locks of its order, credit and payment.
 */
export async function recordRefund(
  tx: Transaction,
  p: repo.PaymentRow,
  at: Date,
  receiptState: ReceiptState | null,
): Promise<repo.PaymentRow> {
  const entry = await repo.findLedgerEntry(tx, p.customerId, p.gatewayKey);
  const creditId = entry ? entry.creditId : null;
  const refundKey = p.refundKey ?? `refund:${p.gatewayKey}`;
  const recordedBefore = await repo.findLedgerEntry(tx, p.customerId, refundKey);
  await recordMovement(tx, {
    customerId: p.customerId,
    orderId: entry ? entry.orderId : p.orderId,
    creditId,
    kind: 'refund',
    amount: p.amount,
    gatewayPaymentId: p.receiptId ?? p.gatewayPaymentId,
    idempotencyKey: refundKey,
  });
  // a refund the ledger already holds was taken off the schedule with it
  if (creditId !== null && !recordedBefore) {
    await credits.takeBackPayment(tx, creditId, p.amount);
  }
  return repo.settlePayment(tx, p.id, {
    state: 'refunded',
    ...(receiptState ? { receiptState } : {}),
    refundedAt: at,
  });
}

/** Finishes the refunds a stopped process left 'refunding'; answers how many it settled. */
export async function finishStaleRefunds(deps: PaymentDeps, now: Date): Promise<number> {
  const stale = await repo.listStaleRefunding(
    deps.db,
    new Date(now.getTime() - STALE_REFUND_MS),
    STALE_BATCH,
  );
  let settled = 0;
  for (const payment of stale) {
    const row = await finishRefund(deps, payment.id);
    if (row.state === 'refunded') settled += 1;
  }
  return settled;
}
