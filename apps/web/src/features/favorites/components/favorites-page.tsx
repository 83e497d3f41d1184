import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { ProductGrid } from '../../../components/product/product-grid.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useWishlist } from '../../../lib/wishlist-store.ts';

/** The wish list kept in this browser. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const items = useWishlist();

  useEffect(() => {
    document.title = `${t('favorites.title')} — Bozor`;
  }, [t]);

  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 md:px-4 md:pt-6">
      <h1 className="mb-4 text-xl font-bold md:text-2xl">{t('favorites.title')}</h1>
      {items.length === 0 ? (
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
