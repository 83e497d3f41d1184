import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_STATUS } from '@bozor/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  notifications,
  orderItems,
  orders,
  productReviews,
  products,
  reviewRequests,
} from '../../../src/db/schema/index.ts';
import { releasePictures } from '../../../src/modules/pictures/service.ts';
import { askForReviews } from '../../../src/modules/reviews/index.ts';
import { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { LocalStorage } from '../../../src/providers/storage/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';
import { within } from '../../helpers/within.ts';

const mediaDir = mkdtempSync(join(tmpdir(), 'bozor-review-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const ctx = useTestApp({
  storage: new LocalStorage(mediaDir),
  responseCacheBytes: 8 * 1024 * 1024,
});

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

const DAY = 24 * 60 * 60 * 1000;

/** An order of `productId` in `status`, delivered `daysAgo` days ago when it reached the buyer. */
async function orderOf(
  customerId: number,
  productId: number,
  status: number = ORDER_STATUS.delivered,
  daysAgo = 1,
) {
  const delivered = status === ORDER_STATUS.delivered || status === ORDER_STATUS.completed;
  const [order] = await ctx.db
    .insert(orders)
    .values({
      customerId,
      status,
      paymentType: 'full',
      total: 1_000_000,
      deliveryUz: 'Toshkent',
      deliveryRu: 'Ташкент',
      paidAt: new Date(),
      deliveredAt: delivered ? new Date(Date.now() - daysAgo * DAY) : null,
    })
    .returning();
  const [item] = await ctx.db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId,
      nameUz: 'Telefon',
      nameRu: 'Телефон',
      price: 1_000_000,
      count: 1,
    })
    .returning();
  return { order: order!, item: item! };
}

let made = 0;
async function photo(): Promise<Buffer> {
  made += 1;
  return sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: made * 40, g: 90, b: 120 } },
  })
    .withMetadata({ exif: { IFD0: { Make: 'SecretCam' } } })
    .jpeg()
    .toBuffer();
}

async function uploadPhoto(session: Session, content: Buffer, type = 'image/jpeg') {
  const boundary = '----bozor-review-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reviews/photos',
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

function write(session: Session, body: Record<string, unknown>, lang = 'uz') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: { ...session.headers, lang },
    payload: body,
  });
}

