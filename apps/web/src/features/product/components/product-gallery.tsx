import type { ProductDetail } from '@bozor/shared';
import { useEffect, useState } from 'react';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useCarousel } from '../../../lib/carousel.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** Main picture with thumbnails; swipeable on phones. */
export function ProductGallery({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const images = product.images.length > 0 ? product.images : [{ path: '' }];
  const [emblaRef, emblaApi] = useCarousel({ loop: false });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  return (
    <div className="flex flex-col-reverse gap-3 md:flex-row">
      {images.length > 1 && (
        <div className="flex gap-2 overflow-x-auto md:flex-col" role="tablist">
          {images.map((image, index) => (
            <button
              key={image.path || index}
              type="button"
              role="tab"
              aria-selected={index === selected}
              aria-label={t('product.image_alt', { name: product.name, index: index + 1 })}
              onClick={() => emblaApi?.scrollTo(index)}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-[10px] border-2 bg-white p-1',
                index === selected ? 'border-primary' : 'border-transparent',
              )}
            >
              <ProductImage src={image.path} alt="" size={64} />
            </button>
          ))}
        </div>
      )}
      <div className="relative flex-1 overflow-hidden rounded-[16px] bg-white" ref={emblaRef}>
        <div className="flex touch-pan-y">
          {images.map((image, index) => (
            <div
              key={image.path || index}
              className="aspect-square min-w-0 shrink-0 basis-full p-4"
            >
              <ProductImage
                src={image.path}
                alt={t('product.image_alt', { name: product.name, index: index + 1 })}
                size={800}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
