import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  credits,
  customers,
  type FiscalState,
  fiscalReceipts,
  orderItems,
  orders,
  payments,
  products,
} from '../../db/schema/index.ts';

export type FiscalReceiptRow = typeof fiscalReceipts.$inferSelect;

/**
 * Takes up to `limit` receipts due to be registered with a lease until `until`: a receipt another
 * sender holds, or one registered or given up meanwhile, is not taken.
 */
export async function claimDue(db: Executor, now: Date, until: Date, limit: number) {
  const due = db
    .select({ id: fiscalReceipts.id })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.state, 'pending'),
        lte(fiscalReceipts.nextAt, now),
        or(isNull(fiscalReceipts.claimedUntil), lte(fiscalReceipts.claimedUntil, now)),
      ),
    )
    .orderBy(asc(fiscalReceipts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(fiscalReceipts)
    .set({ claimedUntil: until })
    .where(inArray(fiscalReceipts.id, due))
    .returning();
}

export async function findReceipt(db: Executor, id: number) {
  const [row] = await db.select().from(fiscalReceipts).where(eq(fiscalReceipts.id, id));
  return row;
}

/** The receipt of a payment's payment or refund, or of an order's handover. */
export async function findByEvent(
  db: Executor,
  where:
    | { paymentId: number; event: 'payment' | 'refund' }
    | { orderId: number; event: 'handover' },
) {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(
      'paymentId' in where
        ? and(eq(fiscalReceipts.paymentId, where.paymentId), eq(fiscalReceipts.event, where.event))
        : and(eq(fiscalReceipts.orderId, where.orderId), eq(fiscalReceipts.event, 'handover')),
    );
  return row;
}

export async function saveBuilt(
  db: Executor,
  id: number,
  built: Pick<FiscalReceiptRow, 'kind' | 'amount' | 'lines' | 'refersTo'>,
) {
  await db.update(fiscalReceipts).set(built).where(eq(fiscalReceipts.id, id));
}

export async function markRegistered(
  db: Executor,
  id: number,
  done: Pick<FiscalReceiptRow, 'terminalId' | 'receiptSeq' | 'fiscalSign' | 'qrUrl'> & {
    registeredAt: Date;
  },
) {
  await db
    .update(fiscalReceipts)
    .set({
      ...done,
      state: 'registered',
      attempts: sql`${fiscalReceipts.attempts} + 1`,
      claimedUntil: null,
      lastError: null,
    })
    .where(eq(fiscalReceipts.id, id));
}

/**
 * Counts a failed try: the receipt is due again at `retryAt`, or given up (`failed`) when it is
 * null. `rebuild` clears its lines, so the next try builds them again from the goods' codes as
 * they are then (a person may have fixed an IKPU the register refused).
 */
export async function markFailed(
  db: Executor,
  id: number,
  failure: { error: string; retryAt: Date | null; rebuild: boolean },
) {
  await db
    .update(fiscalReceipts)
    .set({
      state: failure.retryAt === null ? 'failed' : 'pending',
      attempts: sql`${fiscalReceipts.attempts} + 1`,
      nextAt: failure.retryAt ?? sql`${fiscalReceipts.nextAt}`,
      claimedUntil: null,
      lastError: failure.error,
      ...(failure.rebuild ? { lines: null, kind: null } : {}),
    })
    .where(eq(fiscalReceipts.id, id));
}

/** A failed receipt sent again by a person: pending now, its tries counted afresh, rebuilt. */
export async function restart(db: Executor, id: number, staffId: number, now: Date) {
  const [row] = await db
    .update(fiscalReceipts)
    .set({
      state: 'pending',
      attempts: 0,
      nextAt: now,
      claimedUntil: null,
      lines: null,
      kind: null,
      handledBy: staffId,
    })
    .where(and(eq(fiscalReceipts.id, id), eq(fiscalReceipts.state, 'failed')))
    .returning();
  return row;
}

/** An order's receipts, oldest first. */
export function listForOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.orderId, orderId))
    .orderBy(asc(fiscalReceipts.id));
}

