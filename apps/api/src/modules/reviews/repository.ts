import { ORDER_STATUS, type ReviewStatus } from '@bozor/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  orderItems,
  orders,
  productReviews,
  products,
  reviewHelpfulVotes,
  reviewRequests,
  reviewSettings,
} from '../../db/schema/index.ts';

export type ReviewRow = typeof productReviews.$inferSelect;

/** An order's status in which its items may be reviewed: it reached the customer and stayed. */
const REVIEWABLE = [ORDER_STATUS.delivered, ORDER_STATUS.completed];

export async function readSettings(db: Executor): Promise<{ publishAtOnce: boolean }> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1));
  return { publishAtOnce: row?.publishAtOnce ?? false };
}

export async function writeSettings(db: Executor, publishAtOnce: boolean): Promise<void> {
  await db
    .insert(reviewSettings)
    .values({ id: 1, publishAtOnce })
    .onConflictDoUpdate({
      target: reviewSettings.id,
      set: { publishAtOnce, updatedAt: new Date() },
    });
}

/** An item of one of the customer's orders, with its order's state: whether it may be rated. */
export async function findOwnOrderItem(db: Executor, customerId: number, orderItemId: number) {
  const [row] = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.customerId, customerId)));
  return row;
}

export async function findReview(db: Executor, id: number, lock = false) {
  const query = db.select().from(productReviews).where(eq(productReviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertReview(db: Executor, values: typeof productReviews.$inferInsert) {
  const [row] = await db
    .insert(productReviews)
    .values(values)
    .onConflictDoNothing({ target: productReviews.orderItemId })
    .returning();
  return row;
}

export async function updateReview(
  db: Executor,
  id: number,
  values: Partial<typeof productReviews.$inferInsert>,
) {
  const [row] = await db
    .update(productReviews)
    .set(values)
    .where(eq(productReviews.id, id))
    .returning();
  return row!;
}

export async function productSums(db: Executor, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      rating: products.rating,
      count: products.ratingCount,
      stars: products.ratingStars,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  return row;
}

/** The newest published photos of a product. */
export async function productPhotos(db: Executor, productId: number, limit: number) {
  const result = await db.execute(sql`
    select photo from (
      select unnest(photos) as photo, created_at, id from product_reviews
      where product_id = ${productId} and status = 'published' and cardinality(photos) > 0
      order by created_at desc, id desc limit ${limit}
    ) p limit ${limit}`);
  return (result as unknown as { rows: { photo: string }[] }).rows.map((r) => r.photo);
}

export interface PublicFilter {
  stars?: number | undefined;
  withPhotos?: boolean | undefined;
}

function publicWhere(productId: number, filter: PublicFilter): SQL {
  const where: SQL[] = [
    eq(productReviews.productId, productId),
    eq(productReviews.status, 'published'),
  ];
  if (filter.stars) where.push(eq(productReviews.rating, filter.stars));
  if (filter.withPhotos) where.push(sql`cardinality(${productReviews.photos}) > 0`);
  return and(...where)!;
}

export async function listPublished(
  db: Executor,
  productId: number,
  filter: PublicFilter,
  sort: 'newest' | 'helpful',
  page: { limit: number; offset: number },
) {
  const where = publicWhere(productId, filter);
  const order =
    sort === 'helpful'
      ? [desc(productReviews.helpfulCount), desc(productReviews.createdAt), desc(productReviews.id)]
      : [desc(productReviews.createdAt), desc(productReviews.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: productReviews, phone: customers.phone })
      .from(productReviews)
      .innerJoin(customers, eq(customers.id, productReviews.customerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(productReviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A customer's reviews with what they are of, newest first. */
export async function listOwn(db: Executor, customerId: number) {
  return db
    .select({
      review: productReviews,
      slug: products.slug,
      nameUz: orderItems.nameUz,
      nameRu: orderItems.nameRu,
      image: orderItems.image,
    })
    .from(productReviews)
    .innerJoin(orderItems, eq(orderItems.id, productReviews.orderItemId))
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.customerId, customerId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}

/** Items of the customer's delivered orders not rated yet, newest delivery first. */
export async function listUnrated(db: Executor, customerId: number) {
  return db
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      productId: products.id,
      slug: products.slug,
      nameUz: orderItems.nameUz,
      nameRu: orderItems.nameRu,
      image: orderItems.image,
      deliveredAt: orders.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, REVIEWABLE),
        sql`${orders.deliveredAt} is not null`,
        sql`not exists (select 1 from ${productReviews} r where r.order_item_id = ${orderItems.id})`,
      ),
    )
    .orderBy(desc(orders.deliveredAt), orderItems.id)
    .limit(50);
}

function moderationSelect(db: Executor) {
  return db
    .select({
      review: productReviews,
      phone: customers.phone,
      slug: products.slug,
      nameUz: products.nameUz,
      nameRu: products.nameRu,
    })
    .from(productReviews)
    .innerJoin(customers, eq(customers.id, productReviews.customerId))
    .innerJoin(products, eq(products.id, productReviews.productId));
}

export type ModerationRow = Awaited<ReturnType<typeof findForModeration>>;

export async function findForModeration(db: Executor, id: number) {
  const [row] = await moderationSelect(db).where(eq(productReviews.id, id));
  return row;
}

export async function listForModeration(
  db: Executor,
  status: ReviewStatus,
  page: { limit: number; offset: number },
) {
  const where = eq(productReviews.status, status);
  const [rows, [total]] = await Promise.all([
    moderationSelect(db)
      .where(where)
      // the oldest waiting first: moderation is a queue; the others newest first
      .orderBy(
        status === 'pending' ? productReviews.createdAt : desc(productReviews.createdAt),
        productReviews.id,
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(productReviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks a review helpful for a customer once; true when this call marked it. */
export async function markHelpful(db: Executor, reviewId: number, customerId: number) {
  const inserted = await db
    .insert(reviewHelpfulVotes)
    .values({ reviewId, customerId })
    .onConflictDoNothing()
    .returning({ reviewId: reviewHelpfulVotes.reviewId });
  if (inserted.length === 0) return false;
  await db
    .update(productReviews)
    .set({ helpfulCount: sql`${productReviews.helpfulCount} + 1` })
    .where(eq(productReviews.id, reviewId));
  return true;
}

export async function markedBy(db: Executor, customerId: number, productId: number) {
  const rows = await db
    .select({ id: reviewHelpfulVotes.reviewId })
    .from(reviewHelpfulVotes)
    .innerJoin(productReviews, eq(productReviews.id, reviewHelpfulVotes.reviewId))
    .where(
      and(eq(reviewHelpfulVotes.customerId, customerId), eq(productReviews.productId, productId)),
    );
  return rows.map((r) => r.id);
}

/**
 * Orders delivered between `from` and `to` whose buyer was not asked yet and which still hold an
 * item without a review, oldest first.
 */
export async function ordersToAsk(db: Executor, from: Date, to: Date, limit: number) {
  return db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, REVIEWABLE),
        sql`${orders.deliveredAt} > ${from.toISOString()} and ${orders.deliveredAt} <= ${to.toISOString()}`,
        sql`not exists (select 1 from ${reviewRequests} q where q.order_id = ${orders.id})`,
        sql`exists (select 1 from ${orderItems} i where i.order_id = ${orders.id}
          and not exists (select 1 from ${productReviews} r where r.order_item_id = i.id))`,
      ),
    )
    .orderBy(orders.deliveredAt)
    .limit(limit);
}

/** Notes the order's buyer as asked; false when another run already did. */
export async function noteAsked(db: Executor, orderId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(reviewRequests)
    .values({ orderId, sentAt: at })
    .onConflictDoNothing()
    .returning({ orderId: reviewRequests.orderId });
  return rows.length > 0;
}
