import { discountPercent, formatNumber, type ProductSummary } from '@bozor/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCarousel } from '../../lib/carousel.ts';
import { cn } from '../../lib/cn.ts';
import { useEarlyAction } from '../../lib/early-actions.ts';
import { useFormatMoney } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { useWishlistToggle } from '../../lib/wishlist-store.ts';
import { HeartIcon } from '../ui/icons.tsx';
import { ProductImage } from '../ui/product-image.tsx';
import { BasketControl } from './basket-control.tsx';
import { ProductBadges } from './product-badges.tsx';
import { CardRating } from './rating-stars.tsx';

interface ProductCardProps {
  product: ProductSummary;
  /** Cards above the fold load their first image at once. */
  eager?: boolean;
  /** The list's first card: its picture is likely the page's largest paint. */
  priority?: boolean;
}

export function productPath(product: Pick<ProductSummary, 'slug'>): string {
  return `/product/${product.slug}`;
}

function ImageCarousel({ product, eager, priority }: ProductCardProps) {
  const { t } = useTranslation();
  const images = product.images.length > 0 ? product.images : [{ path: '' }];
  const [emblaRef, emblaApi] = useCarousel({ loop: false, watchDrag: images.length > 1 });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);
  // until the carousel has started only the first picture can be seen: the others join then
  const slides = emblaApi ? images : images.slice(0, 1);

  return (
    <div className="relative aspect-square overflow-hidden rounded-t-[12px] bg-white">
      <div ref={emblaRef} className="size-full overflow-hidden">
        <div className="flex size-full touch-pan-y">
          {slides.map((image, index) => (
            <Link
              key={image.path || index}
              to={productPath(product)}
              tabIndex={-1}
              aria-hidden="true"
              className="block size-full min-w-0 shrink-0 grow-0 basis-full p-2"
            >
              <ProductImage
                src={image.path}
                alt={t('product.image_alt', { name: product.name, index: index + 1 })}
                loading={eager && index === 0 ? 'eager' : 'lazy'}
                fetchPriority={priority && index === 0 ? 'high' : undefined}
              />
            </Link>
          ))}
        </div>
      </div>
      {images.length > 1 && (
        <div className="absolute inset-x-0 bottom-1.5 flex justify-center gap-1" aria-hidden="true">
          {images.map((image, index) => (
            <button
              key={image.path || index}
              type="button"
              tabIndex={-1}
              onClick={() => scrollTo(index)}
              className={cn(
                'h-1.5 rounded-full transition-all',
                index === selected ? 'w-3.5 bg-primary' : 'w-1.5 bg-black/20',
              )}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function WishButton({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const { wished, pending, toggle } = useWishlistToggle(product);
  // a tap before the page's code has come was on the empty heart the server drew: it adds
  const early = useEarlyAction(() => {
    if (!wished) toggle();
  });
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={t('product.wishlist')}
      aria-disabled={pending || undefined}
      onClick={toggle}
      {...early}
      className={cn(
        'absolute top-1.5 right-1.5 z-10 grid size-9 place-items-center rounded-full bg-white/80 backdrop-blur transition-colors hover:bg-white aria-disabled:cursor-wait aria-disabled:opacity-60',
        wished ? 'text-primary' : 'text-[#8b8d97] hover:text-primary',
      )}
    >
      <HeartIcon filled={wished} className="size-[22px]" />
    </button>
  );
}

export function ProductCard({ product, eager = false, priority = false }: ProductCardProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const percent = discountPercent(product.price, product.old_price);

  return (
    <article
      data-testid="product-card"
      className="group relative flex h-full flex-col rounded-[12px] bg-white transition-shadow hover:shadow-[0_6px_24px_rgba(20,20,43,0.1)]"
    >
      <div className="relative">
        <ImageCarousel product={product} eager={eager} priority={priority} />
        <div className="pointer-events-none absolute top-2 right-12 left-2 flex flex-wrap items-start gap-1">
          <ProductBadges product={product} />
        </div>
        <WishButton product={product} />
      </div>

      <div className="flex flex-1 flex-col gap-1.5 px-2.5 pt-2 pb-2.5">
        <div className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="whitespace-nowrap text-base font-bold text-ink sm:text-lg">
            {money(product.price)}
          </span>
          {percent != null && product.old_price != null && (
            <s className="whitespace-nowrap text-xs text-muted">
              <span className="sr-only">{t('product.old_price')} </span>
              {money(product.old_price)}
            </s>
          )}
        </div>
        {product.monthly_payment > 0 && (
          <span className="self-start rounded-md bg-monthly px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-monthly-ink">
            {t('product.monthly', { amount: formatNumber(product.monthly_payment) })}
          </span>
        )}
        <h3 className="text-[13px] leading-[18px] text-ink">
          <Link
            to={productPath(product)}
            className="line-clamp-2 rounded-sm hover:text-primary"
            title={product.name}
          >
            {product.name}
          </Link>
        </h3>
        <CardRating rating={product.rating} count={product.reviews_count} />
        <div className="mt-auto pt-1">
          <BasketControl product={product} />
        </div>
      </div>
    </article>
  );
}
