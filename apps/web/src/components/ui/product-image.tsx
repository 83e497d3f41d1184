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

/** A square product picture on white; a neutral placeholder when it is missing or fails. */
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
  return (
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
}
