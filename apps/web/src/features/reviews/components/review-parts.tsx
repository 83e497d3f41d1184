import type { PublicReview } from '@bozor/shared';
import { Stars } from '../../../components/product/rating-stars.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** A review's words: pros, cons and comment, each under its label when written. */
export function ReviewText({
  review,
}: {
  review: Pick<PublicReview, 'pros' | 'cons' | 'comment'>;
}) {
  const { t } = useTranslation();
  const parts = [
    ['pros', review.pros],
    ['cons', review.cons],
    ['comment', review.comment],
  ] as const;
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {parts
        .filter(([, text]) => text !== '')
        .map(([key, text]) => (
          <div key={key}>
            <dt className="font-semibold text-ink">{t(`reviews.${key}`)}</dt>
            <dd className="whitespace-pre-line break-words text-ink">{text}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A review's photos as small squares, each opening the large picture in a new tab. */
export function ReviewPhotos({ photos }: { photos: readonly string[] }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((path, index) => (
        <li key={path}>
          <a
            href={`${path}/1280.webp`}
            target="_blank"
            rel="noreferrer"
            className="block size-16 overflow-hidden rounded-[10px] bg-white ring-1 ring-line hover:ring-primary md:size-20"
          >
            <ProductImage src={path} alt={t('reviews.photo_alt', { index: index + 1 })} size={80} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The stars a review gave, with their number for a screen reader. */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center">
      <Stars value={rating} className="text-base" />
      <span className="sr-only">{t('reviews.rated', { rating })}</span>
    </span>
  );
}
