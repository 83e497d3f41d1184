/**
 * Alerts on products (docs/notifications.md): "tell me when it is back" on a sold-out product and
 * "tell me when it is cheaper" (optionally at or below a sum). A change of a product — staff's
 * form, an import, checkout returning stock, an editor's SQL — schedules the `product-alerts`
 * job through a trigger (migration 0039); the job tells each waiting customer once, through their
 * channels, and ends the subscription. A customer hears of a product's price at most once a week:
 * a price alert due sooner waits until the week has passed.
 */
import {
  type AlertBody,
  type AlertKind,
  formatMoney,
  type ProductAlert,
  type ProductAlertCounts,
} from '@bozor/shared';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { productAlerts, products } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { deliverNotice, type Notice, sendNotice } from './service.ts';

export const PRODUCT_ALERTS_JOB = 'product-alerts';
/** The channel a product change that makes alerts due is announced on (migration 0039). */
export const PRODUCT_ALERTS_CHANNEL = 'bozor_alerts';
/** A customer hears of one product's price at most once in this long. */
export const PRICE_ALERT_GAP_MS = 7 * 24 * 60 * 60 * 1000;

const waiting = () => and(isNull(productAlerts.firedAt), isNull(productAlerts.cancelledAt));

function toAlert(row: typeof productAlerts.$inferSelect): ProductAlert {
  return {
    id: row.id,
    product_id: row.productId,
    kind: row.kind,
    below_price: row.belowPrice,
    created_at: row.createdAt.toISOString(),
  };
}

/** The customer's waiting alerts, of one product or of all. */
export async function listAlerts(
  db: Executor,
  customerId: number,
  productId?: number,
): Promise<ProductAlert[]> {
  const rows = await db
    .select()
    .from(productAlerts)
    .where(
      and(
        eq(productAlerts.customerId, customerId),
        waiting(),
        productId === undefined ? undefined : eq(productAlerts.productId, productId),
      ),
    )
    .orderBy(productAlerts.id);
  return rows.map(toAlert);
}

/**
 * Subscribes (again: a waiting alert of the kind takes the new sum). Refused for a product not on
 * sale (404), "back" on one in stock (409 `ALERT_IN_STOCK`), and a sum not below today's price
 * (422 under `below_price`).
 */
export async function subscribe(
  db: Executor,
  customerId: number,
  productId: number,
  body: AlertBody,
): Promise<ProductAlert> {
  const [product] = await db
    .select({ price: products.price, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw notFound('PRODUCT_NOT_FOUND');
  if (body.kind === 'back_in_stock' && product.stock > 0) {
    throw new AppError('ALERT_IN_STOCK', 409);
  }
  const below = body.kind === 'price_drop' ? (body.below_price ?? null) : null;
  if (below !== null && below >= product.price) {
    throw new AppError('ALERT_PRICE_NOT_BELOW', 422, { below_price: ['money_invalid'] });
  }
  const [row] = await db
    .insert(productAlerts)
    .values({ customerId, productId, kind: body.kind, priceSeen: product.price, belowPrice: below })
    .onConflictDoUpdate({
      target: [productAlerts.customerId, productAlerts.productId, productAlerts.kind],
      targetWhere: waiting(),
      set: { belowPrice: below, priceSeen: product.price },
    })
    .returning();
  // found: inserted or updated above
  return toAlert(row!);
}

export async function cancel(
  db: Executor,
  customerId: number,
  productId: number,
  kind: AlertKind,
): Promise<void> {
  const rows = await db
    .update(productAlerts)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(productAlerts.customerId, customerId),
        eq(productAlerts.productId, productId),
        eq(productAlerts.kind, kind),
        waiting(),
      ),
    )
    .returning({ id: productAlerts.id });
  if (rows.length === 0) throw notFound('ALERT_NOT_FOUND');
}

