import { formatNumber, type ProductDetail } from '@bozor/shared';
import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Deferred, part } from '../../../components/deferred.tsx';
import { BasketControl } from '../../../components/product/basket-control.tsx';
import { ProductBadges } from '../../../components/product/product-badges.tsx';
import { Stars, useFormatRating } from '../../../components/product/rating-stars.tsx';
import { BreadcrumbJsonLd } from '../../../components/seo/json-ld.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ChevronRightIcon, HeartIcon } from '../../../components/ui/icons.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isNoSuchItem } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useEarlyAction } from '../../../lib/early-actions.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { loadAccountTexts } from '../../../lib/i18n.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useWishlistToggle } from '../../../lib/wishlist-store.ts';
import { DeliveryEstimate } from '../../delivery/index.ts';
import { alertButtonsPart } from '../../notifications/index.ts';
import { recentlyViewedPart, useRecordView } from '../../recently-viewed/index.ts';
import { useProduct } from '../api/get-product.ts';
import { ProductGallery } from './product-gallery.tsx';
import { ProductJsonLd } from './product-json-ld.tsx';

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function Installments({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const longest = product.installments.at(-1);
  const [months, setMonths] = useState(longest?.months);
  const chosen = product.installments.find((i) => i.months === months) ?? longest;
  if (!chosen) return null;
  return (
    <section aria-labelledby="installments" className="rounded-[12px] bg-[#FFF6D6] p-4">
      <h2 id="installments" className="text-sm font-semibold text-ink">
        {t('product.installments_title')}
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        {product.installments.map((offer) => (
          <button
            key={offer.tariff_id}
            type="button"
            aria-pressed={offer.months === chosen.months}
            onClick={() => setMonths(offer.months)}
            className={cn(
              'rounded-[10px] border px-3 py-1.5 text-sm font-semibold',
              offer.months === chosen.months
                ? 'border-primary bg-primary text-white'
                : 'border-black/10 bg-white text-ink hover:border-primary',
            )}
          >
            {t('product.months', { count: offer.months })}
          </button>
        ))}
      </div>
      <p className="mt-3 text-2xl font-bold text-ink" data-testid="installment-monthly">
        {t('product.per_month', { amount: formatNumber(chosen.monthly_payment) })}
      </p>
      <p className="text-sm text-muted">
        {t('product.installment_total', { total: money(chosen.total_price), count: chosen.months })}
      </p>
    </section>
  );
}

/** The wish-list toggle: a labelled button, or only the heart in the phone's bottom bar. */
function WishToggle({ product, iconOnly = false }: { product: ProductDetail; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const { wished, pending, toggle } = useWishlistToggle(product);
  // a tap before the page's code has come was on the empty heart the server drew: it adds
  const early = useEarlyAction(() => {
    if (!wished) toggle();
  });
  const label = wished ? t('product.in_wishlist') : t('product.wishlist');
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-disabled={pending || undefined}
      aria-label={iconOnly ? label : undefined}
      onClick={toggle}
      {...early}
      className={cn(
        iconOnly
          ? 'grid size-10 shrink-0 place-items-center rounded-[10px] bg-primary-soft text-primary hover:bg-[#e6d6ff]'
          : buttonClass('secondary'),
        'gap-2 aria-disabled:cursor-wait aria-disabled:opacity-60',
        wished && 'text-primary',
      )}
    >
      <HeartIcon filled={wished} className="size-5" />
      {!iconOnly && label}
    </button>
  );
}

// below the fold: the similar products' cards hydrate when their code has come
const similarProducts = part(() => import('./similar-products.tsx').then((m) => m.SimilarProducts));
// the buyers' reviews, after the page's main content: their code is a chunk of its own, and their
// texts come with the account texts, so neither weighs on the first paint
const productReviews = part(() =>
  Promise.all([import('../../reviews/index.ts'), loadAccountTexts()]).then(
    ([m]) => m.ProductReviews,
  ),
);

/** The stored average and the number of reviews under the title, leading to the reviews. */
function RatingLine({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const format = useFormatRating();
  if (product.reviews_count === 0) return null;
  // the name is read from the visible words with a few hidden ones around them, so a person
  // who says what they see ("4.6, 10 reviews") names the link
  return (
    <a
      href="#reviews"
      className="mt-1 inline-flex items-center gap-1.5 rounded-sm text-sm hover:text-primary"
      data-testid="product-rating"
    >
      <span className="sr-only">{t('product.rating_before')}</span>{' '}
      <Stars value={product.rating} className="text-base" />
      <span className="font-semibold text-ink">{format(product.rating)}</span>{' '}
      <span className="sr-only">{t('product.rating_between')}</span>{' '}
      <span className="text-muted">
        {t('product.reviews_link', { count: product.reviews_count })}
      </span>
    </a>
  );
}

function ProductSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
      <Skeleton className="aspect-square w-full rounded-[16px]" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  usePageMeta(product.name, plainText(product.description) || product.name, {
    image: product.images[0]?.path,
  });
  useRecordView(product);

  return (
    <>
      <ProductJsonLd product={product} />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('nav.home'), path: '/' },
          { name: product.category.name, path: `/category/${product.category.slug}` },
          { name: product.name, path: `/product/${product.slug}` },
        ]}
      />
      <nav aria-label={t('product.breadcrumbs')} className="mb-3 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-primary">
              {t('nav.home')}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRightIcon className="size-3.5" />
          </li>
          <li>
            <Link to={`/category/${product.category.slug}`} className="hover:text-primary">
              {product.category.name}
            </Link>
          </li>
        </ol>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 lg:gap-10">
        <ProductGallery product={product} />
        <div className="flex flex-col gap-4">
          <div>
            <div className="mb-2 flex flex-wrap gap-1">
              <ProductBadges product={product} size="md" />
            </div>
            <h1 className="text-xl font-bold text-ink md:text-2xl">{product.name}</h1>
            <RatingLine product={product} />
            <p className="mt-1 text-sm text-muted">
              {t('product.code', { code: product.code })}
              {product.brand && (
                <>
                  {' · '}
                  {/* underlined: in a line of text a colour alone does not mark a link */}
                  <Link
                    to={`/brands/${product.brand.slug}`}
                    className="text-primary underline underline-offset-2 hover:no-underline"
                  >
                    {product.brand.name}
                  </Link>
                </>
              )}
            </p>
          </div>
          <div className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-3xl font-extrabold text-ink">{money(product.price)}</span>
            {product.old_price != null && product.old_price > product.price && (
              <s className="text-base text-muted">
                <span className="sr-only">{t('product.old_price')} </span>
                {money(product.old_price)}
              </s>
            )}
          </div>
          <Installments product={product} />
          <DeliveryEstimate sum={product.price} sizeClass={product.size_class} hint="threshold" />
          <div className="hidden flex-col gap-2 sm:flex sm:max-w-sm">
            <BasketControl product={product} />
            <WishToggle product={product} />
          </div>
          <Suspense fallback={null}>
            <Deferred part={alertButtonsPart} product={product} />
          </Suspense>
          {product.options.length > 0 && (
            <section aria-labelledby="options">
              <h2 id="options" className="mb-2 text-base font-semibold">
                {t('product.options_title')}
              </h2>
              <dl className="divide-y divide-black/5 rounded-[12px] bg-white text-sm">
                {product.options.map((o) => (
                  <div
                    key={`${o.name}-${o.value}`}
                    className="flex justify-between gap-4 px-4 py-2"
                  >
                    <dt className="text-muted">{o.name}</dt>
                    <dd className="text-right font-medium text-ink">{o.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
      {product.description && (
        <section aria-labelledby="description" className="mt-8 rounded-[12px] bg-white p-4 md:p-6">
          <h2 id="description" className="mb-2 text-lg font-bold">
            {t('product.description_title')}
          </h2>
          <div
            className="prose-bozor text-sm leading-relaxed text-ink [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-2"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises descriptions
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        </section>
      )}
      <Suspense fallback={null}>
        <Deferred part={productReviews} product={product} />
      </Suspense>
      <Suspense fallback={null}>
        <Deferred part={similarProducts} product={product} />
      </Suspense>
      <Suspense fallback={null}>
        <Deferred part={recentlyViewedPart} exclude={product.id} />
      </Suspense>
      {/* sits right on the phone's bottom bar: its 3.5rem items under a 1px border */}
      <div
        data-testid="price-bar"
        className="fixed inset-x-0 bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-30 flex items-center gap-3 border-t border-black/5 bg-white px-3 py-2 sm:hidden"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-bold text-ink">{money(product.price)}</p>
        </div>
        <WishToggle product={product} iconOnly />
        <div className="w-40">
          <BasketControl product={product} />
        </div>
      </div>
    </>
  );
}

export function ProductPage() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);

  if (product.isError && isNoSuchItem(product.error)) {
    return <NotFoundPage />;
  }
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 pb-28 md:px-4 md:pb-10">
      {product.isPending ? (
        <ProductSkeleton />
      ) : product.isError ? (
        <ErrorState message={product.error.message} onRetry={() => void product.refetch()} />
      ) : (
        <ProductView product={product.data} />
      )}
    </div>
  );
}
