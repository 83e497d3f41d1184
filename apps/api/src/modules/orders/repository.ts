import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  basketItems,
  branches,
  type CreditStatus,
  cards,
  checkoutItems,
  creditInstallments,
  credits,
  customers,
  orderItems,
  orders,
  payments,
  products,
  scoringProfiles,
  tariffs,
} from '../../db/schema/index.ts';
import { productSummaryColumns } from '../catalogue/index.ts';
import { ORDER } from './lifecycle.ts';

export type OrderRow = typeof orders.$inferSelect;
export type CreditRow = typeof credits.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const tariffColumns = {
  id: tariffs.id,
  months: tariffs.months,
  markupPercent: tariffs.markupPercent,
};

/** Active tariffs, shortest first. */
export function listActiveTariffs(db: Executor) {
  return db
    .select(tariffColumns)
    .from(tariffs)
    .where(eq(tariffs.isActive, true))
    .orderBy(asc(tariffs.months));
}

export async function findActiveTariff(db: Executor, id: number) {
  const [row] = await db
    .select(tariffColumns)
    .from(tariffs)
    .where(and(eq(tariffs.id, id), eq(tariffs.isActive, true)));
  return row;
}

// ---- checkout lines ---------------------------------------------------------------------------

/** The caller's basket lines among `ids`, with what add-to-order checks of their products. */
export function findBasketLines(db: Executor, customerId: number, ids: number[]) {
  return db
    .select({
      lineId: basketItems.id,
      productId: basketItems.productId,
      count: basketItems.count,
      nameUz: products.nameUz,
      nameRu: products.nameRu,
      stock: products.stock,
      isActive: products.isActive,
    })
    .from(basketItems)
    .innerJoin(products, eq(products.id, basketItems.productId))
    .where(and(eq(basketItems.customerId, customerId), inArray(basketItems.id, ids)));
}

export async function replaceCheckoutItems(
  tx: Transaction,
  customerId: number,
  items: { productId: number; count: number }[],
) {
  await tx.delete(checkoutItems).where(eq(checkoutItems.customerId, customerId));
  if (items.length === 0) return;
  // a millisecond apart, so checkout lists them in the order they were taken
  await tx.insert(checkoutItems).values(
    items.map((item, i) => ({
      customerId,
      ...item,
      createdAt: sql`now() + make_interval(secs => ${i / 1000})`,
    })),
  );
}

/** The lines taken to checkout with their products as they are now, in the basket's order. */
export function listCheckoutLines(db: Executor, customerId: number) {
  return db
    .select({
      count: checkoutItems.count,
      isActive: products.isActive,
      sizeClass: products.sizeClass,
      ...productSummaryColumns,
    })
    .from(checkoutItems)
    .innerJoin(products, eq(products.id, checkoutItems.productId))
    .where(eq(checkoutItems.customerId, customerId))
    .orderBy(asc(checkoutItems.createdAt), asc(products.id));
}

export type CheckoutLineRow = Awaited<ReturnType<typeof listCheckoutLines>>[number];

/** What was ordered leaves the basket, and checkout starts empty again. */
export async function clearOrderedLines(tx: Transaction, customerId: number, productIds: number[]) {
  await tx.delete(checkoutItems).where(eq(checkoutItems.customerId, customerId));
  if (productIds.length === 0) return;
  await tx
    .delete(basketItems)
    .where(and(eq(basketItems.customerId, customerId), inArray(basketItems.productId, productIds)));
}

// ---- placing an order -------------------------------------------------------------------------

/**
 * Holds the customer's row until the transaction ends, taken before any order's lock (DESIGN
 * §6a): a customer's orders are placed, and their credits checked against the limit, one by one.
 * `NO KEY UPDATE` rather than `UPDATE`, so that a row referencing the customer inserted under an
 * order's lock (the notice of a cancel) does not wait for it: the two would wait in a circle.
 */
export async function lockCustomer(tx: Transaction, customerId: number): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
}

export async function findBranch(db: Executor, id: number) {
  const [row] = await db.select().from(branches).where(eq(branches.id, id));
  return row;
}

export async function isScoringApproved(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ approved: scoringProfiles.approved })
    .from(scoringProfiles)
    .where(eq(scoringProfiles.customerId, customerId));
  return row?.approved === true;
}

