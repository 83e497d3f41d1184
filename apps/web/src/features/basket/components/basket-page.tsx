import { formatNumber } from '@bozor/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { BagIcon, MinusIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import {
  type BasketItem,
  decreaseBasketItem,
  increaseBasketItem,
  removeBasketItem,
  toggleBasketItemChecked,
  useBasket,
} from '../../../lib/basket-store.ts';
import { useFormatMoney } from '../../../lib/format.ts';

function BasketLine({ item }: { item: BasketItem }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const { product } = item;
  const path = `/product/${product.slug}`;

  return (
    <li className="flex gap-3 border-b border-line py-4 last:border-b-0">
      <input
        type="checkbox"
        checked={item.checked}
        onChange={() => toggleBasketItemChecked(item.product_id)}
        aria-label={t('basket.select', { name: product.name })}
        className="mt-1 size-5 shrink-0 accent-primary"
      />
      <Link
        to={path}
        tabIndex={-1}
        aria-hidden="true"
        className="size-20 shrink-0 overflow-hidden rounded-[10px] bg-white ring-1 ring-line md:size-24"
      >
        <ProductImage src={product.image} alt={product.name} size={96} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={path} className="line-clamp-2 rounded-sm text-sm text-ink hover:text-primary">
            {product.name}
          </Link>
          <span className="self-start rounded-md bg-monthly px-1.5 py-0.5 text-xs font-semibold text-monthly-ink">
            {t('product.monthly', { amount: formatNumber(product.monthly_payment) })}
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 md:flex-col md:flex-nowrap md:items-end">
          <span className="text-base font-bold whitespace-nowrap">
            {money(product.price * item.count)}
          </span>
          <div className="flex items-center gap-2">
            <div className="flex h-9 items-center rounded-[10px] border border-line">
              <button
                type="button"
                onClick={() => decreaseBasketItem(item.product_id)}
                aria-label={t('product.decrease')}
                className="grid h-full w-9 place-items-center rounded-[10px] text-primary hover:bg-page"
              >
                <MinusIcon className="size-4" />
              </button>
              <output className="w-7 text-center text-sm font-semibold tabular-nums">
                {item.count}
              </output>
              <button
                type="button"
                onClick={() => increaseBasketItem(item.product_id)}
                aria-label={t('product.increase')}
                className="grid h-full w-9 place-items-center rounded-[10px] text-primary hover:bg-page"
              >
                <PlusIcon className="size-4" />
              </button>
            </div>
            <button
              type="button"
              onClick={() => removeBasketItem(item.product_id)}
              aria-label={t('basket.remove', { name: product.name })}
              className="grid size-9 place-items-center rounded-[10px] text-muted hover:bg-page hover:text-danger"
            >
              <TrashIcon className="size-5" />
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

/** The basket kept in this browser (the server basket arrives with sign-in). */
export function BasketPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const items = useBasket();
  const checked = items.filter((i) => i.checked);
  const total = checked.reduce((sum, i) => sum + i.product.price * i.count, 0);
  const monthly = checked.reduce((sum, i) => sum + i.product.monthly_payment * i.count, 0);
  const count = checked.reduce((sum, i) => sum + i.count, 0);

  useEffect(() => {
    document.title = `${t('basket.title')} — Bozor`;
  }, [t]);

  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 md:px-4 md:pt-6">
      <h1 className="mb-4 text-xl font-bold md:text-2xl">
        {t('basket.title')}
        {items.length > 0 && (
          <span className="ml-2 text-base font-medium text-muted">
            {t('basket.items', { n: items.length })}
          </span>
        )}
      </h1>
      {items.length === 0 ? (
        <StateMessage
          icon={<BagIcon className="size-7" />}
          title={t('basket.empty_title')}
          text={t('basket.empty_text')}
          action={
            <Link to="/" className={buttonClass('primary')}>
              {t('basket.go_shopping')}
            </Link>
          }
        />
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
          <ul className="rounded-[12px] bg-white px-4">
            {items.map((item) => (
              <BasketLine key={item.product_id} item={item} />
            ))}
          </ul>
          <aside className="flex flex-col gap-3 rounded-[12px] bg-white p-4 lg:sticky lg:top-32">
            <h2 className="text-lg font-bold">{t('basket.summary')}</h2>
            <dl className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">{t('basket.selected', { n: count })}</dt>
                <dd className="font-semibold whitespace-nowrap">{money(total)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">{t('basket.monthly_total')}</dt>
                <dd className="rounded-md bg-monthly px-1.5 font-semibold whitespace-nowrap text-monthly-ink">
                  {t('product.monthly', { amount: formatNumber(monthly) })}
                </dd>
              </div>
            </dl>
            <div className="flex items-baseline justify-between border-t border-line pt-3">
              <span className="font-semibold">{t('basket.total')}</span>
              <span className="text-xl font-bold whitespace-nowrap">{money(total)}</span>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}
