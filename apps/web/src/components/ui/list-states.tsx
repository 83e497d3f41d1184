import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../lib/list-state.ts';
import { buttonClass } from './button.ts';
import { ErrorState } from './error-state.tsx';
import { placeholderKeys } from './skeleton.tsx';

/** What the states of a list need of its query (TanStack Query's `useQuery`). */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: readonly T[] | undefined;
  refetch: () => unknown;
}

/**
 * A list's states (UI.md): the placeholders while it loads, an error with a retry, the empty
 * state, then the list itself. Without `empty`, an empty list is drawn by `children` too.
 */
export function ListStates<T>({
  query,
  loading,
  empty,
  errorMessage,
  errorClassName,
  children,
}: {
  query: ListQuery<T>;
  loading: ReactNode;
  empty?: ReactNode;
  /** The failed load's text; by default the server's message or 'Serverda xatolik'. */
  errorMessage?: (error: unknown) => string;
  errorClassName?: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <>{loading}</>;
  if (query.isError || !query.data) {
    return (
      <ErrorState
        className={errorClassName}
        message={errorMessage ? errorMessage(query.error) : listErrorMessage(query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0 && empty !== undefined) return <>{empty}</>;
  return <>{children(query.data)}</>;
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
      <ShowMore query={query} />
    </>
  );
}

/** "Show more" under a paged list while more pages remain; "loading" while the next one comes. */
export function ShowMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      className={`${buttonClass('secondary')} self-center`}
    >
      {query.isFetchingNextPage ? t('common.loading') : t('profile.show_more')}
    </button>
  );
}