export async function hasOverdueCredit(db: Executor, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.customerId, customerId), eq(credits.status, 'overdue')))
    .limit(1);
  return rows.length > 0;
}

export async function insertOrder(tx: Transaction, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderItems(
  tx: Transaction,
  values: (typeof orderItems.$inferInsert)[],
) {
  await tx.insert(orderItems).values(values);
}

export async function insertCredit(tx: Transaction, values: typeof credits.$inferInsert) {
  const [row] = await tx.insert(credits).values(values).returning();
  return row!;
}

export async function replaceInstallments(
  tx: Transaction,
  creditId: number,
  rows: { dueDate: string; amount: number }[],
) {
  await tx.delete(creditInstallments).where(eq(creditInstallments.creditId, creditId));
  await tx
    .insert(creditInstallments)
    .values(rows.map((row, i) => ({ creditId, number: i + 1, ...row })));
}

export async function updateCreditTerms(
  tx: Transaction,
  creditId: number,
  values: { financed: number; monthlyPayment: number; total: number },
) {
  await tx.update(credits).set(values).where(eq(credits.id, creditId));
}

// ---- reading orders ---------------------------------------------------------------------------

const orderColumns = {
  order: orders,
  creditId: credits.id,
  creditStatus: credits.status,
  creditMonths: credits.months,
  creditMarkup: credits.markupPercent,
  creditFinanced: credits.financed,
};

function selectOrders(db: Executor) {
  return db.select(orderColumns).from(orders).leftJoin(credits, eq(credits.orderId, orders.id));
}

export type OrderWithCredit = Awaited<ReturnType<typeof selectOrders>>[number];

export async function countOrders(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.customerId, customerId));
  return row?.n ?? 0;
}

/** A page of the customer's orders, newest first. */
export function listOrders(db: Executor, customerId: number, limit: number, offset: number) {
  return selectOrders(db)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** One order of the customer's, with its credit's terms (locks are lockOrderAndCredit's). */
export async function findOrder(db: Executor, customerId: number, id: number) {
  const [row] = await selectOrders(db).where(
    and(eq(orders.customerId, customerId), eq(orders.id, id)),
  );
  return row;
}

/**
 * Orders still waiting for what is paid up front (new, not paid) that were placed before
 * `before`, oldest first: the ones the shop gives up on.
 */
export function listUnpaidOrdersBefore(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(and(eq(orders.status, ORDER.new), isNull(orders.paidAt), lt(orders.createdAt, before)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Whose an order is, for the dev back-office stand-in that moves any order along. */
export async function orderOwner(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.customerId;
}

/** Order lines, with the product's slug while it is still on sale. */
export function listOrderItems(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      nameUz: orderItems.nameUz,
      nameRu: orderItems.nameRu,
      image: orderItems.image,
      price: orderItems.price,
      count: orderItems.count,
      slug: sql<string | null>`case when ${products.isActive} then ${products.slug} end`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export type OrderItemRow = Awaited<ReturnType<typeof listOrderItems>>[number];

/** An order's payment attempts, newest first, with the card's masked number while it exists. */
export function listPayments(db: Executor, orderId: number) {
  return db
    .select({ payment: payments, cardNumber: cards.masked })
    .from(payments)
    .leftJoin(cards, and(eq(cards.id, payments.cardId), isNull(cards.deletedAt)))
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

// ---- cancel, return, advance ------------------------------------------------------------------

export async function orderPaymentsIn(
  db: Executor,
  orderId: number,
  states: PaymentRow['state'][],
) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, states)))
    .orderBy(asc(payments.id));
}

export async function orderStockItems(db: Executor, orderId: number) {
  return db
    .select({ productId: orderItems.productId, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

export async function updateOrder(
  tx: Transaction,
  id: number,
  values: Partial<
    Pick<
      OrderRow,
      'status' | 'prepayment' | 'cancelledAt' | 'shippedAt' | 'deliveredAt' | 'returnedAt'
    >
  >,
) {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

export async function setCreditStatus(
  tx: Transaction,
  creditId: number,
  status: CreditStatus,
  closedAt?: Date,
) {
  await tx
    .update(credits)
    .set({ status, ...(closedAt ? { closedAt } : {}) })
    .where(eq(credits.id, creditId));
}
