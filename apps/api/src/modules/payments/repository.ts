import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { cards, orders, type PaymentState, payments } from '../../db/schema/index.ts';

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

export async function settlePayment(
  tx: Transaction,
  id: number,
  values: { state: PaymentState; gatewayPaymentId?: string; declineCode?: string },
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

/** The gateway token of a payment's card; a card deleted since still has its token. */
export async function cardTokenOf(db: Executor, cardId: number | null) {
  if (cardId === null) return undefined;
  const [row] = await db
    .select({ token: cards.gatewayToken })
    .from(cards)
    .where(eq(cards.id, cardId));
  return row?.token;
}

/** The customer's confirmed card that is not deleted. */
export async function findPayingCard(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.id, id),
        eq(cards.customerId, customerId),
        isNotNull(cards.verifiedAt),
        isNull(cards.deletedAt),
      ),
    );
  return row;
}

export async function lockOrder(tx: Transaction, customerId: number, id: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId)))
    .for('update');
  return row;
}

/** What was to be paid up front is paid: a new order is confirmed. */
export async function confirmPaidOrder(tx: Transaction, orderId: number, at: Date) {
  await tx
    .update(orders)
    .set({ status: 2, paidAt: at, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 1)));
}
