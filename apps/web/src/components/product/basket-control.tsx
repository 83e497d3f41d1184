import { MAX_BASKET_COUNT, type ProductSummary } from '@bozor/shared';
import { Link } from 'react-router';
import { useBasketActions, useBasketItem } from '../../lib/basket-store.ts';
import { useEarlyAction } from '../../lib/early-actions.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { BagIcon, MinusIcon, PlusIcon } from '../ui/icons.tsx';

/** "Savatga", or the count in the basket with − and +; "sold out" when none is left. */
export function BasketControl({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const item = useBasketItem(product.id);
  const basket = useBasketActions();
  // taps before the page's code has come count once it has: "Savatga" adds the product unless
  // the browser's basket has it already, each tap of − and + steps once
  const add = useEarlyAction(() => {
    if (!item) basket.add(product);
  });
  const decrease = useEarlyAction(() => {
    if (item) basket.decrease(product.id);
  }, true);
  const increase = useEarlyAction(() => {
    if (item && product.in_stock) basket.increase(product.id);
  }, true);

  if (!item && !product.in_stock) {
    return (
      <button
        type="button"
        disabled
        data-testid="sold-out"
        className="flex h-9 w-full cursor-not-allowed items-center justify-center rounded-[10px] bg-[#f2f3f5] text-sm font-semibold text-muted"
      >
        {t('product.sold_out')}
      </button>
    );
  }

  if (!item) {
    return (
      <button
        type="button"
        aria-disabled={basket.pending || undefined}
        onClick={() => basket.add(product)}
        {...add}
        className="flex h-9 w-full items-center justify-center gap-1.5 rounded-[10px] bg-primary text-sm font-semibold text-white transition-colors hover:bg-primary-hover aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        <BagIcon className="size-[18px]" />
        {t('product.add_to_basket')}
      </button>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex h-9 items-center justify-between rounded-[10px] bg-primary-soft text-primary">
        <button
          type="button"
          aria-disabled={basket.pending || undefined}
          onClick={() => basket.decrease(product.id)}
          {...decrease}
          aria-label={t('product.decrease')}
          className="grid h-full w-10 place-items-center rounded-[10px] hover:bg-black/5 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
        >
          <MinusIcon className="size-4" />
        </button>
        <output className="text-sm font-semibold tabular-nums" aria-live="polite">
          <span className="sr-only">{t('product.in_basket')} </span>
          {item.count}
        </output>
        <button
          type="button"
          aria-disabled={
            basket.pending || item.count >= MAX_BASKET_COUNT || !product.in_stock || undefined
          }
          onClick={() => product.in_stock && basket.increase(product.id)}
          {...increase}
          aria-label={t('product.increase')}
          className="grid h-full w-10 place-items-center rounded-[10px] hover:bg-black/5 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
        >
          <PlusIcon className="size-4" />
        </button>
      </div>
      <Link
        to="/basket"
        className="rounded-md text-center text-xs font-semibold text-primary hover:underline"
      >
        {t('product.go_to_basket')}
      </Link>
    </div>
  );
}
