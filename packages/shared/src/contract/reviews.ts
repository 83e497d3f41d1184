import { z } from 'zod';
import { idOf, pageQueryOf, typedText } from './common.ts';

/**
 * Reviews from people who bought (issue 38): a customer rates an item of a delivered order once,
 * may change it for `REVIEW_EDIT_DAYS`, and it shows once the shop has approved it (or at once
 * when the shop publishes without moderation).
 */

/** Days a review may be changed after it was written. */
export const REVIEW_EDIT_DAYS = 30;
/** Photos one review may carry. */
export const MAX_REVIEW_PHOTOS = 5;
/** Days after delivery the customer is asked for a review. */
export const REVIEW_REQUEST_DAYS = 3;
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEW_REASON_MAX = 500;

/** The rules of a review's fields, answered in the caller's language (FIELD_MESSAGE_KEYS). */
export const REVIEW_FIELD_MESSAGE_KEYS = [
  'review_rating_invalid',
  'review_photo_invalid',
  'review_photos_too_many',
  'review_reason_required',
  'order_item_invalid',
  'rating_from_invalid',
] as const;

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export const ReviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

/** `/media/u/<hash>`: a photo uploaded through `POST /reviews/photos`. */
const photoPath = z.string().regex(/^\/media\/u\/[0-9a-f]{32}$/, 'review_photo_invalid');

const reviewText = typedText().pipe(z.string().max(REVIEW_TEXT_MAX, 'field_too_long'));

/** What a customer writes (a new review, or a change to theirs). */
export const ReviewBody = z.object({
  rating: z.coerce
    .number('review_rating_invalid')
    .int('review_rating_invalid')
    .min(1, 'review_rating_invalid')
    .max(5, 'review_rating_invalid'),
  pros: reviewText.default(''),
  cons: reviewText.default(''),
  comment: reviewText.default(''),
  photos: z.array(photoPath).max(MAX_REVIEW_PHOTOS, 'review_photos_too_many').default([]),
});
export type ReviewBody = z.infer<typeof ReviewBody>;

export const NewReviewBody = ReviewBody.extend({ order_item_id: idOf('order_item_invalid') });
export type NewReviewBody = z.infer<typeof NewReviewBody>;

/** The shop's answer under a review. */
export const ReviewAnswer = z.object({ text: z.string(), at: z.string() });

/** A published review as the product page shows it. */
export const PublicReview = z.object({
  id: z.number().int(),
  /** The buyer, named by their masked phone (`+998 90 *** ** 67`). */
  author: z.string(),
  rating: z.number().int(),
  pros: z.string(),
  cons: z.string(),
  comment: z.string(),
  photos: z.array(z.string()),
  helpful: z.number().int(),
  created_at: z.string(),
  answer: ReviewAnswer.nullable(),
});
export type PublicReview = z.infer<typeof PublicReview>;

/** `998901234567` → `+998 90 *** ** 67`: a buyer is named without being identified. */
export function reviewAuthor(phone: string): string {
  return `+${phone.slice(0, 3)} ${phone.slice(3, 5)} *** ** ${phone.slice(-2)}`;
}

/** Published reviews a product's own answer carries (the newest), for its JSON-LD. */
export const PRODUCT_LATEST_REVIEWS = 5;

/** A product's stored sums: the average (0 without reviews), how many, and how many per star. */
export const RatingSummary = z.object({
  rating: z.number(),
  count: z.number().int(),
  /** Reviews with 1, 2, 3, 4, 5 stars, in that order. */
  stars: z.array(z.number().int()).length(5),
  /** Published photos, newest first (a few). */
  photos: z.array(z.string()),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const REVIEW_SORTS = ['newest', 'helpful'] as const;

export const ProductReviewsQuery = z.object({
  ...pageQueryOf({ max: 50, fallback: 10 }).shape,
  sort: z.enum(REVIEW_SORTS).default('newest'),
  stars: z.coerce.number().int().min(1).max(5).optional(),
  with_photos: z
    .enum(['1', 'true', '0', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ProductReviewsQuery = z.infer<typeof ProductReviewsQuery>;

/** `GET /products/:id/reviews`: the sums and a page of published reviews. */
export const ProductReviews = z.object({
  summary: RatingSummary,
  data: z.array(PublicReview),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type ProductReviews = z.infer<typeof ProductReviews>;

/** A review as its author sees it: its state and, when rejected, why. */
export const OwnReview = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_item_id: z.number().int(),
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  image: z.string().nullable(),
  rating: z.number().int(),
  pros: z.string(),
  cons: z.string(),
  comment: z.string(),
  photos: z.array(z.string()),
  status: ReviewStatus,
  reject_reason: z.string().nullable(),
  answer: ReviewAnswer.nullable(),
  created_at: z.string(),
  /** Until when it may be changed; past it, it is kept as it is. */
  editable_until: z.string(),
  editable: z.boolean(),
});
export type OwnReview = z.infer<typeof OwnReview>;

/** An item of a delivered order the customer may still rate (`GET /reviews/to-write`). */
export const ReviewableItem = z.object({
  order_item_id: z.number().int(),
  order_id: z.number().int(),
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  image: z.string().nullable(),
  delivered_at: z.string(),
});
export type ReviewableItem = z.infer<typeof ReviewableItem>;

export const MyReviews = z.object({
  reviews: z.array(OwnReview),
  to_write: z.array(ReviewableItem),
});
export type MyReviews = z.infer<typeof MyReviews>;

export const ReviewPhoto = z.object({ path: z.string() });

// back office

export const AdminReviewsQuery = z.object({
  ...pageQueryOf({ max: 100, fallback: 20 }).shape,
  status: ReviewStatus.default('pending'),
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuery>;

export const AdminReview = z.object({
  id: z.number().int(),
  status: ReviewStatus,
  rating: z.number().int(),
  pros: z.string(),
  cons: z.string(),
  comment: z.string(),
  photos: z.array(z.string()),
  reject_reason: z.string().nullable(),
  answer: ReviewAnswer.nullable(),
  customer: z.object({ id: z.number().int(), phone: z.string() }),
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  order_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  moderated_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const RejectReviewBody = z.object({
  reason: typedText().pipe(
    z.string().min(3, 'review_reason_required').max(REVIEW_REASON_MAX, 'field_too_long'),
  ),
});
export const AnswerReviewBody = z.object({
  text: typedText().pipe(z.string().max(REVIEW_TEXT_MAX, 'field_too_long')),
});

export const ReviewSettings = z.object({ publish_at_once: z.boolean() });
export type ReviewSettings = z.infer<typeof ReviewSettings>;