const productOf = async (id: number) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('reviews from people who bought', () => {
  let buyer: Session;
  let stranger: Session;
  let manager: StaffBrowser;
  let operator: StaffBrowser;
  let productId: number;
  let popularId: number;
  let itemId: number;
  let categoryId: number;

  beforeAll(async () => {
    buyer = await createCustomerSession(ctx.db);
    stranger = await createCustomerSession(ctx.db);
    manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const category = await createCategory(ctx.db);
    categoryId = category.id;
    productId = (await createProduct(ctx.db, { categoryId, nameUz: 'Sharhli telefon' })).id;
    popularId = (
      await createProduct(ctx.db, { categoryId, nameUz: 'Sharhli planshet', popularity: 100 })
    ).id;
    itemId = (await orderOf(buyer.customer.id, productId)).item.id;
  });

  it('refuses a customer who did not buy the item, and an order not delivered yet', async () => {
    const res = await write(stranger, { order_item_id: itemId, rating: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'REVIEW_ITEM_NOT_FOUND' });
    expect(res.json().message).toMatch(/sotib olgan/);

    const pending = await orderOf(buyer.customer.id, productId, ORDER_STATUS.shipped);
    const early = await write(buyer, { order_item_id: pending.item.id, rating: 4 }, 'ru');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'REVIEW_NOT_DELIVERED' });
    expect(early.json().message).toMatch(/доставлен/);

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { order_item_id: itemId, rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad input with field messages, never a 500', async () => {
    const stars = await write(buyer, { order_item_id: itemId, rating: 6 }, 'ru');
    expect(stars.statusCode).toBe(400);
    expect(stars.json().errors.rating).toEqual(['Поставьте оценку от 1 до 5 звёзд']);

    const many = await write(buyer, {
      order_item_id: itemId,
      rating: 5,
      photos: Array.from({ length: 6 }, (_, i) => `/media/u/${String(i).repeat(32)}`),
    });
    expect(many.statusCode).toBe(400);

    const foreign = await write(buyer, {
      order_item_id: itemId,
      rating: 5,
      photos: ['https://evil.example/x.jpg'],
    });
    expect(foreign.statusCode).toBe(400);

    // a path of the right shape the shop never stored
    const missing = await write(buyer, {
      order_item_id: itemId,
      rating: 5,
      photos: [`/media/u/${'a'.repeat(32)}`],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'REVIEW_PHOTO_NOT_FOUND' });

    const text = await write(buyer, {
      order_item_id: itemId,
      rating: 5,
      comment: 'x'.repeat(2001),
    });
    expect(text.statusCode).toBe(400);
    expect(await ctx.db.select().from(productReviews)).toHaveLength(0);
  });

  it('takes photos through the picture pipeline: types checked, metadata stripped', async () => {
    const text = await uploadPhoto(buyer, Buffer.from('#!/bin/sh\necho hi\n'), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/reviews/photos' });
    expect(anonymous.statusCode).toBe(401);

    const res = await uploadPhoto(buyer, await photo());
    expect(res.statusCode).toBe(200);
    const path = res.json().data.path as string;
    expect(path).toMatch(/^\/media\/u\/[0-9a-f]{32}$/);
    const stored = await sharp(join(mediaDir, path.replace('/media/', ''), '640.webp')).metadata();
    expect(stored.exif).toBeUndefined();
    // a customer's upload is not a staff action
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'picture.upload'));
    expect(audited).toHaveLength(0);
  });

  let reviewId: number;
  let photoPath: string;

  it('keeps a new review pending, once per item, out of the product sums', async () => {
    const cached = `/api/products/${productId}`;
    await ctx.app.inject({ url: cached });
    expect((await ctx.app.inject({ url: cached })).headers['x-cache']).toBe('hit');

    const uploaded = await uploadPhoto(buyer, await photo());
    const path = uploaded.json().data.path as string;
    photoPath = path;
    const res = await write(buyer, {
      order_item_id: itemId,
      rating: 5,
      pros: 'Tez',
      cons: '',
      comment: 'Zo‘r telefon',
      photos: [path],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', rating: 5, photos: [path] });
    reviewId = res.json().data.id;

    const again = await write(buyer, { order_item_id: itemId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REVIEW_EXISTS' });

    expect((await productOf(productId)).ratingCount).toBe(0);
    const list = await ctx.app.inject({ url: `/api/products/${productId}/reviews` });
    expect(list.json()).toMatchObject({ data: [], summary: { rating: 0, count: 0 } });

    const mine = await ctx.app.inject({ url: '/api/reviews/mine', headers: buyer.headers });
    expect(mine.json().data.reviews[0]).toMatchObject({ id: reviewId, status: 'pending' });
    expect(mine.json().data.to_write).toHaveLength(0);
  });

  it("keeps a review's photo when the pictures nothing names are swept", async () => {
    const deps = { db: ctx.db, storage: ctx.app.storage };
    expect(await releasePictures(deps, [photoPath])).toEqual([]);
  });

  it('lets only the reviews role moderate', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/approve`,
      headers: as(operator),
    });
    expect(res.statusCode).toBe(403);
    const queue = await ctx.app.inject({ url: '/api/admin/reviews', headers: as(manager) });
    expect(queue.json().data.map((r: { id: number }) => r.id)).toEqual([reviewId]);
  });

  it('publishes on approval: stored sums, audit, and the cached card and search follow', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/approve`,
      headers: as(manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('published');

    const product = await productOf(productId);
    expect(product).toMatchObject({ rating: 5, ratingCount: 1, ratingStars: [0, 0, 0, 0, 1] });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.approve'), eq(auditLog.objectId, String(reviewId))));
    expect(entry?.staffId).toBe(manager.staffId);

    // the cached product answer was dropped by the product's announced change
    await within(2_000, async () => {
      const page = await ctx.app.inject({ url: `/api/products/${productId}` });
      const { data } = page.json();
      return data.rating === 5 && data.reviews_count === 1 && data.reviews[0]?.id === reviewId;
    });
    await within(2_000, async () => {
      const search = await ctx.app.inject({ url: '/api/search?query=sharhli' });
      const card = search.json().data.products.data.find((p: { id: number }) => p.id === productId);
      return card?.rating === 5 && card.reviews_count === 1;
    });

    const list = await ctx.app.inject({ url: `/api/products/${productId}/reviews` });
    expect(list.json().summary).toMatchObject({ rating: 5, count: 1, stars: [0, 0, 0, 0, 1] });
    expect(list.json().summary.photos).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ id: reviewId, pros: 'Tez' });
    expect(list.json().data[0].author).toMatch(/^\+998 \d\d \*\*\* \*\* \d\d$/);
  });

  it('sorts lists and search by rating and keeps "4 stars and more"', async () => {
    const slugs = async (url: string) =>
      (await ctx.app.inject({ url }))
        .json()
        .data.products?.data?.map((p: { id: number }) => p.id) ??
      (await ctx.app.inject({ url })).json().data.map((p: { id: number }) => p.id);
    const list = `/api/category-products/${categoryId}`;
    expect(await slugs(list)).toEqual([popularId, productId]);
    expect(await slugs(`${list}?sort=rating`)).toEqual([productId, popularId]);
    expect(await slugs(`${list}?rating_from=4`)).toEqual([productId]);
    expect(await slugs('/api/search?query=sharhli&sort=rating')).toEqual([productId, popularId]);
    expect(await slugs('/api/search?query=sharhli&rating_from=4')).toEqual([productId]);
    const bad = await ctx.app.inject({ url: `${list}?rating_from=7`, headers: { lang: 'ru' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.rating_from).toEqual(['Рейтинг — целое число от 1 до 5']);
  });

  it('counts one helpful mark per customer, never the author’s own', async () => {
    const url = `/api/reviews/${reviewId}/helpful`;
    const first = await ctx.app.inject({ method: 'POST', url, headers: stranger.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.helpful).toBe(1);
    const second = await ctx.app.inject({ method: 'POST', url, headers: stranger.headers });
    expect(second.statusCode).toBe(409);
    const own = await ctx.app.inject({ method: 'POST', url, headers: buyer.headers });
    expect(own.statusCode).toBe(422);
    const anonymous = await ctx.app.inject({ method: 'POST', url });
    expect(anonymous.statusCode).toBe(401);
    const marked = await ctx.app.inject({
      url: `/api/products/${productId}/reviews/marked`,
      headers: stranger.headers,
    });
    expect(marked.json().data).toEqual([reviewId]);
  });

  it('sorts by newest or most helpful and filters by stars and photos', async () => {
    const other = await createCustomerSession(ctx.db);
    const { item } = await orderOf(other.customer.id, productId);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/reviews/settings',
      headers: as(manager),
      payload: { publish_at_once: true },
    });
    const res = await write(other, { order_item_id: item.id, rating: 3, comment: 'O‘rtacha' });
    expect(res.json().data.status).toBe('published');
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/reviews/settings',
      headers: as(manager),
      payload: { publish_at_once: false },
    });

    const base = `/api/products/${productId}/reviews`;
    const ids = async (query: string) =>
      (await ctx.app.inject({ url: `${base}${query}` }))
        .json()
        .data.map((r: { id: number }) => r.id);
    const newest = res.json().data.id;
    expect(await ids('')).toEqual([newest, reviewId]);
    expect(await ids('?sort=helpful')).toEqual([reviewId, newest]);
    expect(await ids('?stars=3')).toEqual([newest]);
    expect(await ids('?with_photos=1')).toEqual([reviewId]);
    expect((await ctx.app.inject({ url: `${base}?stars=9` })).statusCode).toBe(400);
    const summary = (await ctx.app.inject({ url: base })).json().summary;
    expect(summary).toMatchObject({ rating: 4, count: 2, stars: [0, 0, 1, 0, 1] });
  });

  it('rejects with a reason the author sees; the sums leave it', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/reject`,
      headers: { ...as(manager), lang: 'ru' },
      payload: { reason: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/reject`,
      headers: as(manager),
      payload: { reason: 'Telefon raqami yozilgan' },
    });
    expect(res.statusCode).toBe(200);
    expect(await productOf(productId)).toMatchObject({ rating: 3, ratingCount: 1 });
    const mine = await ctx.app.inject({ url: '/api/reviews/mine', headers: buyer.headers });
    expect(mine.json().data.reviews[0]).toMatchObject({
      status: 'rejected',
      reject_reason: 'Telefon raqami yozilgan',
    });
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, buyer.customer.id));
    expect(
      told.some((n) => n.kind === 'review_rejected' && n.textUz.includes('Telefon raqami')),
    ).toBe(true);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'review.reject'));
    expect(audit).toHaveLength(1);
  });

  it('lets the author change it within the edit window, then it waits again', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/reviews/${reviewId}`,
      headers: buyer.headers,
      payload: { rating: 4, comment: 'Raqamsiz' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', reject_reason: null, rating: 4 });

    const notOwn = await ctx.app.inject({
      method: 'PUT',
      url: `/api/reviews/${reviewId}`,
      headers: stranger.headers,
      payload: { rating: 1 },
    });
    expect(notOwn.statusCode).toBe(404);

    await ctx.db
      .update(productReviews)
      .set({ editUntil: new Date(Date.now() - 1000) })
      .where(eq(productReviews.id, reviewId));
    const late = await ctx.app.inject({
      method: 'PUT',
      url: `/api/reviews/${reviewId}`,
      headers: buyer.headers,
      payload: { rating: 1 },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'REVIEW_EDIT_CLOSED' });
  });

  it('answers as the shop, audited, shown under the review', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/approve`,
      headers: as(manager),
    });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${reviewId}/answer`,
      headers: as(manager),
      payload: { text: 'Rahmat!' },
    });
    expect(res.statusCode).toBe(200);
    const list = await ctx.app.inject({ url: `/api/products/${productId}/reviews?stars=4` });
    expect(list.json().data[0].answer.text).toBe('Rahmat!');
  });

  it('asks the buyer a few days after delivery, once per order', async () => {
    const customer = await createCustomerSession(ctx.db);
    const fresh = await orderOf(customer.customer.id, productId, ORDER_STATUS.delivered, 1);
    const due = await orderOf(customer.customer.id, productId, ORDER_STATUS.completed, 4);
    const deps = { db: ctx.db, sms: new LogSmsProvider(ctx.app.log), log: ctx.app.log };
    await askForReviews(deps, new Date());
    await askForReviews(deps, new Date());
    const asked = await ctx.db.select().from(reviewRequests);
    expect(asked.map((r) => r.orderId)).toContain(due.order.id);
    expect(asked.map((r) => r.orderId)).not.toContain(fresh.order.id);
    const notices = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.customerId, customer.customer.id),
          eq(notifications.kind, 'review_request'),
        ),
      );
    expect(notices).toHaveLength(1);
  });
});
