import {
  CATALOGUE_EPOCH,
  DEMO_PHONE,
  type GeneratedReviews,
  generateCatalogue,
  generateReviews,
  rateProducts,
} from '@bozor/demo';
import { addDays, ORDER_STATUS, tashkentDay } from '@bozor/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/db/demo.ts';
import { customers, orders, productReviews, products } from '../../src/db/schema/index.ts';
import { writeProductRating } from '../../src/modules/catalogue/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { as, signedInStaff } from '../helpers/staff.ts';

const OPTIONS = { products: 300, seed: 5 };

describe('a seeded shop’s reviews', () => {
  const ctx = useTestApp();
  let bought: GeneratedReviews;

  beforeAll(async () => {
    // an empty database: the seeded ids are the generated ones
    await ctx.db.transaction((tx) => seedDemo(tx, OPTIONS));
    bought = generateReviews(generateCatalogue(OPTIONS), OPTIONS);
  }, 60_000);

  const sumsOf = (ids: number[]) =>
    ctx.db
      .select({
        id: products.id,
        rating: products.rating,
        count: products.ratingCount,
        stars: products.ratingStars,
      })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id));

  it('answers a reviewed product’s average, count and newest reviews', async () => {
    const most = [...bought.productRatings].sort((a, b) => b.ratingCount - a.ratingCount)[0]!;
    expect(most.ratingCount).toBeGreaterThan(1);
    const published = bought.reviews.filter(
      (r) => r.productId === most.productId && r.status === 'published',
    );

    const answer = await ctx.app.inject({ url: `/api/products/${most.productId}/reviews` });
    expect(answer.statusCode).toBe(200);
    const { summary, data, meta } = answer.json();
    expect(summary).toMatchObject({
      rating: most.rating,
      count: most.ratingCount,
      stars: most.ratingStars,
    });
    expect(meta.total).toBe(published.length);
    const newest = [...published].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    )[0]!;
    expect(data[0]).toMatchObject({
      id: newest.id,
      rating: newest.rating,
      pros: newest.pros,
      cons: newest.cons,
      comment: newest.comment,
      helpful: newest.helpfulCount,
    });
    for (const review of data) {
      expect(review.author).toMatch(/^\+998 \d\d \*\*\* \*\* \d\d$/);
      expect(`${review.pros}${review.cons}${review.comment}`).not.toBe('');
    }

    const page = await ctx.app.inject({ url: `/api/products/${most.productId}` });
    expect(page.json().data).toMatchObject({
      rating: most.rating,
      reviews_count: most.ratingCount,
    });
  });

  it('stores on each product the sums its approval writes', async () => {
    const ids = bought.productRatings.map((r) => r.productId);
    const seeded = await sumsOf(ids);
    expect(seeded).toHaveLength(ids.length);
    for (const id of ids) await writeProductRating(ctx.db, id);
    expect(await sumsOf(ids)).toEqual(seeded);

    const [unrated] = await ctx.db
      .select({ rating: products.rating, count: products.ratingCount })
      .from(products)
      .where(sql`${products.id} not in (select product_id from product_reviews)`)
      .limit(1);
    expect(unrated).toEqual({ rating: 0, count: 0 });
  });

  it('recounts a product when a content manager approves a review it rejected', async () => {
    const rejected = bought.reviews.find((r) => r.status === 'rejected');
    expect(rejected, 'the demo holds a rejected review').toBeTruthy();
    const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${rejected!.id}/approve`,
      headers: as(manager),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const expected = rateProducts(
      bought.reviews
        .filter((r) => r.productId === rejected!.productId)
        .map((r) => (r.id === rejected!.id ? { ...r, status: 'published' as const } : r)),
    )[0]!;
    const [stored] = await sumsOf([rejected!.productId]);
    expect(stored).toEqual({
      id: expected.productId,
      rating: expected.rating,
      count: expected.ratingCount,
      stars: expected.ratingStars,
    });
  });

  it('lists, searches and filters "4 stars and more" by the seeded ratings', async () => {
    const drift = await ctx.db.execute(sql`
      select (select count(*)::int from category_listings l join products p on p.id = l.product_id
          where l.rating <> p.rating) as listings,
        (select count(*)::int from search_postings s join products p on p.id = s.product_id
          where s.rating <> p.rating) as postings`);
    expect((drift as unknown as { rows: unknown[] }).rows[0]).toEqual({ listings: 0, postings: 0 });

    const [top] = await ctx.db
      .execute(sql`select id from categories where parent_id is null
      order by position, id limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const listed = await ctx.app.inject({
      url: `/api/category-products/${top!.id}?rating_from=4&sort=rating&per_page=60`,
    });
    const cards = listed.json().data as { rating: number; reviews_count: number }[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.rating >= 4 && c.reviews_count > 0)).toBe(true);
    expect(cards.map((c) => c.rating)).toEqual(cards.map((c) => c.rating).sort((a, b) => b - a));
  });

  it('writes its buyers and their delivered orders outside the money and the recent figures', async () => {
    const buyers = await ctx.db.select({ phone: customers.phone }).from(customers);
    expect(buyers.length).toBe(bought.customers.length);
    expect(buyers.every((b) => DEMO_PHONE.test(b.phone))).toBe(true);

    const held = await ctx.db
      .select({ status: orders.status, paymentType: orders.paymentType, at: orders.createdAt })
      .from(orders);
    expect(held.every((o) => o.status === ORDER_STATUS.delivered)).toBe(true);
    expect(held.every((o) => o.paymentType === 'full')).toBe(true);
    // the demo's dates end where its catalogue's do, long before the dashboard's month
    expect(Math.max(...held.map((o) => o.at.getTime()))).toBeLessThan(CATALOGUE_EPOCH);

    const money = await ctx.db.execute(sql`select
      (select count(*)::int from payments) as payments,
      (select count(*)::int from ledger_entries) as ledger,
      (select count(*)::int from credits) as credits,
      (select count(*)::int from fiscal_receipts) as receipts,
      (select count(*)::int from order_items i
        where not exists (select 1 from product_reviews r where r.order_item_id = i.id)) as unrated`);
    expect((money as unknown as { rows: unknown[] }).rows[0]).toEqual({
      payments: 0,
      ledger: 0,
      credits: 0,
      receipts: 0,
      unrated: 0,
    });

    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const dashboard = await ctx.app.inject({ url: '/api/admin/dashboard', headers: as(owner) });
    expect(dashboard.json().data).toMatchObject({
      today: { orders: 0, revenue: 0 },
      month: { orders: 0, revenue: 0 },
    });
    const today = tashkentDay(new Date());
    const report = await ctx.app.inject({
      url: `/api/admin/reports?kind=sales_by_day&from=${addDays(today, -365)}&to=${today}`,
      headers: as(owner),
    });
    expect(report.statusCode).toBe(200);
    const rows = report.json().data.rows as { values: { orders: number } }[];
    expect(rows.reduce((sum, r) => sum + r.values.orders, 0)).toBe(0);
  });

  it('closes the reviews to editing and leaves no published one without its moderation', async () => {
    const open = await ctx.db
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(sql`${productReviews.editUntil} > now() or ${productReviews.moderatedAt} is null`);
    expect(open).toEqual([]);
    const [first] = await ctx.db
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, bought.reviews[0]!.id));
    expect(first?.createdAt.toISOString()).toBe(bought.reviews[0]!.createdAt.toISOString());
  });
});
