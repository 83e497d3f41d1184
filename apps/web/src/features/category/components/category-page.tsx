import type { CategoryDetail } from '@bozor/shared';
import { Link, useParams } from 'react-router';
import { ProductListView } from '../../../components/product-list/product-list-view.tsx';
import { BreadcrumbJsonLd } from '../../../components/seo/json-ld.tsx';
import { CategoryChips } from '../../../components/ui/category-chips.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isNoSuchItem } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useCategory } from '../api/get-category.ts';
import { getCategoryFilters } from '../api/get-category-filters.ts';
import { getCategoryProducts } from '../api/get-category-products.ts';

function CategoryView({ category }: { category: CategoryDetail }) {
  const { t } = useTranslation();
  usePageMeta(category.name, t('category.meta', { name: category.name }));
  return (
    <>
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('nav.home'), path: '/' },
          ...category.ancestors.map((a) => ({ name: a.name, path: `/category/${a.slug}` })),
          { name: category.name, path: `/category/${category.slug}` },
        ]}
      />
      <nav aria-label={t('product.breadcrumbs')} className="mb-2 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-primary">
              {t('nav.home')}
            </Link>
          </li>
          {category.ancestors.map((a) => (
            <li key={a.id} className="flex items-center gap-1">
              <ChevronRightIcon className="size-3.5" aria-hidden="true" />
              <Link to={`/category/${a.slug}`} className="hover:text-primary">
                {a.name}
              </Link>
            </li>
          ))}
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span aria-current="page" className="truncate text-ink">
              {category.name}
            </span>
          </li>
        </ol>
      </nav>
      <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">{category.name}</h1>
      <CategoryChips categories={category.children} label={t('category.subcategories')} scroll />
      <ProductListView
        key={category.slug}
        source={{
          key: ['category', category.slug],
          fetchPage: (query, signal) => getCategoryProducts(category.slug, query, signal),
          fetchFilters: (signal) => getCategoryFilters(category.slug, signal),
        }}
      />
    </>
  );
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  const category = useCategory(slug);
  if (category.isError && isNoSuchItem(category.error)) {
    return <NotFoundPage />;
  }
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      {category.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-8 w-72" />
        </div>
      ) : category.isError ? (
        <ErrorState message={category.error.message} onRetry={() => void category.refetch()} />
      ) : (
        <CategoryView category={category.data} />
      )}
    </div>
  );
}
