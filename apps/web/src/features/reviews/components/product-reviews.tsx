import type { ProductDetail, PublicReview, RatingSummary } from '@bozor/shared';
import { useState } from 'react';
import { Stars, useFormatRating } from '../../../components/product/rating-stars.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { openSignIn } from '../../auth/index.ts';
import {
  REVIEWS_PER_PAGE,
  type ReviewFilters,
  useMarkedReviews,
  useMarkHelpful,
  useProductReviews,
} from '../api/product-reviews.ts';
import { ReviewPhotos, ReviewStars, ReviewText } from './review-parts.tsx';

const chip = (active: boolean) =>
  cn(
    'h-9 rounded-full border px-3 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none',
    active
      ? 'border-primary bg-primary text-white'
      : 'border-line bg-white text-ink hover:border-primary',
  );

function Summary({
  summary,
  stars,
  onStars,
}: {
  summary: RatingSummary;
  stars: number | null;
  onStars: (stars: number | null) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatRating();
  return (
    <div className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-5">
      <div className="flex items-center gap-3">
        <span className="text-4xl font-extrabold text-ink" data-testid="reviews-average">
          {format(summary.rating)}
        </span>
        <div className="flex flex-col gap-0.5">
          <Stars value={summary.rating} className="text-lg" />
          <span className="text-sm text-muted">{t('reviews.count', { count: summary.count })}</span>
        </div>
      </div>
      <ul className="flex flex-col gap-1.5">
        {[5, 4, 3, 2, 1].map((star) => {
          const count = summary.stars[star - 1] ?? 0;
          const share = summary.count > 0 ? (count / summary.count) * 100 : 0;
          return (
            <li key={star}>
              <button
                type="button"
                aria-pressed={stars === star}
                disabled={count === 0}
                onClick={() => onStars(stars === star ? null : star)}
                className="flex w-full items-center gap-2 rounded-md px-1 py-0.5 text-sm hover:bg-page disabled:cursor-default disabled:hover:bg-transparent aria-pressed:bg-primary-soft"
              >
                <span className="sr-only">{t('reviews.stars_row_before')}</span>{' '}
                <span className="w-3 text-right font-medium text-ink">{star}</span>
                <Stars value={1} count={1} className="text-xs" />
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-page">
                  <span
                    className="block h-full rounded-full bg-[#FFB800]"
                    style={{ width: `${share}%` }}
                  />
                </span>{' '}
                <span className="sr-only">{t('reviews.stars_row_between')}</span>{' '}
                <span className="w-8 text-right text-muted">{count}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {summary.photos.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">{t('reviews.photos_title')}</h3>
          <ul className="flex gap-2 overflow-x-auto pb-1">
            {summary.photos.map((path, index) => (
              <li key={path} className="shrink-0">
                <a
                  href={`${path}/1280.webp`}
                  target="_blank"
                  rel="noreferrer"
                  className="block size-16 overflow-hidden rounded-[10px] ring-1 ring-line hover:ring-primary"
                >
                  <ProductImage
                    src={path}
                    alt={t('reviews.photo_alt', { index: index + 1 })}
                    size={64}
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function HelpfulButton({
  review,
  productId,
  marked,
}: {
  review: PublicReview;
  productId: number;
  marked: boolean;
}) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const mark = useMarkHelpful(productId);
  const onClick = () => {
    if (!signedIn) {
      toast.warning(t('reviews.sign_in_to_mark'));
      openSignIn();
      return;
    }
    mark.mutate(review.id, { onError: (error) => toast.error(failureMessage(error)) });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={marked || mark.isPending}
      aria-pressed={marked}
      className={cn(
        'h-9 self-start rounded-full border px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none',
        marked
          ? 'border-primary-soft bg-primary-soft text-primary'
          : 'border-line text-ink hover:border-primary',
      )}
    >
      {marked
        ? t('reviews.marked', { count: review.helpful })
        : t('reviews.helpful', { count: review.helpful })}
    </button>
  );
}

function ReviewItem({
  review,
  productId,
  marked,
}: {
  review: PublicReview;
  productId: number;
  marked: boolean;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-col gap-3 rounded-[12px] bg-white p-4" data-testid="review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <ReviewStars rating={review.rating} />
          <span className="text-sm font-medium text-ink">{review.author}</span>
        </div>
        <time dateTime={review.created_at} className="text-xs text-muted">
          {formatDate(review.created_at)}
        </time>
      </div>
      <ReviewText review={review} />
      <ReviewPhotos photos={review.photos} />
      {review.answer && (
        <div className="rounded-[10px] bg-page p-3 text-sm">
          <p className="font-semibold text-primary">{t('reviews.shop_answer')}</p>
          <p className="whitespace-pre-line break-words text-ink">{review.answer.text}</p>
        </div>
      )}
      <HelpfulButton review={review} productId={productId} marked={marked} />
    </li>
  );
}

function ReviewsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-[320px_1fr]" aria-busy="true">
      <Skeleton className="h-56 w-full rounded-[12px]" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-32 w-full rounded-[12px]" />
        <Skeleton className="h-32 w-full rounded-[12px]" />
      </div>
    </div>
  );
}

/**
 * The product page's reviews (issue 38), under its description: the stored average and count per
 * star, the buyers' photos, then the published reviews, newest or most helpful first, by stars or
 * with photos only. Its code loads after the page's first paint.
 */
export function ProductReviews({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ReviewFilters>({
    sort: 'newest',
    stars: null,
    withPhotos: false,
  });
  const [pages, setPages] = useState(1);
  const reviews = useProductReviews(product.id, filters, pages);
  const marked = useMarkedReviews(product.id);
  const markedIds = new Set(marked.data?.data ?? []);
  const change = (next: Partial<ReviewFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPages(1);
  };

  let body: React.ReactNode;
  if (reviews.isPending) body = <ReviewsSkeleton />;
  else if (reviews.isError) {
    body = (
      <ErrorState
        message={listErrorMessage(reviews.error, t)}
        onRetry={() => void reviews.refetch()}
      />
    );
  } else {
    const { summary, data, meta } = reviews.data;
    const filtered = filters.stars != null || filters.withPhotos;
    body =
      summary.count === 0 ? (
        <div className="rounded-[12px] bg-white p-6 text-center">
          <p className="font-semibold text-ink">{t('reviews.empty_title')}</p>
          <p className="mt-1 text-sm text-muted">{t('reviews.empty_text')}</p>
        </div>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-[320px_1fr]">
          <Summary summary={summary} stars={filters.stars} onStars={(stars) => change({ stars })} />
          <div className="flex min-w-0 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm text-muted">
                {t('reviews.sort')}
                <select
                  value={filters.sort}
                  onChange={(e) => change({ sort: e.target.value as ReviewFilters['sort'] })}
                  className="h-9 rounded-[10px] border border-line bg-white px-2 text-sm text-ink focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/20 focus-visible:outline-none"
                >
                  <option value="newest">{t('reviews.sorts.newest')}</option>
                  <option value="helpful">{t('reviews.sorts.helpful')}</option>
                </select>
              </label>
              <fieldset className="flex flex-wrap gap-1.5">
                <legend className="sr-only">{t('reviews.filter')}</legend>
                <button
                  type="button"
                  aria-pressed={filters.stars == null}
                  onClick={() => change({ stars: null })}
                  className={chip(filters.stars == null)}
                >
                  {t('reviews.all_stars')}
                </button>
                {[5, 4, 3, 2, 1].map((star) => (
                  <button
                    key={star}
                    type="button"
                    aria-pressed={filters.stars === star}
                    onClick={() => change({ stars: filters.stars === star ? null : star })}
                    className={chip(filters.stars === star)}
                  >
                    {t('reviews.stars_filter', { count: star })}
                  </button>
                ))}
                <button
                  type="button"
                  aria-pressed={filters.withPhotos}
                  onClick={() => change({ withPhotos: !filters.withPhotos })}
                  className={chip(filters.withPhotos)}
                >
                  {t('reviews.with_photos')}
                </button>
              </fieldset>
            </div>
            {data.length === 0 ? (
              <p
                className="rounded-[12px] bg-white p-6 text-center text-sm text-muted"
                role="status"
              >
                {filtered ? t('reviews.empty_filtered') : t('reviews.empty_title')}
              </p>
            ) : (
              <ul className={cn('flex flex-col gap-3', reviews.isPlaceholderData && 'opacity-60')}>
                {data.map((review) => (
                  <ReviewItem
                    key={review.id}
                    review={review}
                    productId={product.id}
                    marked={markedIds.has(review.id)}
                  />
                ))}
              </ul>
            )}
            {meta.total > data.length && (
              <button
                type="button"
                onClick={() => setPages((n) => n + 1)}
                disabled={reviews.isFetching}
                className="h-11 rounded-[10px] border border-line bg-white text-sm font-semibold text-primary hover:border-primary disabled:opacity-60"
              >
                {t('reviews.show_more')} ({meta.total - data.length})
              </button>
            )}
          </div>
        </div>
      );
  }

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-8 scroll-mt-24">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-lg font-bold md:text-xl">
          {t('reviews.title')}
        </h2>
        <p className="text-xs text-muted">{t('reviews.write_hint')}</p>
      </div>
      {body}
    </section>
  );
}

export { REVIEWS_PER_PAGE };
