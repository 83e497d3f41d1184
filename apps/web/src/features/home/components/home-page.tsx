import { Suspense } from 'react';
import { Deferred, part } from '../../../components/deferred.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { recentlyViewedPart } from '../../recently-viewed/index.ts';
import { HeroBanners } from './hero-banners.tsx';
import { HomeCategories } from './home-categories.tsx';
import { PopularProductsLoading } from './popular-products-loading.tsx';

// below the fold on a phone: their code (the product cards') comes after the page's
const collections = part(() => import('./home-collections.tsx').then((m) => m.HomeCollections));
const popular = part(() => import('./popular-products.tsx').then((m) => m.PopularProducts));

export function HomePage() {
  const { t } = useTranslation();
  usePageMeta(t('home.document_title'), t('home.meta_description'), { whole: true });

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6 px-3 pt-3 md:gap-8 md:px-4 md:pt-5">
      <h1 className="sr-only">{t('home.heading')}</h1>
      <HeroBanners />
      <HomeCategories />
      <Suspense fallback={null}>
        <Deferred part={collections} />
      </Suspense>
      <Suspense fallback={<PopularProductsLoading />}>
        <Deferred part={popular} />
      </Suspense>
      <Suspense fallback={null}>
        <Deferred part={recentlyViewedPart} />
      </Suspense>
    </div>
  );
}
