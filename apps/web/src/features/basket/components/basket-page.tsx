import { formatNumber, MAX_BASKET_COUNT } from '@bozor/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { BagIcon, MinusIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import {
  type BasketItem,
  isAvailable,
  useBasketActions,
  useBasketNow,
  useBasketSummary,
} from '../../../lib/basket-store.ts';
import { cn } from '../../../lib/cn.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { CheckoutButton } from '../../checkout/index.ts';
import { DeliveryEstimate } from '../../delivery/index.ts';

const stepButton =
  'grid h-full w-9 place-items-center rounded-[10px] text-primary hover:bg-page aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/** Why a line cannot be ordered as it stands: sold out, or fewer left than it asks for. */
function Shortage({ item, id }: { item: BasketItem; id: string }) {
  const { t } = useTranslation();
  const left = item.stock ?? 0;
  return (
    <p id={id} className="flex flex-col items-start gap-0.5 text-xs" data-testid="line-shortage">
      <span className="rounded-md bg-danger/10 px-1.5 py-0.5 font-semibold text-danger">
        {left === 0 ? t('basket.sold_out') : t('basket.only_left', { n: left })}
      </span>
      <span className="text-muted">
        {left === 0 ? t('basket.sold_out_text') : t('basket.only_left_text', { n: left })}
      </span>
    </p>
  );
}

function BasketLine({ item }: { item: BasketItem }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const basket = useBasketActions();
  const shortageId = useId();
  const { product } = item;
  const path = `/product/${product.slug}`;
  const oldPrice =
    product.old_price != null && product.old_price > product.price ? product.old_price : null;
  const available = isAvailable(item);
  const soldOut = item.stock === 0;
  const atMost = Math.min(MAX_BASKET_COUNT, item.stock ?? MAX_BASKET_COUNT);

  return (
    <li
      data-testid="basket-line"
      data-available={available}
      aria-busy={basket.pending || undefined}
      className="flex gap-3 border-b border-line py-4 last:border-b-0"
    >
      <input
        type="checkbox"
        checked={item.checked && available}
        disabled={!available}
        aria-disabled={basket.pending || undefined}
        aria-describedby={available ? undefined : shortageId}
        onChange={() => basket.check([item.product_id], !item.checked)}
        aria-label={t('basket.select', { name: product.name })}
        className="mt-1 size-5 shrink-0 accent-primary disabled:cursor-not-allowed disabled:opacity-40"
      />
      <Link
        to={path}
        tabIndex={-1}
        aria-hidden="true"
        className={cn(
          'size-20 shrink-0 overflow-hidden rounded-[10px] bg-white ring-1 ring-line md:size-24',
          soldOut && 'opacity-50 grayscale',
        )}
      >
        <ProductImage src={product.image} alt={product.name} size={96} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={path} className="line-clamp-2 rounded-sm text-sm text-ink hover:text-primary">
            {product.name}
          </Link>
          {product.monthly_payment > 0 && available && (
            <span className="self-start rounded-md bg-monthly px-1.5 py-0.5 text-xs font-semibold text-monthly-ink">
              {t('product.monthly', { amount: formatNumber(product.monthly_payment) })}
            </span>
          )}
          {!available && <Shortage item={item} id={shortageId} />}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 md:flex-col md:flex-nowrap md:items-end">
          <div className="flex flex-col md:items-end">
            <span
              className={cn(
                'text-base font-bold whitespace-nowrap',
                !available && 'text-muted line-through',
              )}
              data-testid="line-total"
            >
              {money(product.price * item.count)}
            </span>
            {oldPrice != null && (
              <s className="text-xs whitespace-nowrap text-muted">
                <span className="sr-only">{t('product.old_price')} </span>
                {money(oldPrice * item.count)}
              </s>
            )}
            {item.count > 1 && (
              <span className="text-xs whitespace-nowrap text-muted">
                {t('basket.unit_price', { price: money(product.price) })}
              </span>
            )}
          </div>
          <div className="flex items-center gap-2">
            <div className="flex h-9 items-center rounded-[10px] border border-line">
              <button
                type="button"
                aria-disabled={basket.pending || undefined}
                onClick={() => basket.decrease(item.product_id)}
                aria-label={t('product.decrease')}
                className={stepButton}
              >
                <MinusIcon className="size-4" />
              </button>
              <output
                className="w-7 text-center text-sm font-semibold tabular-nums"
                aria-live="polite"
              >
                <span className="sr-only">{t('product.in_basket')} </span>
                {item.count}
              </output>
              <button
                type="button"
                aria-disabled={basket.pending || item.count >= atMost || undefined}
                onClick={() => item.count < atMost && basket.increase(item.product_id)}
                aria-label={t('product.increase')}
                className={stepButton}
              >
                <PlusIcon className="size-4" />
              </button>
            </div>
            <button
              type="button"
              aria-disabled={basket.pending || undefined}
              onClick={() => basket.remove(item.product_id)}
              aria-label={t('basket.remove', { name: product.name })}
              className="grid size-9 place-items-center rounded-[10px] text-muted hover:bg-page hover:text-danger aria-disabled:opacity-40"
            >
              <TrashIcon className="size-5" />
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

/** "Select all" and "delete marked" above the lines. */
function SelectionBar({ items }: { items: BasketItem[] }) {
  const { t } = useTranslation();
  const basket = useBasketActions();
  const [confirming, setConfirming] = useState(false);
  const selectAll = useRef<HTMLInputElement>(null);
  // a line that cannot be ordered shows no mark, so it is neither selected nor deleted with them
  const selectable = items.filter(isAvailable);
  const marked = selectable.filter((i) => i.checked).map((i) => i.product_id);
  const allMarked = selectable.length > 0 && marked.length === selectable.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = marked.length > 0 && !allMarked;
  }, [marked.length, allMarked]);

  return (
    <div className="flex items-center justify-between gap-3 border-b border-line py-3">
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium whitespace-nowrap">
        <input
          ref={selectAll}
          type="checkbox"
          checked={allMarked}
          aria-disabled={basket.pending || undefined}
          onChange={() =>
            basket.check(
              selectable.map((i) => i.product_id),
              !allMarked,
            )
          }
          className="size-5 accent-primary"
        />
        {t('basket.select_all')}
      </label>
      <button
        type="button"
        disabled={marked.length === 0}
        aria-disabled={basket.pending || undefined}
        onClick={() => setConfirming(true)}
        aria-label={t('basket.delete_marked')}
        className="flex items-center gap-1.5 rounded-md px-1 text-sm font-medium whitespace-nowrap text-muted hover:text-danger disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:opacity-50"
      >
        <TrashIcon className="size-[18px]" />
        <span className="sm:hidden">{t('basket.confirm_delete')}</span>
        <span className="hidden sm:inline">{t('basket.delete_marked')}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('basket.confirm_title')}
        text={t('basket.confirm_text', { n: marked.length })}
        confirmLabel={t('basket.confirm_delete')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          basket.removeMany(marked);
        }}
      />
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="summary-skeleton">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-7 w-1/2 self-end" />
    </div>
  );
}

