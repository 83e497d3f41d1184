import type { ProductDetail } from '@bozor/shared';
import { Link } from 'react-router';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { ProductCardSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { ProductGrid } from '../../../components/product/product-grid.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { SIMILAR_COUNT, useSimilarProducts } from '../api/get-product.ts';

/** Products like this one, under its description; nothing when there are none. */
export function SimilarProducts({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const similar = useSimilarProducts(product.id);
  if (similar.isError || (similar.data && similar.data.data.length === 0)) return null;
  return (
    <section aria-labelledby="similar" className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="similar" className="text-lg font-bold md:text-xl">
          {t('product.similar_title')}
        </h2>
        {similar.data && similar.data.meta.total > SIMILAR_COUNT && (
          <Link
            to={`/products/similar/${product.id}`}
            className="text-sm font-semibold text-primary hover:underline"
          >
            {t('product.see_all')}
          </Link>
        )}
      </div>
      <ProductGrid label={t('product.similar_title')}>
        {similar.data
          ? similar.data.data.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))
          : Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
      </ProductGrid>
    </section>
  );
}
