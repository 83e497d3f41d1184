import {
  type AdminReview,
  type Lang,
  MAX_REVIEW_PHOTOS,
  type NewReviewBody,
  ORDER_STATUS,
  type OwnReview,
  type ProductReviews,
  type ProductReviewsQuery,
  type PublicReview,
  REVIEW_EDIT_DAYS,
  type ReviewableItem,
  type ReviewBody,
  type ReviewStatus,
  reviewAuthor,
  UPLOADED_PICTURE_PATH,
} from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { Storage } from '../../providers/storage/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { writeProductRating } from '../catalogue/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Photos the product page's strip shows. */
const SUMMARY_PHOTOS = 12;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const answerOf = (r: repo.ReviewRow) =>
  r.answer && r.answeredAt ? { text: r.answer, at: r.answeredAt.toISOString() } : null;

function publicOf(r: repo.ReviewRow, phone: string): PublicReview {
  return {
    id: r.id,
    author: reviewAuthor(phone),
    rating: r.rating,
    pros: r.pros,
    cons: r.cons,
    comment: r.comment,
    photos: r.photos,
    helpful: r.helpfulCount,
    created_at: r.createdAt.toISOString(),
    answer: answerOf(r),
  };
}

function ownOf(
  r: repo.ReviewRow,
  product: { slug: string; nameUz: string; nameRu: string; image: string | null },
  lang: Lang,
  now: Date,
): OwnReview {
  return {
    id: r.id,
    order_id: r.orderId,
    order_item_id: r.orderItemId,
    product: { id: r.productId, slug: product.slug, name: pick(product, 'name', lang) },
    image: product.image,
    rating: r.rating,
    pros: r.pros,
    cons: r.cons,
    comment: r.comment,
    photos: r.photos,
    status: r.status,
    reject_reason: r.rejectReason,
    answer: answerOf(r),
    created_at: r.createdAt.toISOString(),
    editable_until: r.editUntil.toISOString(),
    editable: now < r.editUntil,
  };
}

/** The photos named must be the shop's own uploads, each stored (uploaded through the shop). */
async function checkPhotos(storage: Storage, photos: string[]): Promise<void> {
  for (const path of photos) {
    const hash = UPLOADED_PICTURE_PATH.exec(path)?.[1];
    const file = hash ? await storage.get(`u/${hash}/320.webp`) : null;
    file?.body.destroy();
    if (!file) throw new AppError('REVIEW_PHOTO_NOT_FOUND', 422);
  }
}

export interface ReviewDeps {
  db: Database;
  storage: Storage;
}

/** What a review's text and photos are, as written. */
const contentOf = (body: ReviewBody) => ({
  rating: body.rating,
  pros: body.pros,
  cons: body.cons,
  comment: body.comment,
  photos: [...new Set(body.photos)].slice(0, MAX_REVIEW_PHOTOS),
});

/**
 * A customer rates an item of one of their orders: only once it was delivered (and not returned),
 * once per item. It waits for moderation unless the shop publishes at once; a published one
 * counts in the product's sums at once.
 */
export async function writeReview(
  deps: ReviewDeps,
  customerId: number,
  body: NewReviewBody,
  lang: Lang,
  now = new Date(),
): Promise<OwnReview> {
  const item = await repo.findOwnOrderItem(deps.db, customerId, body.order_item_id);
  if (!item) throw new AppError('REVIEW_ITEM_NOT_FOUND', 404);
  const reviewable: number[] = [ORDER_STATUS.delivered, ORDER_STATUS.completed];
  if (!reviewable.includes(item.status) || !item.deliveredAt) {
    throw new AppError('REVIEW_NOT_DELIVERED', 422);
  }
  await checkPhotos(deps.storage, body.photos);
  const id = await inTransaction(deps.db, async (tx) => {
    const { publishAtOnce } = await repo.readSettings(tx);
    const status: ReviewStatus = publishAtOnce ? 'published' : 'pending';
    const row = await repo.insertReview(tx, {
      ...contentOf(body),
      orderItemId: item.id,
      orderId: item.orderId,
      customerId,
      productId: item.productId,
      status,
      createdAt: now,
      updatedAt: now,
      editUntil: new Date(now.getTime() + REVIEW_EDIT_DAYS * DAY_MS),
    });
    if (!row) throw new AppError('REVIEW_EXISTS', 409);
    if (status === 'published') await writeProductRating(tx, item.productId);
    return row.id;
  });
  return ownReview(deps.db, customerId, id, lang, now);
}

/**
 * Its author changes a review until its edit window closes. The change is read again: it waits
 * for moderation again (unless the shop publishes at once), so a published review leaves the
 * product's sums until it is approved.
 */
