import { formatNumber, type SearchResult } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { famousProductsQuery } from '../../home/api/get-famous-products.ts';
import { useRecentSearches } from '../recent-searches.ts';

const SUGGESTIONS = 6;

export function useSuggestions(query: string) {
  return useQuery({
    queryKey: ['search', 'suggest', query],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ data: SearchResult }>('/search', {
          query: { query, per_page: SUGGESTIONS },
          signal,
        })
      ).data,
    enabled: query.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}

function Heading({ children }: { children: React.ReactNode }) {
  return (
    <h3 className="mb-1 px-2 text-xs font-semibold tracking-wide text-muted uppercase">
      {children}
    </h3>
  );
}

const row =
  'flex items-center gap-3 rounded-[10px] px-2 py-1.5 text-sm text-ink hover:bg-page focus-visible:bg-page';

/** Suggestions while typing, recent searches and recommended products (SPEC §2, §4). */
export function SearchDropdown({
  query,
  onPick,
}: {
  query: string;
  onPick: (query: string) => void;
}) {
  const { t } = useTranslation();
  const suggestions = useSuggestions(query);
  const recent = useRecentSearches();
  const famous = useQuery(famousProductsQuery);

  return (
    <div
      data-testid="search-dropdown"
      className="absolute inset-x-0 top-[calc(100%+6px)] z-50 max-h-[70vh] overflow-y-auto rounded-[12px] border border-line bg-white p-3 shadow-[0_12px_40px_rgba(20,20,43,0.18)] md:max-h-[640px]"
    >
      {query && (
        <div className="mb-3 flex flex-col gap-3" aria-live="polite">
          {suggestions.isFetching && !suggestions.data ? (
            <div className="flex flex-col gap-2 px-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          ) : suggestions.isError ? (
            <p className="px-2 text-sm text-muted">{t('search.failed')}</p>
          ) : suggestions.data ? (
            suggestions.data.products.data.length === 0 &&
            suggestions.data.categories.length === 0 ? (
              <p className="px-2 text-sm text-muted">{t('search.nothing', { query })}</p>
            ) : (
              <>
                {suggestions.data.products.data.length > 0 && (
                  <section>
                    <Heading>{t('search.products')}</Heading>
                    <ul>
                      {suggestions.data.products.data.map((p) => (
                        <li key={p.id}>
                          <Link to={`/product/${p.slug}`} className={row}>
                            <span className="size-9 shrink-0 overflow-hidden rounded-md">
                              <ProductImage src={p.images[0]?.path} alt="" size={36} />
                            </span>
                            <span className="line-clamp-1">{p.name}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
                {suggestions.data.categories.length > 0 && (
                  <section>
                    <Heading>{t('search.categories')}</Heading>
                    <ul>
                      {suggestions.data.categories.map((c) => (
                        <li key={c.id}>
                          <Link to={`/category/${c.slug}`} className={row}>
                            <span className="size-9 shrink-0 overflow-hidden rounded-full">
                              <ProductImage src={c.image} alt="" size={36} />
                            </span>
                            {c.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )
          ) : null}
        </div>
      )}
      {recent.length > 0 && (
        <section className="mb-3">
          <Heading>{t('search.recent')}</Heading>
          <ul>
            {recent.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onClick={() => onPick(q)}
                  className={`${row} w-full text-left`}
                >
                  <SearchIcon className="size-4 text-muted" />
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {famous.data && famous.data.length > 0 && (
        <section>
          <Heading>{t('search.recommended')}</Heading>
          <ul className="grid grid-cols-2 gap-2 xl:grid-cols-3">
            {famous.data.slice(0, 6).map((p) => (
              <li key={p.id}>
                <Link
                  to={`/product/${p.slug}`}
                  className="flex flex-col gap-1 rounded-[10px] p-2 hover:bg-page"
                >
                  <span className="aspect-square overflow-hidden rounded-md">
                    <ProductImage src={p.images[0]?.path} alt="" size={160} />
                  </span>
                  <span className="line-clamp-2 text-xs text-ink">{p.name}</span>
                  <span className="text-sm font-bold text-ink">
                    {formatNumber(p.price)} {t('common.currency')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
