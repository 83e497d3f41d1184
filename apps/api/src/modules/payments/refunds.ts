import { inTransaction } from '../../db/transaction.ts';
import { CardDecline, type ReceiptState } from '../../providers/payments/index.ts';
import { recordMovement } from '../ledger/repository.ts';
import { lockOrderAndCredit } from '../money/locks.ts';
import type { PaymentDeps } from './debit.ts';
import * as repo from './repository.ts';

/** The same refund is asked of the gateway at most this often, whoever asks. */
const REFUND_INTERVAL_MS = 5_000;
/** A refund left this long was stopped halfway (a crash, a gateway out of reach): the job finishes it. */
export const STALE_REFUND_MS = 60_000;
const STALE_BATCH = 100;

/**
 * Finishes one refund (DESIGN §6a): the payment was marked 'refunding' with its refund key in
 * the transaction that decided it (a cancel, a return, money for a credit that had ended); here
 * the gateway cancels its receipt, and a transaction records the refund in the ledger and marks
 * the payment 'refunded'. Safe to run again at any point and from several processes: a receipt
 * is asked about before it is cancelled, is cancelled at most once by the gateway, and the ledger
 * entry is keyed. A gateway that does not answer leaves the payment 'refunding' for the job; one
 * that refuses for good hands it to a person.
 */
export async function finishRefund(deps: PaymentDeps, paymentId: number): Promise<repo.PaymentRow> {
  const now = (deps.now ?? (() => new Date()))();
  const claimed = await repo.claimCheck(deps.db, paymentId, ['refunding'], now, REFUND_INTERVAL_MS);
  if (!claimed) {
    const row = await repo.findPaymentById(deps.db, paymentId);
    if (!row) throw new Error(`payment ${paymentId} is gone`);
    return row;
  }
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
    return claimed;
  }
  if (state !== 'cancelled' && state !== 'cancelling') {
    const reason = `receipt ${receiptId} of a refund is ${state}`;
    deps.log.error({ paymentId: claimed.id, receiptId, state }, 'a refund needs attention');
    return (
      (await repo.markNeedsAttention(deps.db, claimed.id, ['refunding'], 'refund_stuck', reason)) ??
      claimed
    );
  }
  return settleRefunded(deps, claimed, state);
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
    if (p.state !== 'refunding') return p;
    // the refund undoes the payment's own ledger entry: the same order and credit
    const entry = await repo.findLedgerEntry(tx, p.customerId, p.gatewayKey);
    await recordMovement(tx, {
      customerId: p.customerId,
      orderId: entry ? entry.orderId : p.orderId,
      creditId: entry ? entry.creditId : null,
      kind: 'refund',
      amount: p.amount,
      gatewayPaymentId: p.receiptId ?? p.gatewayPaymentId,
      idempotencyKey: p.refundKey ?? `refund:${p.gatewayKey}`,
    });
    return repo.settlePayment(tx, p.id, {
      state: 'refunded',
      receiptState: state,
      refundedAt: (deps.now ?? (() => new Date()))(),
    });
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
