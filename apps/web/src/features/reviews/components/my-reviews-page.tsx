import type { OwnReview, ReviewableItem } from '@bozor/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { PencilIcon } from '../../../components/ui/icons.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useMyReviews } from '../api/my-reviews.ts';
import { ReviewPhotos, ReviewStars, ReviewText } from './review-parts.tsx';

const STATUS_CLASS: Record<OwnReview['status'], string> = {
  pending: 'bg-[#FFF6D6] text-[#7A5A00]',
  published: 'bg-[#E3F7EA] text-[#17663A]',
  rejected: 'bg-[#FDE8EC] text-[#B0123A]',
};

function Thumb({ image }: { image: string | null }) {
  return (
    <div className="size-14 shrink-0 overflow-hidden rounded-[10px] bg-white ring-1 ring-line">
      <ProductImage src={image ?? ''} alt="" size={56} />
    </div>
  );
}

function ToWrite({ item }: { item: ReviewableItem }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-[12px] bg-white p-3">
      <Thumb image={item.image} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          to={`/product/${item.product.slug}`}
          className="line-clamp-2 text-sm font-medium text-ink hover:text-primary"
        >
          {item.product.name}
        </Link>
        <span className="text-xs text-muted">
          {t('my_reviews.order', { id: item.order_id })} ·{' '}
          {t('my_reviews.delivered', { date: formatDate(item.delivered_at) })}
        </span>
      </div>
      <Link
        to={`/profile/reviews/new/${item.order_item_id}`}
        className={cn(buttonClass('primary'), 'h-10 w-full sm:w-auto')}
      >
        {t('my_reviews.write')}
      </Link>
    </li>
  );
}

function Written({ review }: { review: OwnReview }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-col gap-3 rounded-[12px] bg-white p-4" data-testid="own-review">
      <div className="flex items-start gap-3">
        <Thumb image={review.image} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link
            to={`/product/${review.product.slug}`}
            className="line-clamp-2 text-sm font-medium text-ink hover:text-primary"
          >
            {review.product.name}
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <ReviewStars rating={review.rating} />
            <span
              className={cn(
                'rounded-md px-2 py-0.5 text-xs font-semibold',
                STATUS_CLASS[review.status],
              )}
              data-testid="review-status"
            >
              {t(`my_reviews.status.${review.status}`)}
            </span>
          </div>
        </div>
      </div>
      {review.status === 'rejected' && review.reject_reason && (
        <div className="rounded-[10px] bg-[#FDE8EC] p-3 text-sm text-[#B0123A]" role="note">
          <p className="font-semibold" data-testid="reject-reason">
            {t('my_reviews.reason', { reason: review.reject_reason })}
          </p>
          {review.editable && <p>{t('my_reviews.reason_hint')}</p>}
        </div>
      )}
      <ReviewText review={review} />
      <ReviewPhotos photos={review.photos} />
      {review.answer && (
        <div className="rounded-[10px] bg-page p-3 text-sm">
          <p className="font-semibold text-primary">{t('my_reviews.shop_answer')}</p>
          <p className="whitespace-pre-line break-words text-ink">{review.answer.text}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted">
          {formatDate(review.created_at)}
          {review.editable &&
            ` · ${t('my_reviews.editable_until', { date: formatDate(review.editable_until) })}`}
        </span>
        {review.editable && (
          <Link
            to={`/profile/reviews/${review.id}`}
            className={cn(buttonClass('secondary'), 'h-9 gap-1.5 px-3 text-sm')}
          >
            <PencilIcon className="size-4" />
            {t('my_reviews.edit')}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The customer's reviews with their states, and the delivered items still to rate. */
export function MyReviewsPage() {
  const { t } = useTranslation();
  const mine = useMyReviews();
  const both = mine.data ? [mine.data] : undefined;
  return (
    <ProfileSection title={t('my_reviews.title')}>
      <ListStates
        query={{ ...mine, data: both }}
        loading={
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-20 w-full rounded-[12px]" />
            <Skeleton className="h-40 w-full rounded-[12px]" />
          </div>
        }
      >
        {([data]) =>
          data && data.reviews.length === 0 && data.to_write.length === 0 ? (
            <StateMessage
              title={t('my_reviews.empty_title')}
              text={t('my_reviews.empty_text')}
              action={
                <Link to="/profile/orders" className={buttonClass('primary')}>
                  {t('profile.menu.orders')}
                </Link>
              }
            />
          ) : (
            <div className="flex flex-col gap-5">
              {data && data.to_write.length > 0 && (
                <section aria-labelledby="to-write" className="flex flex-col gap-2">
                  <h2 id="to-write" className="text-base font-semibold text-ink">
                    {t('my_reviews.to_write')}
                  </h2>
                  <ul className="flex flex-col gap-2">
                    {data.to_write.map((item) => (
                      <ToWrite key={item.order_item_id} item={item} />
                    ))}
                  </ul>
                </section>
              )}
              {data && data.reviews.length > 0 && (
                <section aria-labelledby="written" className="flex flex-col gap-2">
                  <h2 id="written" className="text-base font-semibold text-ink">
                    {t('my_reviews.written')}
                  </h2>
                  <ul className="flex flex-col gap-3">
                    {data.reviews.map((review) => (
                      <Written key={review.id} review={review} />
                    ))}
                  </ul>
                </section>
              )}
            </div>
          )
        }
      </ListStates>
    </ProfileSection>
  );
}
