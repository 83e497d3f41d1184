import { useParams } from 'react-router';
import {
  type ProductListSource,
  ProductListView,
} from '../../../components/product-list/product-list-view.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { getListFilters } from '../api/get-list-filters.ts';
import { getListProducts, PRODUCT_LISTS, type ProductListSlug } from '../api/get-list-products.ts';
import { getSimilarFilters } from '../api/get-similar-filters.ts';
import { getSimilarProducts } from '../api/get-similar-products.ts';

const isList = (slug: string): slug is ProductListSlug =>
  (PRODUCT_LISTS as readonly string[]).includes(slug);

function similarSource(productId: string): ProductListSource {
  return {
    key: ['list', `/products/similar/${productId}`],
    errorToast: true,
    fetchPage: (query, signal) => getSimilarProducts(productId, query, signal),
    fetchFilters: (signal) => getSimilarFilters(productId, signal),
  };
}

function listSource(slug: ProductListSlug): ProductListSource {
  return {
    key: ['list', `/products/list/${slug}`],
    errorToast: true,
    fetchPage: (query, signal) => getListProducts(slug, query, signal),
    fetchFilters: (signal) => getListFilters(slug, signal),
  };
}

/** `/products/{famous|discount}` and `/products/similar/{id}`. */
export function ProductListPage() {
  const { t } = useTranslation();
  const { slug = '', id } = useParams();
  const similarId = slug === 'similar' && id && /^\d{1,9}$/.test(id) ? id : null;
  const list = !id && isList(slug) ? slug : null;
  const title = similarId ? t('lists.similar') : list ? t(`lists.${list}`) : '';
  const source = similarId ? similarSource(similarId) : list ? listSource(list) : null;
  usePageMeta(source ? title : undefined);
  if (!source) return <NotFoundPage />;

  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">{title}</h1>
      <ProductListView key={source.key.join(' ')} source={source} />
    </div>
  );
}
