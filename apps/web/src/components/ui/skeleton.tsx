import { cn } from '../../lib/cn.ts';

/** A grey placeholder block shaped like the content it stands for. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-black/[0.07]', className)} />
  );
}

/** Stable keys for a row of `count` placeholders. */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `placeholder-${i}`);
}