/** Totals of the marked lines: from the server when signed in, computed here otherwise. */
function BasketSummary() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const { summary, status, error, updating, refetch } = useBasketSummary();

  return (
    <aside
      aria-labelledby="basket-summary"
      aria-busy={updating || undefined}
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 lg:sticky lg:top-32"
      data-testid="basket-summary"
    >
      <h2 id="basket-summary" className="text-lg font-bold">
        {t('basket.summary')}
      </h2>
      {status === 'pending' && <SummarySkeleton />}
      {status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p className="text-danger">{listErrorMessage(error, t)}</p>
          <button type="button" onClick={refetch} className={buttonClass('secondary')}>
            {t('states.retry')}
          </button>
        </div>
      )}
      {summary && status === 'success' && (
        <div className={cn('flex flex-col gap-3 transition-opacity', updating && 'opacity-60')}>
          <dl className="flex flex-col gap-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t('basket.selected', { n: summary.count })}</dt>
              <dd className="font-semibold whitespace-nowrap">{money(summary.total_old_price)}</dd>
            </div>
            {summary.discount > 0 && (
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('basket.discount')}</dt>
                <dd className="font-semibold whitespace-nowrap text-sale">
                  −{money(summary.discount)}
                </dd>
              </div>
            )}
            <div className="flex justify-between gap-3">
              <dt className="text-muted">
                {summary.months > 0
                  ? t('basket.monthly_for', { months: summary.months })
                  : t('basket.monthly_total')}
              </dt>
              <dd
                className="rounded-md bg-monthly px-1.5 font-semibold whitespace-nowrap text-monthly-ink"
                data-testid="summary-monthly"
              >
                {t('product.monthly', { amount: formatNumber(summary.monthly_payment) })}
              </dd>
            </div>
          </dl>
          <div className="flex items-baseline justify-between gap-3 border-t border-line pt-3">
            <span className="font-semibold">{t('basket.total')}</span>
            <span className="text-xl font-bold whitespace-nowrap" data-testid="summary-total">
              {money(summary.total)}
            </span>
          </div>
          {summary.count > 0 && (
            <DeliveryEstimate
              sum={summary.total}
              sizeClass={summary.size_class}
              hint="missing"
              className="bg-page"
            />
          )}
        </div>
      )}
      <CheckoutButton />
    </aside>
  );
}

function BasketSkeleton() {
  return (
    <div
      className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_340px]"
      data-testid="basket-skeleton"
    >
      <ul className="rounded-[12px] bg-white px-4" aria-hidden="true">
        {placeholderKeys(3).map((key) => (
          <li key={key} className="flex gap-3 border-b border-line py-4 last:border-b-0">
            <Skeleton className="mt-1 size-5 shrink-0" />
            <Skeleton className="size-20 shrink-0 rounded-[10px] md:size-24" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-5 w-28 bg-monthly" />
              <div className="mt-1 flex items-center justify-between">
                <Skeleton className="h-5 w-24" />
                <Skeleton className="h-9 w-28 rounded-[10px]" />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="rounded-[12px] bg-white p-4">
        <SummarySkeleton />
      </div>
    </div>
  );
}

/** The basket: in this browser for an anonymous visitor, on the server for a customer. */
export function BasketPage() {
  const { t } = useTranslation();
  const basket = useBasketNow();
  const { items } = basket;

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
      {basket.status === 'pending' ? (
        <BasketSkeleton />
      ) : basket.status === 'error' ? (
        <ErrorState message={listErrorMessage(basket.error, t)} onRetry={basket.refetch} />
      ) : items.length === 0 ? (
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
          <section aria-label={t('basket.title')} className="rounded-[12px] bg-white px-4">
            <SelectionBar items={items} />
            <ul>
              {items.map((item) => (
                <BasketLine key={item.product_id} item={item} />
              ))}
            </ul>
          </section>
          <BasketSummary />
        </div>
      )}
    </div>
  );
}
