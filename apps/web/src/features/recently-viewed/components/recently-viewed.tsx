import { ProductCard } from '../../../components/product/product-card.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useRecentlyViewed } from '../store.ts';

/**
 * The products the visitor opened last (the home page, under a product): nothing until there are
 * some, nor while the server renders, since they are this visitor's.
 */
export function RecentlyViewed({ exclude }: { exclude?: number }) {
  const { t } = useTranslation();
  const { items } = useRecentlyViewed();
  const shown = items.filter((item) => item.id !== exclude);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="mt-8" data-testid="recently-viewed">
      <h2 id="recently-viewed" className="mb-3 text-lg font-bold md:text-xl">
        {t('recent.title')}
      </h2>
      <ul className="-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 md:mx-0 md:px-0">
        {shown.map((product) => (
          <li key={product.id} className="w-[44%] shrink-0 snap-start sm:w-[30%] md:w-[18%]">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
