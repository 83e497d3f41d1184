import type { ListFilters, PageMeta, ProductSummary, SearchResult } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryChips } from '../../../components/ui/category-chips.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { ProductListView } from '../../listing/components/product-list-view.tsx';

/** `/search?query=…`: matching categories on top, then products with the list's filters. */
export function SearchPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const text = (search.get('query') ?? '').trim();
  usePageMeta(text ? t('search_page.title', { query: text }) : t('search_page.empty_title'));
  const categories =
    useQuery({
      queryKey: ['search', text, 'categories'],
      queryFn: async ({ signal }) =>
        (
          await apiGet<{ data: SearchResult }>(
            `/search?query=${encodeURIComponent(text)}&per_page=1`,
            { signal },
          )
        ).data.categories,
      enabled: text.length > 0,
      staleTime: 60_000,
    }).data ?? [];

  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      {!text ? (
        <StateMessage
          icon={<SearchIcon className="size-7" />}
          title={t('search_page.empty_title')}
          text={t('search_page.empty_text')}
        />
      ) : (
        <>
          <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">
            {t('search_page.title', { query: text })}
          </h1>
          <CategoryChips categories={categories} label={t('search_page.categories')} />
          <ProductListView
            key={text}
            source={{
              key: ['search', text],
              defaultOrderLabel: t('listing.sorts.relevance'),
              fetchPage: async (query, signal) =>
                (
                  await apiGet<{ data: SearchResult }>(
                    `/search?query=${encodeURIComponent(text)}&${query}`,
                    { signal },
                  )
                ).data.products as { data: ProductSummary[]; meta: PageMeta },
              fetchFilters: async (signal) =>
                (
                  await apiGet<{ data: ListFilters }>(
                    `/search/filters?search=${encodeURIComponent(text)}`,
                    { signal },
                  )
                ).data,
            }}
          />
        </>
      )}
    </div>
  );
}
