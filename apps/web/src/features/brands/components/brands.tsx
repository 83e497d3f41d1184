import { Link, useParams, useSearchParams } from 'react-router';
import { ProductListView } from '../../../components/product-list/product-list-view.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isNoSuchItem } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useBrand } from '../api/get-brand.ts';
import { getBrandFilters } from '../api/get-brand-filters.ts';
import { getBrandProducts } from '../api/get-brand-products.ts';
import { useBrands } from '../api/get-brands.ts';

export function BrandsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  usePageMeta(t('brands.title'));
  const brands = useBrands(page);
  const last = brands.data?.meta.last_page ?? 1;
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">{t('brands.title')}</h1>
      {brands.isError ? (
        <ErrorState message={brands.error.message} onRetry={() => void brands.refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-5 lg:grid-cols-6">
          {brands.data
            ? brands.data.data.map((b) => (
                <li key={b.id}>
                  <Link
                    to={`/brands/${b.slug}`}
                    className="flex h-full flex-col items-center gap-2 rounded-[12px] bg-white p-3 text-center hover:shadow-[0_6px_24px_rgba(20,20,43,0.1)]"
                  >
                    {b.logo && (
                      <img
                        src={b.logo}
                        alt=""
                        width={160}
                        height={80}
                        loading="lazy"
                        className="h-14 w-auto"
                      />
                    )}
                    <span className="text-sm font-semibold text-ink">{b.name}</span>
                    <span className="text-xs text-muted">
                      {t('collections.count', { count: b.products_count })}
                    </span>
                  </Link>
                </li>
              ))
            : Array.from({ length: 12 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i}>
                  <Skeleton className="h-32 w-full rounded-[12px]" />
                </li>
              ))}
        </ul>
      )}
      {last > 1 && (
        <nav
          aria-label={t('listing.pages')}
          className="mt-6 flex items-center justify-center gap-3"
        >
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setSearch({ page: String(page - 1) })}
            className={buttonClass('secondary')}
          >
            {t('listing.previous')}
          </button>
          <span className="text-sm text-muted">
            {page} / {last}
          </span>
          <button
            type="button"
            disabled={page >= last}
            onClick={() => setSearch({ page: String(page + 1) })}
            className={buttonClass('secondary')}
          >
            {t('listing.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

export function BrandPage() {
  const { slug = '' } = useParams();
  const brand = useBrand(slug);
  usePageMeta(brand.data?.name);
  if (brand.isError && isNoSuchItem(brand.error)) {
    return <NotFoundPage />;
  }
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      <div className="mb-4 flex items-center gap-3">
        {brand.data?.logo && (
          <img
            src={brand.data.logo}
            alt=""
            width={160}
            height={80}
            className="h-12 w-auto rounded-[10px] bg-white"
          />
        )}
        <h1 className="text-xl font-bold text-ink md:text-2xl">
          {brand.data?.name ?? <Skeleton className="h-8 w-48" />}
        </h1>
      </div>
      <ProductListView
        key={slug}
        source={{
          key: ['brand', slug],
          errorToast: true,
          fetchPage: (query, signal) => getBrandProducts(slug, query, signal),
          fetchFilters: (signal) => getBrandFilters(slug, signal),
        }}
      />
    </div>
  );
}
