import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { credits, orders } from '../../db/schema/index.ts';

export type LockedOrder = typeof orders.$inferSelect;
export type LockedCredit = typeof credits.$inferSelect;

export interface MoneyLocks {
  order: LockedOrder;
  /** The order's credit, when it was bought on installments. */
  credit: LockedCredit | null;
}

/** Which order to lock: by its id or its credit's, and the customer's own only when given. */
export type LockTarget = ({ orderId: number } | { creditId: number }) & { customerId?: number };

/**
 * Locks an order and its credit for the rest of the transaction, always the order first and
 * then the credit (DESIGN §6a: order, credit, payments). Every write on an order, its credit or
 * their payments takes its locks here, so two of them never wait on each other in a circle, and
 * a decision made under these locks (cancel, pay, settle) sees the other's outcome. Undefined
 * when there is no such order (or credit), or it is not the customer's.
 *
 * The customer's row comes before all of them when it is locked (orders' `lockCustomer`, taken
 * by placing an order and by a prepayment change): customer, order, credit, payments. A path
 * that holds an order touches its customer only through the key share of a foreign-key check
 * (inserting a notice, a payment), which the customer lock (`FOR NO KEY UPDATE`) lets through.
 */
export async function lockOrderAndCredit(
  tx: Transaction,
  target: LockTarget,
): Promise<MoneyLocks | undefined> {
  let orderId: number;
  if ('orderId' in target) {
    orderId = target.orderId;
  } else {
    // a credit's order never changes, so it can be read before anything is locked
    const [credit] = await tx
      .select({ orderId: credits.orderId })
      .from(credits)
      .where(eq(credits.id, target.creditId));
    if (credit?.orderId == null) return undefined;
    orderId = credit.orderId;
  }
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      target.customerId === undefined
        ? eq(orders.id, orderId)
        : and(eq(orders.id, orderId), eq(orders.customerId, target.customerId)),
    )
    .for('update');
  if (!order) return undefined;
  const [credit] = await tx
    .select()
    .from(credits)
    .where(eq(credits.orderId, order.id))
    .for('update');
  if ('creditId' in target && credit?.id !== target.creditId) return undefined;
  return { order, credit: credit ?? null };
}
