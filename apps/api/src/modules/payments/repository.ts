import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  type AttentionKind,
  ledgerEntries,
  orders,
  type PaymentState,
  payments,
} from '../../db/schema/index.ts';
import type { ReceiptState } from '../../providers/payments/index.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function findByGatewayKey(db: Executor, gatewayKey: string) {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayKey, gatewayKey));
  return row;
}

export async function findPayment(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.customerId, customerId)));
  return row;
}

export async function lockPayment(tx: Transaction, id: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function insertPayment(tx: Transaction, values: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function findPaymentById(db: Executor, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function settlePayment(
  tx: Transaction,
  id: number,
  values: {
    state: PaymentState;
    gatewayPaymentId?: string;
    declineCode?: string;
    receiptState?: ReceiptState;
    refundKey?: string;
    refundedAt?: Date;
    attentionReason?: string;
  },
) {
  const [row] = await tx
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** The up-front payment of an order that is running or done, if any. */
export async function findUpfrontPayment(tx: Transaction, orderId: number) {
  const [row] = await tx
    .select({ state: payments.state })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.purpose, ['full', 'first']),
        inArray(payments.state, ['checking', 'paid']),
      ),
    )
    .limit(1);
  return row;
}

export async function hasCheckingCreditPayment(tx: Transaction, creditId: number) {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.creditId, creditId), eq(payments.state, 'checking')))
    .limit(1);
  return row !== undefined;
}

/** Payments still 'checking' since before `before`, oldest first: their answers were lost. */
export function listStaleChecking(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'checking'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Refunds marked before `before` and not finished, oldest first: their process stopped. */
export function listStaleRefunding(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'refunding'), lt(payments.updatedAt, before)))
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/**
 * Writes the receipt the gateway just created onto a payment still 'checking' that has none, in
 * a statement of its own before the receipt is paid. Answers false when the payment was settled
 * meanwhile (a re-check failed it for having no receipt): then the receipt must not be paid.
 */
export async function storeReceipt(db: Executor, id: number, receiptId: string) {
  const rows = await db
    .update(payments)
    .set({ receiptId, receiptState: 'created', updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.state, 'checking'), isNull(payments.receiptId)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Takes the right to ask the gateway about a payment now: at most one asker per payment every
 * `intervalMs`, whatever process asks. Answers the row as it stands when taken.
 */
export async function claimCheck(
  db: Executor,
  id: number,
  states: readonly PaymentState[],
  now: Date,
  intervalMs: number,
) {
  const [row] = await db
    .update(payments)
    .set({ checkedAt: now })
    .where(
      and(
        eq(payments.id, id),
        inArray(payments.state, [...states]),
        or(
          isNull(payments.checkedAt),
          lt(payments.checkedAt, new Date(now.getTime() - intervalMs)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Counts a failed settle of paid money; answers how many there have been. */
export async function countSettleFailure(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .update(payments)
    .set({ settleFailures: sql`${payments.settleFailures} + 1` })
    .where(eq(payments.id, id))
    .returning({ failures: payments.settleFailures });
  return row?.failures ?? 0;
}

/** Hands a payment whose money cannot be settled to a person, whatever state it was left in. */
export async function markNeedsAttention(
  db: Executor,
  id: number,
  from: readonly PaymentState[],
  kind: AttentionKind,
  reason: string,
) {
  const [row] = await db
    .update(payments)
    .set({
      state: 'needs_attention',
      attentionKind: kind,
      attentionReason: reason.slice(0, 500),
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), inArray(payments.state, [...from])))
    .returning();
  return row;
}

/** Payments waiting for a person, the most recently handed over first. */
export function listNeedingAttention(db: Executor, limit: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.state, 'needs_attention'))
    .orderBy(desc(payments.updatedAt), desc(payments.id))
    .limit(limit);
}

/** Whether a payment of the credit is waiting for a person: its installments are not penalised. */
export async function hasPaymentNeedingAttention(db: Executor, creditId: number) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.creditId, creditId), eq(payments.state, 'needs_attention')))
    .limit(1);
  return row !== undefined;
}

/** The payments of an order in the given states, locked (after the order and its credit). */
export function lockOrderPayments(tx: Transaction, orderId: number, states: PaymentState[]) {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, states)))
    .orderBy(asc(payments.id))
    .for('update');
}

/** Marks paid payments 'refunding', each with the key its refund is recorded under. */
export async function markRefunding(tx: Transaction, rows: readonly PaymentRow[]) {
  for (const row of rows) {
    await tx
      .update(payments)
      .set({
        state: 'refunding',
        refundKey: `refund:${row.gatewayKey}`,
        checkedAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, row.id), eq(payments.state, 'paid')));
  }
}

/** The ledger entry a payment's money was recorded under. */
export async function findLedgerEntry(db: Executor, customerId: number, key: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.customerId, customerId), eq(ledgerEntries.idempotencyKey, key)));
  return row;
}

/** What was to be paid up front is paid: a new order is confirmed. */
export async function confirmPaidOrder(tx: Transaction, orderId: number, at: Date) {
  await tx
    .update(orders)
    .set({ status: 2, paidAt: at, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 1)));
}