export async function changeReview(
  deps: ReviewDeps,
  customerId: number,
  id: number,
  body: ReviewBody,
  lang: Lang,
  now = new Date(),
): Promise<OwnReview> {
  await checkPhotos(deps.storage, body.photos);
  await inTransaction(deps.db, async (tx) => {
    const review = await repo.findReview(tx, id, true);
    if (!review || review.customerId !== customerId) throw new AppError('REVIEW_NOT_FOUND', 404);
    if (now >= review.editUntil) throw new AppError('REVIEW_EDIT_CLOSED', 422);
    const { publishAtOnce } = await repo.readSettings(tx);
    const status: ReviewStatus = publishAtOnce ? 'published' : 'pending';
    await repo.updateReview(tx, id, {
      ...contentOf(body),
      status,
      rejectReason: null,
      moderatedAt: null,
      moderatedBy: null,
      updatedAt: now,
    });
    if (review.status === 'published' || status === 'published') {
      await writeProductRating(tx, review.productId);
    }
  });
  return ownReview(deps.db, customerId, id, lang, now);
}

async function ownReview(
  db: Executor,
  customerId: number,
  id: number,
  lang: Lang,
  now: Date,
): Promise<OwnReview> {
  const found = (await repo.listOwn(db, customerId)).find((row) => row.review.id === id);
  if (!found) throw new AppError('REVIEW_NOT_FOUND', 404);
  return ownOf(found.review, found, lang, now);
}

/** The customer's reviews with their states, and the items of delivered orders still to rate. */
export async function myReviews(db: Executor, customerId: number, lang: Lang, now = new Date()) {
  const [own, unrated] = await Promise.all([
    repo.listOwn(db, customerId),
    repo.listUnrated(db, customerId),
  ]);
  return {
    reviews: own.map((row) => ownOf(row.review, row, lang, now)),
    to_write: unrated.map(
      (row): ReviewableItem => ({
        order_item_id: row.orderItemId,
        order_id: row.orderId,
        product: { id: row.productId, slug: row.slug, name: pick(row, 'name', lang) },
        image: row.image,
        delivered_at: iso(row.deliveredAt) ?? '',
      }),
    ),
  };
}

/** A product's sums (stored, not counted here), its buyers' photos and a page of its reviews. */
export async function productReviews(
  db: Executor,
  productId: number,
  query: ProductReviewsQuery,
): Promise<ProductReviews> {
  const sums = await repo.productSums(db, productId);
  if (!sums) throw new AppError('PRODUCT_NOT_FOUND', 404);
  const [photos, page] = await Promise.all([
    repo.productPhotos(db, productId, SUMMARY_PHOTOS),
    repo.listPublished(
      db,
      productId,
      { stars: query.stars, withPhotos: query.with_photos },
      query.sort,
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    ),
  ]);
  return {
    summary: { rating: sums.rating, count: sums.count, stars: sums.stars, photos },
    data: page.rows.map((row) => publicOf(row.review, row.phone)),
    meta: pageMeta(query.page, query.per_page, page.total),
  };
}

/** A signed-in customer finds a published review helpful: once, and not their own. */
export async function markHelpful(db: Database, customerId: number, id: number) {
  return inTransaction(db, async (tx) => {
    const review = await repo.findReview(tx, id);
    if (review?.status !== 'published') throw new AppError('REVIEW_NOT_FOUND', 404);
    if (review.customerId === customerId) throw new AppError('REVIEW_OWN_HELPFUL', 422);
    if (!(await repo.markHelpful(tx, id, customerId))) {
      throw new AppError('REVIEW_ALREADY_MARKED', 409);
    }
    return { helpful: review.helpfulCount + 1 };
  });
}

export const markedBy = repo.markedBy;

// back office

function adminOf(row: NonNullable<repo.ModerationRow>, lang: Lang): AdminReview {
  const r = row.review;
  return {
    id: r.id,
    status: r.status,
    rating: r.rating,
    pros: r.pros,
    cons: r.cons,
    comment: r.comment,
    photos: r.photos,
    reject_reason: r.rejectReason,
    answer: answerOf(r),
    customer: { id: r.customerId, phone: row.phone },
    product: { id: r.productId, slug: row.slug, name: pick(row, 'name', lang) },
    order_id: r.orderId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    moderated_at: iso(r.moderatedAt),
  };
}

