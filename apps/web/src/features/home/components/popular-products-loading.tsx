import { ProductCardSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { ProductGrid } from '../../../components/product/product-grid.tsx';
import { placeholderKeys } from '../../../components/ui/skeleton.tsx';

const SKELETONS = 10;

/** The popular products' cards while they (or their code) load. */
export function PopularProductsLoading() {
  return (
    <ProductGrid>
      {placeholderKeys(SKELETONS).map((key) => (
        <li key={key}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ProductGrid>
  );
}
