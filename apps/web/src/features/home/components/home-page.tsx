import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { HeroBanners } from './hero-banners.tsx';
import { HomeCategories } from './home-categories.tsx';
import { HomeCollections } from './home-collections.tsx';
import { PopularProducts } from './popular-products.tsx';

export function HomePage() {
  const { t } = useTranslation();
  usePageMeta(t('home.document_title'), t('home.meta_description'), { whole: true });

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6 px-3 pt-3 md:gap-8 md:px-4 md:pt-5">
      <h1 className="sr-only">{t('home.heading')}</h1>
      <HeroBanners />
      <HomeCategories />
      <HomeCollections />
      <PopularProducts />
    </div>
  );
}