export async function moderationQueue(
  db: Executor,
  status: ReviewStatus,
  page: number,
  perPage: number,
  lang: Lang,
) {
  const { rows, total } = await repo.listForModeration(db, status, {
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { data: rows.map((row) => adminOf(row, lang)), meta: pageMeta(page, perPage, total) };
}

async function adminReview(db: Executor, id: number, lang: Lang): Promise<AdminReview> {
  const row = await repo.findForModeration(db, id);
  if (!row) throw new AppError('REVIEW_NOT_FOUND', 404);
  return adminOf(row, lang);
}

const snapshot = (r: repo.ReviewRow) => ({
  status: r.status,
  reject_reason: r.rejectReason,
  answer: r.answer,
});

/** A content manager publishes a review (pending, or rejected before): it counts at once. */
export async function approveReview(db: Database, actor: Actor, id: number, lang: Lang) {
  await inTransaction(db, async (tx) => {
    const review = await repo.findReview(tx, id, true);
    if (!review) throw new AppError('REVIEW_NOT_FOUND', 404);
    if (review.status === 'published') throw new AppError('REVIEW_STATE_CHANGED', 409);
    const after = await repo.updateReview(tx, id, {
      status: 'published',
      rejectReason: null,
      moderatedAt: new Date(),
      moderatedBy: actor.staffId,
    });
    await writeProductRating(tx, review.productId);
    await recordAudit(tx, actor, {
      action: 'review.approve',
      objectType: 'review',
      objectId: id,
      before: snapshot(review),
      after: snapshot(after),
    });
  });
  return adminReview(db, id, lang);
}

/**
 * A content manager rejects a review with a reason its author sees (in the profile, and in a
 * notice); a published one leaves the product's sums.
 */
export async function rejectReview(
  deps: { db: Database; sms: SmsProvider; log: FastifyBaseLogger },
  actor: Actor,
  id: number,
  reason: string,
  lang: Lang,
) {
  const { db } = deps;
  const told = await inTransaction(db, async (tx) => {
    const review = await repo.findReview(tx, id, true);
    if (!review) throw new AppError('REVIEW_NOT_FOUND', 404);
    if (review.status === 'rejected') throw new AppError('REVIEW_STATE_CHANGED', 409);
    const after = await repo.updateReview(tx, id, {
      status: 'rejected',
      rejectReason: reason,
      moderatedAt: new Date(),
      moderatedBy: actor.staffId,
    });
    if (review.status === 'published') await writeProductRating(tx, review.productId);
    await recordAudit(tx, actor, {
      action: 'review.reject',
      objectType: 'review',
      objectId: id,
      before: snapshot(review),
      after: snapshot(after),
    });
    const notice: Notice = {
      kind: 'review_rejected',
      text: {
        uz: `Sharhingiz e'lon qilinmadi. Sabab: ${reason}. Uni Kabinet → Sharhlarim bo'limida o'zgartirishingiz mumkin`,
        ru: `Ваш отзыв не опубликован. Причина: ${reason}. Его можно изменить в Кабинет → Мои отзывы`,
      },
      link: { type: 'review', order_id: review.orderId },
    };
    await deliverNotice(tx, review.customerId, notice);
    return { customerId: review.customerId, notice };
  });
  await sendNotice(deps, told.customerId, told.notice);
  return adminReview(db, id, lang);
}

/** The shop answers under a review (an empty text takes the answer down). */
export async function answerReview(
  db: Database,
  actor: Actor,
  id: number,
  text: string,
  lang: Lang,
) {
  await inTransaction(db, async (tx) => {
    const review = await repo.findReview(tx, id, true);
    if (!review) throw new AppError('REVIEW_NOT_FOUND', 404);
    const after = await repo.updateReview(tx, id, {
      answer: text === '' ? null : text,
      answeredAt: text === '' ? null : new Date(),
      answeredBy: text === '' ? null : actor.staffId,
    });
    // the product page shows the answer: its cached answers follow
    if (review.status === 'published') await writeProductRating(tx, review.productId);
    await recordAudit(tx, actor, {
      action: 'review.answer',
      objectType: 'review',
      objectId: id,
      before: snapshot(review),
      after: snapshot(after),
    });
  });
  return adminReview(db, id, lang);
}

export async function reviewSettings(db: Executor) {
  const { publishAtOnce } = await repo.readSettings(db);
  return { publish_at_once: publishAtOnce };
}

/** Whether reviews are published without moderation; audited like the shop's other settings. */
export async function setReviewSettings(db: Database, actor: Actor, publishAtOnce: boolean) {
  await inTransaction(db, async (tx) => {
    const before = await repo.readSettings(tx);
    await repo.writeSettings(tx, publishAtOnce);
    await recordAudit(tx, actor, {
      action: 'review.settings',
      objectType: 'review_settings',
      objectId: 1,
      before: { publish_at_once: before.publishAtOnce },
      after: { publish_at_once: publishAtOnce },
    });
  });
  return { publish_at_once: publishAtOnce };
}
