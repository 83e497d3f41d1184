import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../lib/list-state.ts';
import { buttonClass } from './button.ts';
import { SkeletonList } from './skeleton.tsx';
import { ErrorState } from './state-message.tsx';

/** What a paged list needs of its infinite query (TanStack Query's `useInfiniteQuery`). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface PagedListProps<T> {
  query: PagedQuery;
  /** The items of the pages loaded so far. */
  items: readonly T[];
  keyOf: (item: T) => number | string;
  renderItem: (item: T) => ReactNode;
  /** One placeholder item, shown `skeletons` times while the first page loads. */
  skeleton: ReactNode;
  skeletons?: number;
  /** What an empty list says, with where to go instead. */
  empty: ReactNode;
  /** Classes of the list (its grid or column). */
  className: string;
  testId?: string;
}

/**
 * A list loaded a page at a time, as the profile's lists are: placeholders while the first page
 * loads, an error with a retry when nothing could be loaded, the empty state, then the items and
 * "show more" while more pages remain.
 */
export function PagedList<T>({
  query,
  items,
  keyOf,
  renderItem,
  skeleton,
  skeletons = 3,
  empty,
  className,
  testId,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <SkeletonList count={skeletons} className={className}>
        {skeleton}
      </SkeletonList>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <ErrorState message={listErrorMessage(query.error, t)} onRetry={() => void query.refetch()} />
    );
  }
  if (items.length === 0 && !query.hasNextPage) return <>{empty}</>;
  return (
    <>
      <ul className={className} data-testid={testId}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className={`${buttonClass('secondary')} self-center`}
        >
          {query.isFetchingNextPage ? t('common.loading') : t('profile.show_more')}
        </button>
      )}
    </>
  );
}
