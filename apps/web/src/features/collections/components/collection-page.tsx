import { useParams } from 'react-router';
import { ProductListView } from '../../../components/product-list/product-list-view.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isNoSuchItem } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { getCollectionFilters } from '../api/get-collection-filters.ts';
import { getCollectionProducts, useCollection } from '../api/get-collection-products.ts';

export function CollectionPage() {
  const { slug = '' } = useParams();
  const collection = useCollection(slug);
  usePageMeta(collection.data?.name);
  if (collection.isError && isNoSuchItem(collection.error)) {
    return <NotFoundPage />;
  }
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-10 md:px-4">
      <h1 className="mb-3 text-xl font-bold text-ink md:text-2xl">
        {collection.data?.name ?? <Skeleton className="h-8 w-64" />}
      </h1>
      <ProductListView
        key={slug}
        source={{
          key: ['collection', slug],
          fetchPage: async (query, signal) =>
            (await getCollectionProducts(slug, query, signal)).products,
          fetchFilters: (signal) => getCollectionFilters(slug, signal),
        }}
      />
    </div>
  );
}