/** Receipts for the back office, newest first, by state and order. */
export async function listForStaff(
  db: Executor,
  filter: {
    state?: FiscalState | undefined;
    orderId?: number | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    filter.state === undefined ? undefined : eq(fiscalReceipts.state, filter.state),
    filter.orderId === undefined ? undefined : eq(fiscalReceipts.orderId, filter.orderId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ receipt: fiscalReceipts, customerId: orders.customerId })
      .from(fiscalReceipts)
      .innerJoin(orders, eq(orders.id, fiscalReceipts.orderId))
      .where(where)
      .orderBy(desc(fiscalReceipts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(fiscalReceipts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function countFailed(db: Executor) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.state, 'failed'));
  return row?.count ?? 0;
}

/** What a receipt is built from: its order, the order's credit and the customer's phone. */
export async function findOrderFacts(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      total: orders.total,
      prepayment: orders.prepayment,
      deliveryFee: orders.deliveryFee,
      customerId: orders.customerId,
      phone: customers.phone,
      creditTotal: credits.total,
      creditStatus: credits.status,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(credits, eq(credits.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}

export async function findPaymentFacts(db: Executor, paymentId: number) {
  const [row] = await db
    .select({ id: payments.id, purpose: payments.purpose, method: payments.method })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row;
}

/**
 * The goods of an order with the fiscal code each is sold under: the product's own, else its
 * category's, else the nearest parent category's that has one (the VAT rate likewise, 12 % when
 * none sets it). A code missing everywhere is null.
 */
export async function listFiscalGoods(db: Executor, orderId: number) {
  const parent = alias(categories, 'parent');
  const grand = alias(categories, 'grand');
  const rows = await db
    .select({
      name: orderItems.nameUz,
      price: orderItems.price,
      count: orderItems.count,
      levels: sql<FiscalLevel[]>`json_build_array(
        json_build_object('ikpu', ${products.ikpu}, 'packageCode', ${products.packageCode}, 'units', ${products.units}, 'vatPercent', ${products.vatPercent}),
        json_build_object('ikpu', ${categories.ikpu}, 'packageCode', ${categories.packageCode}, 'units', ${categories.units}, 'vatPercent', ${categories.vatPercent}),
        json_build_object('ikpu', ${parent.ikpu}, 'packageCode', ${parent.packageCode}, 'units', ${parent.units}, 'vatPercent', ${parent.vatPercent}),
        json_build_object('ikpu', ${grand.ikpu}, 'packageCode', ${grand.packageCode}, 'units', ${grand.units}, 'vatPercent', ${grand.vatPercent})
      )`,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(grand, eq(grand.id, parent.parentId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.map(({ name, price, count, levels }) => ({
    name,
    price,
    count,
    code: resolveFiscalCode(levels),
  }));
}

interface FiscalLevel {
  ikpu: string | null;
  packageCode: string | null;
  units: number | null;
  vatPercent: number | null;
}

/** VAT of goods whose product and categories name no rate. */
export const DEFAULT_VAT_PERCENT = 12;

/**
 * The fiscal code goods are sold under, from the product and its categories nearest first: the
 * first level with an IKPU gives it with its package code and unit; the first with a VAT rate
 * gives the rate. Null when no level has an IKPU.
 */
export function resolveFiscalCode(levels: readonly FiscalLevel[]) {
  const coded = levels.find((level) => level.ikpu !== null && level.packageCode !== null);
  if (!coded?.ikpu || !coded.packageCode) return null;
  const vat = levels.find((level) => level.vatPercent !== null)?.vatPercent;
  return {
    ikpu: coded.ikpu,
    packageCode: coded.packageCode,
    units: coded.units,
    vatPercent: vat ?? DEFAULT_VAT_PERCENT,
  };
}
