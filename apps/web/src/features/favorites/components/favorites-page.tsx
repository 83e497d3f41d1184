import { useEffect } from 'react';
import { Link } from 'react-router';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { ProductCardSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { ProductGrid } from '../../../components/product/product-grid.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { placeholderKeys } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { useWishlist } from '../../../lib/wishlist-store.ts';

/** The wish list: in this browser for an anonymous visitor, on the server for a customer. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  const { items } = wishlist;

  useEffect(() => {
    document.title = `${t('favorites.title')} — Bozor`;
  }, [t]);

  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 md:px-4 md:pt-6">
      <h1 className="mb-4 text-xl font-bold md:text-2xl">
        {t('favorites.title')}
        {items.length > 0 && (
          <span className="ml-2 text-base font-medium text-muted">
            {t('favorites.items', { n: items.length })}
          </span>
        )}
      </h1>
      {wishlist.status === 'pending' ? (
        <ProductGrid>
          {placeholderKeys(10).map((key) => (
            <li key={key}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ProductGrid>
      ) : wishlist.status === 'error' ? (
        <ErrorState message={listErrorMessage(wishlist.error, t)} onRetry={wishlist.refetch} />
      ) : items.length === 0 ? (
        <StateMessage
          icon={<HeartIcon className="size-7" />}
          title={t('favorites.empty_title')}
          text={t('favorites.empty_text')}
          action={
            <Link to="/" className={buttonClass('primary')}>
              {t('favorites.go_shopping')}
            </Link>
          }
        />
      ) : (
        <ProductGrid label={t('favorites.title')}>
          {items.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ProductGrid>
      )}
    </div>
  );
}
