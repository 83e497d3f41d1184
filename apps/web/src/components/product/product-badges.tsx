import { discountPercent, type ProductSummary } from '@bozor/shared';
import { cn } from '../../lib/cn.ts';
import { textColourOn } from '../../lib/contrast.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';

/** The discount badge (only when old_price > price, SPEC §4) and the product's tags. */
export function ProductBadges({
  product,
  size = 'sm',
}: {
  product: Pick<ProductSummary, 'price' | 'old_price' | 'tags'>;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const percent = discountPercent(product.price, product.old_price);
  const badge = cn(
    'max-w-full truncate rounded-md font-semibold',
    size === 'sm' ? 'px-1.5 py-0.5 text-[11px] leading-4' : 'px-2 py-0.5 text-xs',
  );
  return (
    <>
      {percent != null && (
        <span className={cn(badge, 'bg-sale text-white')}>
          {t('product.discount', { percent })}
        </span>
      )}
      {product.tags.map((tag) => (
        <span
          key={tag.id}
          className={badge}
          style={{ backgroundColor: tag.color, color: textColourOn(tag.color) }}
        >
          {tag.name}
        </span>
      ))}
    </>
  );
}
