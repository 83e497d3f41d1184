import type { OrderItem } from '@bozor/shared';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** An order's goods, each linking to its product page while the product is in the catalogue. */
export function OrderItems({ items }: { items: OrderItem[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="order-items">
      {items.map((item) => {
        const path = item.slug ? `/product/${item.slug}` : null;
        return (
          <li key={item.product_id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <div className="size-16 shrink-0 overflow-hidden rounded-[10px] bg-white ring-1 ring-line md:size-20">
              <ProductImage src={item.image} alt={item.name} size={80} />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {path ? (
                <Link
                  to={path}
                  className="line-clamp-2 rounded-sm text-sm text-ink hover:text-primary"
                >
                  {item.name}
                </Link>
              ) : (
                <span className="line-clamp-2 text-sm text-ink">{item.name}</span>
              )}
              <span className="text-xs text-muted">
                {t('orders.item_count', { count: item.count, price: money(item.price) })}
              </span>
            </div>
            <span className="shrink-0 text-sm font-semibold text-ink tabular-nums">
              {money(item.price * item.count)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
