/**
 * What a person does with a payment handed to them (DESIGN §6a "everything has an end and an
 * owner"): each action goes through the normal settle or refund code, under the order's and
 * credit's locks, with an audit entry of the payment before and after in the same transaction.
 */
import type { AttentionAction } from '@bozor/shared';
import type { Transaction } from '../../db/client.ts';
import type { AttentionKind } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { recordMovement } from '../ledger/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { type PaymentDeps, settlePaidByStaff } from './debit.ts';
import { finishRefund, recordRefund } from './refunds.ts';
import * as repo from './repository.ts';

/**
 * The actions that fit each kind of case. Money the gateway took and the shop could not record
 * (`settle_failed`) is never just marked handled: it is recorded as paid or as refunded.
 */
export const ACTIONS_BY_KIND: Record<AttentionKind, readonly AttentionAction[]> = {
  check_stuck: ['record_paid', 'record_refund', 'mark_handled'],
  settle_failed: ['record_paid', 'record_refund'],
  paid_cancelled: ['record_refund', 'mark_handled'],
  refund_stuck: ['retry_refund', 'record_refund', 'mark_handled'],
  refund_no_receipt: ['record_refund', 'mark_handled'],
  cash_return: ['cash_returned', 'mark_handled'],
};

const snapshot = (p: repo.PaymentRow) => ({
  state: p.state,
  attention_kind: p.attentionKind,
  receipt_id: p.receiptId,
  amount: p.amount,
});

/**
 * Closes a payment waiting for a person with one of the actions its kind allows (409 otherwise,
 * and 409 when it no longer waits): record it paid, record a refund made outside the shop or cash
 * handed back at a branch, try the refund again now, or mark it handled, its state then following
 * what the ledger holds. Answers the payment as it stands after.
 */
export async function resolveAttention(
  deps: PaymentDeps,
  paymentId: number,
  input: { action: AttentionAction; note: string },
  actor: Actor,
): Promise<repo.PaymentRow> {
  const payment = await repo.findPaymentById(deps.db, paymentId);
  if (!payment) throw notFound('PAYMENT_NOT_FOUND');
  const kind = waitingKind(payment);
  if (!ACTIONS_BY_KIND[kind].includes(input.action)) {
    throw new AppError('ATTENTION_ACTION_REFUSED', 409);
  }
  const audit = (tx: Transaction, before: repo.PaymentRow, after: repo.PaymentRow) =>
    recordAudit(tx, actor, {
      action: `payment.${input.action}`,
      objectType: 'payment',
      objectId: paymentId,
      before: snapshot(before),
      after: { ...snapshot(after), note: input.note },
    });
  const stillWaiting = (p: repo.PaymentRow) =>
    p.state === 'needs_attention' && p.attentionKind === kind;

  if (input.action === 'record_paid') {
    const receiptId = payment.receiptId ?? payment.gatewayPaymentId;
    if (receiptId === null) throw new AppError('ATTENTION_ACTION_REFUSED', 409);
    const settled = await settlePaidByStaff(deps, payment, receiptId, {
      settles: stillWaiting,
      within: audit,
    });
    if (settled.state === 'needs_attention') throw new AppError('ATTENTION_RESOLVED', 409);
    // money for an order or credit that ended meanwhile is refunded, as the gateway's would be
    return settled.state === 'refunding' ? finishRefund(deps, settled.id) : settled;
  }

  if (input.action === 'retry_refund') {
    await underLocks(deps, payment, stillWaiting, async (tx, p) => {
      const after = await repo.restartRefund(tx, p.id);
      await audit(tx, p, after);
      return after;
    });
    return finishRefund(deps, paymentId);
  }

  return underLocks(deps, payment, stillWaiting, async (tx, p) => {
    const at = (deps.now ?? (() => new Date()))();
    let after: repo.PaymentRow;
    if (input.action === 'record_refund' || input.action === 'cash_returned') {
      // money never recorded as taken is recorded first, so the refund has something to undo
      if (!(await repo.findLedgerEntry(tx, p.customerId, p.gatewayKey))) {
        await recordMovement(tx, {
          customerId: p.customerId,
          orderId: p.orderId,
          creditId: null,
          kind: p.purpose === 'first' ? 'prepayment' : 'debit',
          amount: p.amount,
          gatewayPaymentId: p.receiptId,
          idempotencyKey: p.gatewayKey,
        });
      }
      after = await recordRefund(tx, p, at, null);
    } else {
      after = await repo.settlePayment(tx, p.id, { state: await stateFromLedger(tx, p) });
    }
    await audit(tx, p, after);
    return after;
  });
}

function waitingKind(p: repo.PaymentRow): AttentionKind {
  if (p.state !== 'needs_attention' || p.attentionKind === null) {
    throw new AppError('ATTENTION_RESOLVED', 409);
  }
  return p.attentionKind;
}

/** Where a payment stands by what the ledger holds under its keys: its state agrees with it. */
async function stateFromLedger(tx: Transaction, p: repo.PaymentRow) {
  const taken = await repo.findLedgerEntry(tx, p.customerId, p.gatewayKey);
  if (!taken) return 'failed' as const;
  const back = await repo.findLedgerEntry(
    tx,
    p.customerId,
    p.refundKey ?? `refund:${p.gatewayKey}`,
  );
  return back ? ('refunded' as const) : ('paid' as const);
}

function underLocks(
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  stillWaiting: (p: repo.PaymentRow) => boolean,
  act: (tx: Transaction, p: repo.PaymentRow) => Promise<repo.PaymentRow>,
): Promise<repo.PaymentRow> {
  return inTransaction(deps.db, async (tx) => {
    await lockOrderAndCredit(tx, { orderId: payment.orderId });
    const p = await repo.lockPayment(tx, payment.id);
    if (!p || !stillWaiting(p)) throw new AppError('ATTENTION_RESOLVED', 409);
    return act(tx, p);
  });
}
