import type { Collection, ListFilters, PageMeta, ProductSummary } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { ProductListView } from '../../listing/components/product-list-view.tsx';

function useCollections() {
  return useQuery({
    queryKey: ['collections'],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: Collection[] }>('/collections', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Home-page strip of collections; silent when they cannot be loaded (SPEC §4). */
export function CollectionsSection() {
  const { t } = useTranslation();
  const collections = useCollections();
  if (collections.isError || collections.data?.length === 0) return null;
  return (
    <section aria-labelledby="home-collections">
      <h2 id="home-collections" className="mb-3 text-lg font-bold md:text-xl">
        {t('collections.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-4">
        {collections.data
          ? collections.data.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/collections/${c.slug}`}
                  className="flex items-center gap-3 rounded-[12px] bg-white p-2 pr-3 hover:shadow-[0_6px_24px_rgba(20,20,43,0.1)]"
                >
                  <span className="size-12 shrink-0 overflow-hidden rounded-[10px] sm:size-16">
                    <ProductImage src={c.image} alt="" size={64} />
                  </span>
                  <span className="min-w-0">
                    <span className="line-clamp-2 text-sm leading-tight font-semibold text-ink">
                      {c.name}
                    </span>
                    <span className="block text-xs text-muted">
                      {t('collections.count', { count: c.products_count })}
                    </span>
                  </span>
                </Link>
              </li>
            ))
          : [0, 1, 2, 3].map((i) => (
              <li key={i}>
                <Skeleton className="h-20 w-full rounded-[12px]" />
              </li>
            ))}
      </ul>
    </section>
  );
}

interface CollectionPage {
  data: { id: number; slug: string; name: string; image: string | null };
  products: { data: ProductSummary[]; meta: PageMeta };
}

export function CollectionPage() {
  const { slug = '' } = useParams();
  const path = `/products/collection/${encodeURIComponent(slug)}`;
  const head = useQuery({
    queryKey: ['collection', slug],
    queryFn: ({ signal }) => apiGet<CollectionPage>(`${path}?per_page=1`, { signal }),
    staleTime: 5 * 60_000,
  });
  usePageMeta(head.data?.data.name);
  if (head.isError && head.error instanceof ApiError && head.error.status === 404) {
    return <NotFoundPage />;
  }
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">
        {head.data?.data.name ?? <Skeleton className="h-8 w-64" />}
      </h1>
      <ProductListView
        key={slug}
        source={{
          key: ['collection', slug],
          fetchPage: async (query, signal) =>
            (await apiGet<CollectionPage>(`${path}?${query}`, { signal })).products,
          fetchFilters: async (signal) =>
            (
              await apiGet<{ data: ListFilters }>(
                `/products/collection-filters/${encodeURIComponent(slug)}`,
                { signal },
              )
            ).data,
        }}
      />
    </div>
  );
}
