import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../lib/list-state.ts';
import { ErrorState } from './state-message.tsx';

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
