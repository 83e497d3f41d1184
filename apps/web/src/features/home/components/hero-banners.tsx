import { type Banner, isShopLink } from '@bozor/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCarousel } from '../../../lib/carousel.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useBanners } from '../api/get-banners.ts';

const slideShape = 'aspect-[2/1] sm:aspect-[3/1]';

/** A banner leads to a page of the shop; one whose link would leave it is drawn without a link. */
function BannerLink({ banner, children }: { banner: Banner; children: React.ReactNode }) {
  const className = 'block size-full rounded-[16px]';
  if (!isShopLink(banner.link)) return <div className={className}>{children}</div>;
  return (
    <Link to={banner.link} className={className}>
      {children}
    </Link>
  );
}

function BannerSlide({ banner, index, total }: { banner: Banner; index: number; total: number }) {
  const { t } = useTranslation();
  return (
    <li
      aria-roledescription={t('home.slide')}
      aria-label={t('home.slide_of', { index: index + 1, total })}
      className="min-w-0 shrink-0 grow-0 basis-full pr-3"
    >
      <BannerLink banner={banner}>
        <div
          className={cn('relative overflow-hidden rounded-[16px]', slideShape)}
          style={{ backgroundColor: banner.color }}
        >
          <picture>
            {/* phones (below sm, where the slide is 2:1) draw the banner's own phone picture */}
            {banner.image_mobile && (
              <source media="(max-width: 639px)" srcSet={banner.image_mobile} />
            )}
            <img
              src={banner.image}
              alt=""
              width={1200}
              height={400}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              className="absolute inset-0 size-full object-cover object-right"
            />
          </picture>
          <div
            className="absolute inset-0 bg-[linear-gradient(90deg,var(--banner)_0%,var(--banner)_42%,transparent_78%)] sm:bg-[linear-gradient(90deg,var(--banner)_0%,color-mix(in_srgb,var(--banner)_80%,transparent)_35%,transparent_70%)]"
            style={{ '--banner': banner.color } as React.CSSProperties}
          />
          <div className="relative flex h-full max-w-[62%] flex-col justify-center gap-1.5 p-5 text-white sm:max-w-[55%] sm:gap-3 sm:p-8 lg:px-20">
            <h2 className="text-xl leading-tight font-extrabold text-balance sm:text-3xl lg:text-[40px]">
              {banner.title}
            </h2>
            <p className="text-[13px] leading-snug text-white/90 sm:text-base lg:text-lg">
              {banner.subtitle}
            </p>
          </div>
        </div>
      </BannerLink>
    </li>
  );
}

/** The home carousel of banners; hidden when there are none or they cannot be loaded. */
export function HeroBanners() {
  const { t } = useTranslation();
  const banners = useBanners();
  const [emblaRef, emblaApi] = useCarousel({ loop: true, align: 'start' });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  if (banners.isPending) {
    return <Skeleton className={cn('w-full rounded-[16px]', slideShape)} />;
  }
  const list = banners.data ?? [];
  if (list.length === 0) return null;

  return (
    <section
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.banners')}
      className="group relative"
    >
      <div ref={emblaRef} className="-mr-3 overflow-hidden">
        <ul className="flex touch-pan-y">
          {/* until the carousel has started only the first banner can be seen: the others join then */}
          {(emblaApi ? list : list.slice(0, 1)).map((banner, index) => (
            <BannerSlide key={banner.id} banner={banner} index={index} total={list.length} />
          ))}
        </ul>
      </div>
      {list.length > 1 && (
        <>
          <button
            type="button"
            onClick={() => emblaApi?.scrollPrev()}
            aria-label={t('home.prev_banner')}
            className="absolute top-1/2 left-4 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white md:grid"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => emblaApi?.scrollNext()}
            aria-label={t('home.next_banner')}
            className="absolute top-1/2 right-4 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white md:grid"
          >
            <ChevronRightIcon className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-0.5 flex justify-center sm:bottom-2">
            {list.map((banner, index) => (
              // a 24-px target around each small dot, as a finger needs
              <button
                key={banner.id}
                type="button"
                onClick={() => scrollTo(index)}
                aria-label={t('home.go_to_banner', { index: index + 1 })}
                aria-current={index === selected}
                className="group grid h-6 min-w-6 place-items-center px-0.5"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block h-2 rounded-full transition-all',
                    index === selected ? 'w-6 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
