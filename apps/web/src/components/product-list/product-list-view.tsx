import {
  type ListFilters,
  type PageMeta,
  type ProductSummary,
  SORTS,
  type Sort,
} from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { ProductCard } from '../product/product-card.tsx';
import { ProductCardSkeleton } from '../product/product-card-skeleton.tsx';
import { ProductGrid } from '../product/product-grid.tsx';
import { buttonClass } from '../ui/button.ts';
import { ErrorState } from '../ui/error-state.tsx';
import { BagIcon, ChevronLeftIcon, ChevronRightIcon } from '../ui/icons.tsx';
import { Modal, ModalHeader } from '../ui/modal.tsx';
import { placeholderKeys } from '../ui/skeleton.tsx';
import { StateMessage } from '../ui/state-message.tsx';
import { FilterPanel } from './filter-panel.tsx';
import {
  activeFilterCount,
  apiQuery,
  type ListParams,
  readListParams,
  writeListParams,
} from './list-params.ts';

export const PER_PAGE = 24;

export interface ProductListSource {
  /** Identifies the list in the query cache, e.g. ['category', slug]. */
  key: readonly unknown[];
  fetchPage: (
    query: string,
    signal: AbortSignal,
  ) => Promise<{ data: ProductSummary[]; meta: PageMeta }>;
  fetchFilters: (signal: AbortSignal) => Promise<ListFilters>;
  /** Label of the order used when no sort is chosen (search: best match). */
  defaultOrderLabel?: string;
  /**
   * A failed page shows a toast as well as the inline error (SPEC §4). A category's products,
   * a collection and search results fail silently; the filters always do.
   */
  errorToast?: boolean;
}

