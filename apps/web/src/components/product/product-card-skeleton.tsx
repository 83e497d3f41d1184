import { Skeleton } from '../ui/skeleton.tsx';

/** Placeholder with the product card's shape, shown while a product list loads. */
export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col rounded-[12px] bg-white" data-testid="product-card-skeleton">
      <div className="aspect-square p-2">
        <Skeleton className="size-full rounded-[10px]" />
      </div>
      <div className="flex flex-col gap-2 px-2.5 pt-2 pb-2.5">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-1/2 bg-monthly" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-2/3" />
        <Skeleton className="mt-1 h-9 w-full rounded-[10px]" />
      </div>
    </div>
  );
}
