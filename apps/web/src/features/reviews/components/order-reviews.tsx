import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useMyReviews } from '../api/my-reviews.ts';

/**
 * On a delivered order's page (`#reviews`, where the review request's notice leads): its items
 * still to rate, each with the way to the form; nothing once all are rated.
 */
export function OrderReviews({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const mine = useMyReviews();
  const items = mine.data?.to_write.filter((item) => item.order_id === orderId) ?? [];
  if (items.length === 0) return null;
  return (
    <section
      id="reviews"
      aria-labelledby="order-reviews-title"
      className="scroll-mt-24 rounded-[12px] bg-white p-4 md:p-5"
    >
      <h2 id="order-reviews-title" className="mb-1 text-base font-semibold text-ink">
        {t('my_reviews.rate_order')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('my_reviews.rate_order_hint')}</p>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.order_item_id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 text-sm text-ink">{item.product.name}</span>
            <Link
              to={`/profile/reviews/new/${item.order_item_id}`}
              className={cn(buttonClass('secondary'), 'h-9 px-3 text-sm')}
              aria-label={`${t('my_reviews.write')}: ${item.product.name}`}
            >
              {t('my_reviews.write')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
