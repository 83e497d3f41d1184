import { PICTURE_WIDTHS, pictureVariant, UPLOADED_PICTURE_PATH } from '@bozor/shared';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { ImageIcon } from './icons.tsx';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size of the square image, so the layout does not shift while it loads. */
  size?: number;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture that is the page's largest paint (the product's photo). */
  fetchPriority?: 'high' | 'auto';
  className?: string;
}

const srcSet = (src: string, format: 'avif' | 'webp') =>
  PICTURE_WIDTHS.product.map((w) => `${pictureVariant(src, w, format)} ${w}w`).join();

/**
 * A square product picture on white; a neutral placeholder when it is missing or fails. An
 * uploaded picture (`/media/u/…`) is offered as AVIF and WebP at the width its size needs.
 */
export function ProductImage({
  src,
  alt,
  size = 400,
  loading = 'lazy',
  fetchPriority,
  className,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn('grid size-full place-items-center bg-[#f0f0f3] text-[#c2c3cc]', className)}
      >
        <ImageIcon className="size-1/3 max-h-16 max-w-16" />
      </div>
    );
  }
  const image = (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      draggable={false}
      onError={() => setFailedSrc(src)}
      className={cn('size-full object-contain', className)}
    />
  );
  if (!UPLOADED_PICTURE_PATH.test(src)) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(src, 'avif')} sizes={`${size}px`} />
      <source type="image/webp" srcSet={srcSet(src, 'webp')} sizes={`${size}px`} />
      {image}
    </picture>
  );
}
