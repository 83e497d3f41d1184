import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useCollections } from '../api/get-collections.ts';

/** Home-page strip of collections; silent when they cannot be loaded (SPEC §4). */
export function HomeCollections() {
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
