import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { SearchEntry, SearchGroup } from '../use-search-entries.ts';

const row =
  'flex scroll-my-2 items-center gap-3 rounded-[10px] px-2 py-1.5 text-sm text-ink hover:bg-page aria-selected:bg-primary-soft aria-selected:text-primary';

interface SearchDropdownProps {
  query: string;
  suggestions: Pick<UseQueryResult<unknown>, 'data' | 'isFetching' | 'isError'>;
  groups: SearchGroup[];
  listboxId: string;
  optionId: (entry: SearchEntry) => string;
  activeKey: string | null;
  /** A recent search was chosen: search for it again. */
  onPick: (query: string) => void;
  /** A product or category link was followed. */
  onFollow: () => void;
}

function Option({
  entry,
  id,
  active,
  onPick,
  onFollow,
}: {
  entry: SearchEntry;
  id: string;
  active: boolean;
  onPick: (query: string) => void;
  onFollow: () => void;
}) {
  const money = useFormatMoney();
  if (entry.kind === 'recent') {
    return (
      <button
        type="button"
        id={id}
        role="option"
        aria-selected={active}
        tabIndex={-1}
        onClick={() => onPick(entry.query)}
        className={cn(row, 'w-full text-left')}
      >
        <SearchIcon className="size-4 shrink-0 text-muted" />
        <span className="truncate">{entry.query}</span>
      </button>
    );
  }
  if (entry.kind === 'recommended') {
    return (
      <Link
        to={entry.to}
        id={id}
        role="option"
        aria-selected={active}
        tabIndex={-1}
        onClick={onFollow}
        className="flex scroll-my-2 flex-col gap-1 rounded-[10px] p-2 hover:bg-page aria-selected:bg-primary-soft aria-selected:ring-2 aria-selected:ring-primary/40"
      >
        <span className="aspect-square overflow-hidden rounded-md">
          <ProductImage src={entry.product.images[0]?.path} alt="" size={160} />
        </span>
        <span className="line-clamp-2 text-xs text-ink">{entry.product.name}</span>
        <span className="text-sm font-bold text-ink">{money(entry.product.price)}</span>
      </Link>
    );
  }
  const product = entry.kind === 'product';
  return (
    <Link
      to={entry.to}
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onClick={onFollow}
      className={row}
    >
      <span
        className={cn('size-9 shrink-0 overflow-hidden', product ? 'rounded-md' : 'rounded-full')}
      >
        <ProductImage
          src={product ? entry.product.images[0]?.path : entry.category.image}
          alt=""
          size={36}
        />
      </span>
      <span className="line-clamp-1">{product ? entry.product.name : entry.category.name}</span>
    </Link>
  );
}

/**
 * Suggestions while typing, recent searches and recommended products (SPEC §2, §4) as one
 * listbox the search box's combobox walks with the arrow keys.
 */
export function SearchDropdown({
  query,
  suggestions,
  groups,
  listboxId,
  optionId,
  activeKey,
  onPick,
  onFollow,
}: SearchDropdownProps) {
  const { t } = useTranslation();
  const found = groups.some((g) => g.kind === 'products' || g.kind === 'categories');

  let status: React.ReactNode = null;
  if (query && suggestions.isFetching && !suggestions.data) {
    status = (
      <div className="flex flex-col gap-2 px-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  } else if (query && suggestions.isError) {
    status = <p className="px-2 text-sm text-muted">{t('search.failed')}</p>;
  } else if (query && suggestions.data && !found) {
    status = <p className="px-2 text-sm text-muted">{t('search.nothing', { query })}</p>;
  }

  return (
    <div
      data-testid="search-dropdown"
      className="absolute inset-x-0 top-[calc(100%+6px)] z-50 max-h-[70vh] overflow-y-auto overscroll-contain rounded-[12px] border border-line bg-white p-3 shadow-[0_12px_40px_rgba(20,20,43,0.18)] md:max-h-[640px]"
    >
      <div aria-live="polite" className={cn(status && 'mb-3')}>
        {status}
      </div>
      <div
        role="listbox"
        id={listboxId}
        aria-label={t('search.suggestions')}
        className="flex flex-col gap-3"
      >
        {groups.map((group) => {
          const headingId = `${listboxId}-${group.kind}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group; a fieldset is for form controls
            <div key={group.kind} role="group" aria-labelledby={headingId}>
              <div
                id={headingId}
                className="mb-1 px-2 text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {t(`search.${group.kind}`)}
              </div>
              <div
                className={cn(
                  group.kind === 'recommended' && 'grid grid-cols-2 gap-2 xl:grid-cols-3',
                )}
              >
                {group.entries.map((entry) => (
                  <Option
                    key={entry.key}
                    entry={entry}
                    id={optionId(entry)}
                    active={entry.key === activeKey}
                    onPick={onPick}
                    onFollow={onFollow}
                  />
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
