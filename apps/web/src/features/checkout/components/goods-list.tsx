import type { OrderProduct } from '@bozor/shared';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** The order's lines: picture, name linking to the product, count and price, the line's sum. */
export function GoodsList({ items }: { items: OrderProduct[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <ul className="flex flex-col" data-testid="checkout-goods">
      {items.map((item) => (
        <li
          key={item.product_id}
          className="flex items-center gap-3 border-b border-line py-3 first:pt-0 last:border-b-0 last:pb-0"
        >
          <div className="size-16 shrink-0 overflow-hidden rounded-[10px] ring-1 ring-line">
            <ProductImage src={item.product.images[0]?.path} alt={item.product.name} size={64} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Link
              to={`/product/${item.product.slug}`}
              className="line-clamp-2 rounded-sm text-sm text-ink hover:text-primary"
            >
              {item.product.name}
            </Link>
            <span className="text-xs text-muted">
              {t('checkout.line_count', { n: item.count, price: money(item.price) })}
            </span>
          </div>
          <span className="text-sm font-bold whitespace-nowrap">{money(item.total)}</span>
        </li>
      ))}
    </ul>
  );
}
