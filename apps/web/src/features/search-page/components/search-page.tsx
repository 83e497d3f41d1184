import { useSearchParams } from 'react-router';
import { ProductListView } from '../../../components/product-list/product-list-view.tsx';
import { CategoryChips } from '../../../components/ui/category-chips.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { getSearchFilters } from '../api/get-search-filters.ts';
import { getSearchProductPage, useSearchCategories } from '../api/search-products.ts';

/** `/search?query=…`: matching categories on top, then products with the list's filters. */
export function SearchPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const text = (search.get('query') ?? '').trim();
  usePageMeta(text ? t('search_page.title', { query: text }) : t('search_page.empty_title'));
  const categories = useSearchCategories(text).data ?? [];

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
              fetchPage: (query, signal) => getSearchProductPage(text, query, signal),
              fetchFilters: (signal) => getSearchFilters(text, signal),
            }}
          />
        </>
      )}
    </div>
  );
}
