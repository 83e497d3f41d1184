import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  type AttentionKind,
  customers,
  HELD_ATTENTION_KINDS,
  ledgerEntries,
  orders,
  type PaymentState,
  payments,
} from '../../db/schema/index.ts';
import type { ReceiptState } from '../../providers/payments/index.ts';
import { ORDER_MOVES } from '../orders/index.ts';

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

/**
 * A payment whose money may be with the shop while its outcome is not settled: 'checking', or
 * handed to a person from 'checking' (`HELD_ATTENTION_KINDS`). It holds its order's or credit's
 * turn: nothing else is debited, penalised or expired meanwhile.
 */
export const held = or(
  eq(payments.state, 'checking'),
  and(
    eq(payments.state, 'needs_attention'),
    inArray(payments.attentionKind, [...HELD_ATTENTION_KINDS]),
  ),
);

export const isHeld = (p: Pick<PaymentRow, 'state' | 'attentionKind'>) =>
  p.state === 'checking' ||
  (p.state === 'needs_attention' &&
    (HELD_ATTENTION_KINDS as readonly (string | null)[]).includes(p.attentionKind));

/** Why an order's up-front payment may not start while another one stands in this state. */
export const upfrontRefusal = (state: PaymentState) =>
  state === 'paid'
    ? 'NOTHING_TO_PAY'
    : state === 'needs_attention'
      ? 'PAYMENT_NEEDS_ATTENTION'
      : 'PAYMENT_IN_PROGRESS';

/** The up-front payment of an order that is running, held or done, if any. */
export async function findUpfrontPayment(tx: Transaction, orderId: number) {
  const [row] = await tx
    .select({ state: payments.state })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.purpose, ['full', 'first']),
        or(eq(payments.state, 'paid'), held),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Whether a payment of the credit is on its way or waits for a person: the credit's debits,
 * cash and penalties wait for it (DESIGN §6a).
 */
export async function hasPaymentInFlight(db: Executor, creditId: number) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.creditId, creditId),
        or(eq(payments.state, 'checking'), eq(payments.state, 'needs_attention')),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Payments still 'checking' since before `before` (their answers were lost), and those handed to
 * a person for it (`check_stuck`), which are still asked about; the least recently asked first.
 */
export function listStaleChecking(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        or(
          eq(payments.state, 'checking'),
          and(eq(payments.state, 'needs_attention'), eq(payments.attentionKind, 'check_stuck')),
        ),
        lt(payments.createdAt, before),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
    .limit(limit);
}

/**
 * Refunds marked before `before` and not finished (their process stopped, or the gateway
 * refused), and those handed to a person for it (`refund_stuck`), which are still tried; the
 * least recently tried first.
 */
export function listStaleRefunding(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        or(
          eq(payments.state, 'refunding'),
          and(eq(payments.state, 'needs_attention'), eq(payments.attentionKind, 'refund_stuck')),
        ),
        lt(payments.updatedAt, before),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.updatedAt))
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

/** Counts a refund the gateway refused or did not answer; answers how many there have been. */
export async function countRefundAttempt(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .update(payments)
    .set({ refundAttempts: sql`${payments.refundAttempts} + 1` })
    .where(eq(payments.id, id))
    .returning({ attempts: payments.refundAttempts });
  return row?.attempts ?? 0;
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

/** Payments waiting for a person with their customer's phone, the longest waiting first. */
export function listNeedingAttention(db: Executor, limit: number) {
  return db
    .select({ payment: payments, phone: customers.phone })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(eq(payments.state, 'needs_attention'))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
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
        refundStartedAt: sql`now()`,
        refundAttempts: 0,
        checkedAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, row.id), eq(payments.state, 'paid')));
  }
}

/** A refund handed to a person is tried again from the start: a new count and a new limit. */
export async function restartRefund(tx: Transaction, id: number) {
  const [row] = await tx
    .update(payments)
    .set({
      state: 'refunding',
      refundStartedAt: sql`now()`,
      refundAttempts: 0,
      checkedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, id))
    .returning();
  return row!;
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
    .set({ status: ORDER_MOVES.pay.to, paidAt: at, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ORDER_MOVES.pay.from)));
}
