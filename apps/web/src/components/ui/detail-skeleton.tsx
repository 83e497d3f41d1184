import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';

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
