import { Link } from 'react-router';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { ProductGrid } from '../../../components/product/product-grid.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { BagIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useFamousProducts } from '../api/get-famous-products.ts';
import { PopularProductsLoading } from './popular-products-loading.tsx';

/** Roughly the first two rows on a desktop: their images load at once. */
const EAGER_CARDS = 5;

export function PopularProducts() {
  const { t } = useTranslation();
  const products = useFamousProducts();

  let content: React.ReactNode;
  if (products.isPending) {
    content = <PopularProductsLoading />;
  } else if (products.isError) {
    content = (
      <ErrorState message={products.error.message} onRetry={() => void products.refetch()} />
    );
  } else if (products.data.length === 0) {
    content = (
      <StateMessage
        icon={<BagIcon className="size-7" />}
        title={t('home.popular_empty')}
        text={t('home.popular_empty_text')}
      />
    );
  } else {
    content = (
      <ProductGrid label={t('home.popular_title')}>
        {products.data.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ProductGrid>
    );
  }

  return (
    <section aria-labelledby="home-popular" aria-busy={products.isPending}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="home-popular" className="text-lg font-bold md:text-xl">
          {t('home.popular_title')}
        </h2>
        <Link
          to="/products/famous"
          aria-describedby="home-popular"
          className="flex shrink-0 items-center gap-0.5 rounded-sm text-sm font-semibold text-primary hover:underline"
        >
          {t('home.see_all')}
          <ChevronRightIcon className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {content}
    </section>
  );
}
