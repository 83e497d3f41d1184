import type { ListFilters, PageMeta, ProductSummary } from '@bozor/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { ProductListView } from '../../listing/components/product-list-view.tsx';

const LISTS = ['famous', 'discount'] as const;
type ListSlug = (typeof LISTS)[number];
const isList = (slug: string): slug is ListSlug => (LISTS as readonly string[]).includes(slug);

/** `/products/{famous|discount}` and `/products/similar/{id}`. */
export function ProductListPage() {
  const { t } = useTranslation();
  const { slug = '', id } = useParams();
  const similarId = slug === 'similar' && id && /^\d{1,9}$/.test(id) ? id : null;
  const valid = id ? similarId != null : isList(slug);
  const title = similarId ? t('lists.similar') : isList(slug) ? t(`lists.${slug}`) : '';
  usePageMeta(valid ? title : undefined);
  if (!valid) return <NotFoundPage />;

  const path = similarId ? `/products/similar/${similarId}` : `/products/list/${slug}`;
  const filtersPath = similarId
    ? `/products/similar-filters/${similarId}`
    : `/products/list-filters/${slug}`;
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">{title}</h1>
      <ProductListView
        key={path}
        source={{
          key: ['list', path],
          errorToast: true,
          fetchPage: (query, signal) =>
            apiGet<{ data: ProductSummary[]; meta: PageMeta }>(`${path}?${query}`, { signal }),
          fetchFilters: async (signal) =>
            (await apiGet<{ data: ListFilters }>(filtersPath, { signal })).data,
        }}
      />
    </div>
  );
}
