/**
 * Cash a customer paid for their credit at a branch, entered by staff (DESIGN §6a without the
 * gateway): no receipt to ask for, so the payment is written paid, with its ledger entry, in the
 * transaction that applies it to the schedule, under the order's and the credit's locks.
 */
import type { CashPayment, Lang } from '@bozor/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { credits, payments } from '../../db/schema/index.ts';
import { inTransaction, sqlStateOf } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { creditById, PAYABLE_STATUSES } from '../credits/index.ts';
import { balanceOf, recordMovement } from '../ledger/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import { awaitsPrepayment } from '../orders/index.ts';
import { applyToCredit } from './debit.ts';
import { closedNotice, paidNotice } from './notices.ts';
import * as repo from './repository.ts';

export interface CashDeps {
  db: Database;
  sms: SmsProvider;
  log: Parameters<typeof sendNotice>[0]['log'];
  now?: () => Date;
}

export interface CashInput {
  creditId: number;
  amount: number;
  receiptNumber: string;
  /** Derived from the credit's customer, the route and the request's Idempotency-Key. */
  key: string;
  lang: Lang;
}

/** The customer a credit belongs to; a 404 when there is no such credit. */
export async function creditCustomer(db: Executor, creditId: number): Promise<number> {
  const [row] = await db
    .select({ customerId: credits.customerId })
    .from(credits)
    .where(eq(credits.id, creditId));
  if (!row) throw notFound('CREDIT_NOT_FOUND');
  return row.customerId;
}

/** Whether the number was entered before, in any case: compared as its unique index compares. */
async function receiptTaken(tx: Transaction, receiptNumber: string) {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(sql`upper(${payments.receiptNumber}) = upper(${receiptNumber})`);
  return row !== undefined;
}

async function toCashPayment(db: Executor, payment: repo.PaymentRow): Promise<CashPayment> {
  const credit = await creditById(db, payment.creditId as number);
  const { remaining } = await balanceOf(db, payment.creditId as number);
  return {
    payment_id: payment.id,
    credit_id: payment.creditId as number,
    order_id: payment.orderId,
    amount: payment.amount,
    receipt_number: payment.receiptNumber as string,
    purpose: payment.purpose,
    credit_status: credit?.status ?? 'closed',
    remaining,
    paid_at: payment.createdAt.toISOString(),
  };
}

/**
 * Takes cash for a credit: 1 to what remains, on a signed credit still owed (a closed or
 * cancelled one answers 409), with a receipt number never entered before (409). It goes to the
 * installments oldest first exactly as a card payment does; the customer is told as for a card
 * payment. A repeat of the key answers the first payment.
 */
export async function payCreditInCash(
  deps: CashDeps,
  input: CashInput,
  actor: Actor,
): Promise<CashPayment> {
  const notices: Notice[] = [];
  let payment: repo.PaymentRow;
  try {
    payment = await inTransaction(deps.db, async (tx) => {
      notices.length = 0;
      const earlier = await repo.findByGatewayKey(tx, input.key);
      if (earlier) return earlier;
      const locked = await lockOrderAndCredit(tx, { creditId: input.creditId });
      if (!locked?.credit) throw notFound('CREDIT_NOT_FOUND');
      const { order, credit } = locked;
      if (credit.status === 'not_signed') throw new AppError('CONTRACT_NOT_SIGNED', 409);
      if (!PAYABLE_STATUSES.includes(credit.status)) {
        throw new AppError('CREDIT_NOT_PAYABLE', 409);
      }
      if (awaitsPrepayment(order)) {
        throw new AppError('PREPAYMENT_FIRST', 409);
      }
      // a card debit on its way may take what remains: the cash waits for its answer
      if (await repo.hasPaymentInFlight(tx, credit.id)) {
        throw new AppError('PAYMENT_IN_PROGRESS', 409);
      }
      const before = await balanceOf(tx, credit.id);
      if (input.amount > before.remaining) {
        throw new AppError('VALIDATION_ERROR', 400, {
          amount: [fieldMessage('amount_above_debt', input.lang)],
        });
      }
      if (await receiptTaken(tx, input.receiptNumber)) {
        throw new AppError('CASH_RECEIPT_EXISTS', 409);
      }
      const at = (deps.now ?? (() => new Date()))();
      const row = await repo.insertPayment(tx, {
        customerId: credit.customerId,
        orderId: order.id,
        creditId: credit.id,
        cardId: null,
        purpose: input.amount === before.remaining ? 'early' : 'installment',
        method: 'cash',
        amount: input.amount,
        gatewayKey: input.key,
        state: 'paid',
        receiptNumber: input.receiptNumber,
        staffId: actor.staffId,
        createdAt: at,
      });
      await recordMovement(tx, {
        customerId: credit.customerId,
        orderId: order.id,
        creditId: credit.id,
        kind: 'debit',
        amount: input.amount,
        idempotencyKey: input.key,
      });
      notices.push(paidNotice(row));
      const closed = await applyToCredit(tx, credit.id, input.amount, at);
      if (closed) notices.push(closedNotice(order.id));
      const after = await creditById(tx, credit.id);
      await recordAudit(tx, actor, {
        action: 'credit.cash_payment',
        objectType: 'credit',
        objectId: credit.id,
        before: { status: credit.status, remaining: before.remaining },
        after: {
          status: after?.status ?? credit.status,
          remaining: before.remaining - input.amount,
          payment_id: row.id,
          amount: input.amount,
          receipt_number: input.receiptNumber,
        },
      });
      for (const notice of notices) await deliverNotice(tx, credit.customerId, notice);
      return row;
    });
  } catch (error) {
    // the receipt number entered at the same moment by another request
    if (sqlStateOf(error) === '23505') throw new AppError('CASH_RECEIPT_EXISTS', 409);
    throw error;
  }
  for (const notice of notices) await sendNotice(deps, payment.customerId, notice);
  return toCashPayment(deps.db, payment);
}