function SortSelect({
  value,
  onChange,
  defaultLabel,
}: {
  value: Sort | undefined;
  onChange: (sort: Sort | undefined) => void;
  defaultLabel?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="hidden text-muted sm:inline">{t('listing.sort')}</span>
      <select
        value={!defaultLabel && value === 'famous' ? '' : (value ?? '')}
        onChange={(e) => onChange((e.target.value || undefined) as Sort | undefined)}
        aria-label={t('listing.sort')}
        className="h-9 rounded-[10px] border border-line bg-white px-2 text-sm"
      >
        {defaultLabel ? <option value="">{defaultLabel}</option> : null}
        {SORTS.map((sort) => (
          <option key={sort} value={defaultLabel || sort !== 'famous' ? sort : ''}>
            {t(`listing.sorts.${sort}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Pagination({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (meta.last_page <= 1) return null;
  const current = meta.current_page;
  const pages = [...new Set([1, current - 1, current, current + 1, meta.last_page])]
    .filter((p) => p >= 1 && p <= meta.last_page)
    .sort((a, b) => a - b);
  const cell = 'grid h-10 min-w-10 place-items-center rounded-[10px] px-2 text-sm font-semibold';
  return (
    <nav
      aria-label={t('listing.pages')}
      className="mt-6 flex flex-wrap items-center justify-center gap-1"
    >
      <button
        type="button"
        disabled={current <= 1}
        onClick={() => onPage(current - 1)}
        aria-label={t('listing.previous')}
        className={cn(cell, 'bg-white disabled:opacity-40')}
      >
        <ChevronLeftIcon className="size-4" />
      </button>
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-1">
          {i > 0 && (pages[i - 1] ?? p) < p - 1 && <span className="px-1 text-muted">…</span>}
          <button
            type="button"
            aria-current={p === current ? 'page' : undefined}
            onClick={() => onPage(p)}
            className={cn(
              cell,
              p === current ? 'bg-primary text-white' : 'bg-white hover:bg-primary-soft',
            )}
          >
            {p}
          </button>
        </span>
      ))}
      <button
        type="button"
        disabled={current >= meta.last_page}
        onClick={() => onPage(current + 1)}
        aria-label={t('listing.next')}
        className={cn(cell, 'bg-white disabled:opacity-40')}
      >
        <ChevronRightIcon className="size-4" />
      </button>
    </nav>
  );
}

function FilterDrawer({
  open,
  onClose,
  onClear,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Set while any filter is on. */
  onClear: (() => void) | undefined;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      shape="sheet"
      label={t('listing.filters')}
      className="max-h-[85vh]"
    >
      <ModalHeader
        title={t('listing.filters')}
        onClose={onClose}
        className="sticky top-0 z-10 border-b border-line bg-white px-4 py-3"
      />
      <div className="p-4">{children}</div>
      <div className="sticky bottom-0 flex gap-2 border-t border-line bg-white p-3">
        {onClear && (
          <button
            type="button"
            onClick={onClear}
            className={cn(buttonClass('secondary'), 'flex-1')}
          >
            {t('listing.clear_filters')}
          </button>
        )}
        <button type="button" onClick={onClose} className={cn(buttonClass('primary'), 'flex-1')}>
          {t('listing.show_results')}
        </button>
      </div>
    </Modal>
  );
}

/** Any product list of the shop: filters, sort and pages live in the URL. */
export function ProductListView({ source }: { source: ProductListSource }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const [drawer, setDrawer] = useState(false);
  const query = apiQuery(params, PER_PAGE);

  const list = useQuery({
    queryKey: [...source.key, 'products', query],
    queryFn: ({ signal }) => source.fetchPage(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: source.errorToast },
  });
  const filters = useQuery({
    queryKey: [...source.key, 'filters'],
    queryFn: ({ signal }) => source.fetchFilters(signal),
    staleTime: 5 * 60_000,
  });

  const change = (next: Partial<ListParams>) => {
    setSearch(writeListParams(search, next));
    if (next.page != null) window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };
  const clear = () =>
    change({
      brands: [],
      colors: [],
      filters: [],
      priceFrom: undefined,
      priceTo: undefined,
      ratingFrom: undefined,
    });
  const active = activeFilterCount(params);
  const panel = filters.data ? (
    <FilterPanel filters={filters.data} params={params} onChange={change} />
  ) : null;

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <ProductGrid>
        {placeholderKeys(10).map((key) => (
          <li key={key}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ProductGrid>
    );
  } else if (list.isError) {
    body = <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  } else if (list.data.data.length === 0) {
    body = (
      <StateMessage
        icon={<BagIcon className="size-7" />}
        title={t('listing.empty_title')}
        text={t('listing.empty_text')}
        action={
          active > 0 ? (
            <button type="button" onClick={clear} className={buttonClass('primary')}>
              {t('listing.clear_filters')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ProductGrid>
          {list.data.data.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={index < 5} priority={index === 0} />
            </li>
          ))}
        </ProductGrid>
        <Pagination meta={list.data.meta} onPage={(page) => change({ page })} />
      </>
    );
  }

  return (
    <div className="flex gap-6">
      <aside className="hidden w-64 shrink-0 lg:block" aria-label={t('listing.filters')}>
        <div className="sticky top-32 max-h-[calc(100vh-9rem)] overflow-y-auto rounded-[12px] bg-white p-4">
          {panel}
        </div>
      </aside>
      <div className="min-w-0 flex-1" aria-busy={list.isFetching}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {/* the results' heading, between the page's h1 and the cards' h3 */}
          {list.data ? (
            <h2 className="text-sm font-normal text-muted" data-testid="result-count">
              {t('listing.found', { count: list.data.meta.total })}
            </h2>
          ) : (
            <p className="text-sm text-muted" data-testid="result-count">
              {'\u00a0'}
            </p>
          )}
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => setDrawer(true)}
              className={cn(buttonClass('secondary'), 'h-9 px-3 lg:hidden')}
            >
              {t('listing.filters')}
              {active > 0 && (
                <span className="rounded-full bg-primary px-1.5 text-xs text-white">{active}</span>
              )}
            </button>
            {active > 0 && (
              <button
                type="button"
                onClick={clear}
                className="hidden text-sm font-semibold text-primary hover:underline lg:inline"
              >
                {t('listing.clear_filters')}
              </button>
            )}
            <SortSelect
              value={params.sort}
              onChange={(sort) => change({ sort })}
              defaultLabel={source.defaultOrderLabel}
            />
          </div>
        </div>
        {body}
      </div>
      <FilterDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        onClear={active > 0 ? clear : undefined}
      >
        {panel}
      </FilterDrawer>
    </div>
  );
}
