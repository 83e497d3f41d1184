import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

/**
 * `count` stars (five unless told) filled to `value` (tenths shown in part); decorative. One star
 * (`count` 1) marks a rating's number.
 */
export function Stars({
  value,
  count = 5,
  className,
}: {
  value: number;
  count?: number;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex shrink-0', className)} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => i).map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <svg
            key={i}
            viewBox="0 0 24 24"
            className="size-[1em]"
            focusable="false"
            aria-hidden="true"
          >
            <path d={STAR} fill="#E2E3E8" />
            {fill > 0 && (
              <path
                d={STAR}
                fill="#FFB800"
                style={{ clipPath: `inset(0 ${100 - fill * 100}% 0 0)` }}
              />
            )}
          </svg>
        );
      })}
    </span>
  );
}

/** `4.5` → "4,5" in Russian, "4.5" in Uzbek. */
export function useFormatRating() {
  const { i18n } = useTranslation();
  return (value: number) =>
    value.toLocaleString(i18n.language === 'ru' ? 'ru-RU' : 'en-US', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
}

/** A card's rating: one star, the average and the number of reviews; nothing without reviews. */
export function CardRating({ rating, count }: { rating: number; count: number }) {
  const { t } = useTranslation();
  const format = useFormatRating();
  if (count === 0) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-muted" data-testid="card-rating">
      <span className="sr-only">
        {t('product.rating_label', { rating: format(rating), count })}
      </span>
      <Stars value={1} count={1} className="text-[13px]" />
      <span aria-hidden="true" className="font-semibold text-ink">
        {format(rating)}
      </span>
      <span aria-hidden="true">({count})</span>
    </p>
  );
}
