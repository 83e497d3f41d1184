import type { ReactNode } from 'react';
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

/** A list still loading: `count` times the placeholder of one item, in a list marked busy. */
export function SkeletonList({
  count,
  className,
  children,
}: {
  count: number;
  /** Classes of the list (its grid or column), as the loaded list has them. */
  className: string;
  children: ReactNode;
}) {
  return (
    <ul className={className} aria-busy="true">
      {placeholderKeys(count).map((key) => (
        <li key={key}>{children}</li>
      ))}
    </ul>
  );
}

/**
 * A detail page (an order, a credit) still loading: its main block beside the summary card from
 * lg. `children` stand for the main block's content; lines of text by default.
 */
export function DetailSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px]" aria-busy="true">
      <div className="flex flex-col gap-3 rounded-[12px] bg-white p-5">
        {children ?? (
          <>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </>
        )}
      </div>
      <div className="flex flex-col gap-3 rounded-[12px] bg-white p-5">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