/** How many customers wait for the product, per kind (the back office). */
export async function countWaiting(db: Executor, productId: number): Promise<ProductAlertCounts> {
  const rows = await db
    .select({ kind: productAlerts.kind, n: sql<number>`count(*)::int` })
    .from(productAlerts)
    .where(and(eq(productAlerts.productId, productId), waiting()))
    .groupBy(productAlerts.kind);
  const counts: ProductAlertCounts = { back_in_stock: 0, price_drop: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}

interface Product {
  slug: string;
  nameUz: string;
  nameRu: string;
  price: number;
}

export function backInStockNotice(p: Product): Notice {
  return {
    kind: 'back_in_stock',
    text: {
      uz: `"${p.nameUz}" yana sotuvda. Buyurtma bering, tugab qolmasidan`,
      ru: `«${p.nameRu}» снова в продаже. Успейте заказать`,
    },
    link: { type: 'product', slug: p.slug },
  };
}

export function priceDropNotice(p: Product): Notice {
  return {
    kind: 'price_drop',
    text: {
      uz: `"${p.nameUz}" arzonlashdi: endi ${formatMoney(p.price, 'uz')}`,
      ru: `«${p.nameRu}» подешевел: теперь ${formatMoney(p.price, 'ru')}`,
    },
    link: { type: 'product', slug: p.slug },
  };
}

export interface AlertDeps {
  db: Database;
  sms: SmsProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The alerts whose wish has come true: back in stock, or at a price they wait for. */
function dueAlerts(db: Executor, productIds: number[] | undefined) {
  const cheaper = sql`(${productAlerts.belowPrice} is null and ${products.price} < ${productAlerts.priceSeen})
    or ${products.price} <= ${productAlerts.belowPrice}`;
  return db
    .select({
      id: productAlerts.id,
      customerId: productAlerts.customerId,
      kind: productAlerts.kind,
      productId: products.id,
    })
    .from(productAlerts)
    .innerJoin(products, eq(products.id, productAlerts.productId))
    .where(
      and(
        waiting(),
        eq(products.isActive, true),
        productIds ? inArray(products.id, productIds) : undefined,
        sql`((${productAlerts.kind} = 'back_in_stock' and ${products.stock} > 0)
          or (${productAlerts.kind} = 'price_drop' and (${cheaper})))`,
      ),
    )
    .orderBy(productAlerts.id)
    .limit(500);
}

/**
 * Tells the customers whose alerts came true, each once: the alert is ended and its notice
 * written in one transaction (a second run, or another process, finds it ended), then the
 * messages are sent. Answers how many were told.
 */
export async function fireAlerts(
  deps: AlertDeps,
  productIds: number[] | undefined,
  now: Date,
): Promise<number> {
  let told = 0;
  for (const due of await dueAlerts(deps.db, productIds)) {
    const sent = await inTransaction(deps.db, async (tx) => {
      if (due.kind === 'price_drop') {
        const [recent] = await tx
          .select({ firedAt: productAlerts.firedAt })
          .from(productAlerts)
          .where(
            and(
              eq(productAlerts.customerId, due.customerId),
              eq(productAlerts.productId, due.productId),
              eq(productAlerts.kind, 'price_drop'),
              gt(productAlerts.firedAt, new Date(now.getTime() - PRICE_ALERT_GAP_MS)),
            ),
          )
          .orderBy(sql`${productAlerts.firedAt} desc`)
          .limit(1);
        if (recent?.firedAt) {
          // heard of this product's price this week: asked again once the week has passed
          const at = new Date(recent.firedAt.getTime() + PRICE_ALERT_GAP_MS);
          await scheduleJob(
            tx,
            PRODUCT_ALERTS_JOB,
            at,
            { products: [due.productId] },
            `${PRODUCT_ALERTS_JOB}:${due.id}:${at.toISOString()}`,
          );
          return null;
        }
      }
      const [ended] = await tx
        .update(productAlerts)
        .set({ firedAt: now })
        .where(and(eq(productAlerts.id, due.id), waiting()))
        .returning({ id: productAlerts.id });
      if (!ended) return null;
      const [product] = await tx
        .select({
          slug: products.slug,
          nameUz: products.nameUz,
          nameRu: products.nameRu,
          price: products.price,
        })
        .from(products)
        .where(eq(products.id, due.productId));
      // found: the alert's product is on sale (read above); deleting it ends its alerts
      const notice =
        due.kind === 'back_in_stock' ? backInStockNotice(product!) : priceDropNotice(product!);
      await deliverNotice(tx, due.customerId, notice);
      return notice;
    });
    if (!sent) continue;
    told += 1;
    await sendNotice(deps, due.customerId, sent);
  }
  return told;
}

const payloadProducts = (payload: unknown): number[] | undefined => {
  const list = (payload as { products?: unknown } | null)?.products;
  return Array.isArray(list) && list.every((id) => Number.isInteger(id))
    ? (list as number[])
    : undefined;
};

/** The job the products' trigger schedules: tells the customers whose alerts came true. */
export function productAlertsHandler(deps: AlertDeps): JobHandler {
  return async (payload, job) => {
    const told = await fireAlerts(deps, payloadProducts(payload), job.now);
    if (told > 0) deps.log.info({ told }, 'product alerts sent');
  };
}
