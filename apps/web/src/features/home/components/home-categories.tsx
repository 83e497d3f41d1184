import { Link } from 'react-router';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { categoryPath, useTopCategories } from '../../catalog/index.ts';

/** Top categories as picture tiles; a failed load hides the row (the top bar shows the same list). */
export function HomeCategories() {
  const { t } = useTranslation();
  const categories = useTopCategories();

  if (categories.isError || (categories.isSuccess && categories.data.length === 0)) return null;

  return (
    <section aria-labelledby="home-categories">
      <h2 id="home-categories" className="mb-3 text-lg font-bold md:text-xl">
        {t('home.categories_title')}
      </h2>
      <ul className="-mx-3 flex snap-x gap-2 overflow-x-auto px-3 pb-1 [scrollbar-width:none] md:mx-0 md:grid md:grid-cols-[repeat(auto-fill,minmax(96px,1fr))] md:gap-3 md:overflow-visible md:px-0">
        {categories.isPending
          ? placeholderKeys(8).map((key) => (
              <li
                key={key}
                className="flex w-[92px] shrink-0 flex-col items-center gap-2 rounded-[12px] bg-white p-3 md:w-auto"
              >
                <Skeleton className="size-14 rounded-[12px]" />
                <Skeleton className="h-3.5 w-16" />
              </li>
            ))
          : categories.data.map((category) => (
              <li key={category.id} className="w-[92px] shrink-0 snap-start md:w-auto">
                <Link
                  to={categoryPath(category)}
                  className="flex h-full flex-col items-center gap-2 rounded-[12px] bg-white p-3 text-center transition-shadow hover:shadow-[0_6px_24px_rgba(20,20,43,0.08)]"
                >
                  <span className="grid size-14 place-items-center rounded-[12px] bg-page">
                    {category.image && (
                      <img
                        src={category.image}
                        alt=""
                        width={56}
                        height={56}
                        className="size-12 object-contain"
                      />
                    )}
                  </span>
                  <span className="line-clamp-2 text-xs leading-4 font-medium text-ink md:text-[13px]">
                    {category.name}
                  </span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
