import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, getData } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { NotFound } from '../access.tsx';
import { ErrorState, Loading, PageHeader } from '../ui.tsx';

/** The record number in the page's address (`:id`), and whether it is one at all. */
export function useRecordId(param = 'id'): { id: number; valid: boolean } {
  const id = Number(useParams()[param]);
  return { id, valid: Number.isInteger(id) && id > 0 };
}

/**
 * A record's read, for its page: "not found" for an address with no such record (not a number,
 * or the API's 404), the loading state, a failure with a retry, or else the record.
 */
export function recordOf<Data>(
  valid: boolean,
  query: UseQueryResult<Data>,
): { data: Data } | { view: ReactNode } {
  if (!valid) return { view: <NotFound /> };
  if (query.isPending) return { view: <Loading /> };
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return { view: <NotFound /> };
    }
    return { view: <ErrorState error={query.error} retry={() => query.refetch()} /> };
  }
  return { data: query.data };
}

/**
 * A record's read by the number in the page's address (`param`), in the staff's language, under
 * `key(id)`: the record, or the page to show instead (see `recordOf`); nothing is asked for an
 * address that names no record.
 */
export function useRecord<Data>(
  key: (id: number) => readonly unknown[],
  path: (id: number) => string,
  param = 'id',
) {
  const { lang } = useI18n();
  const { id, valid } = useRecordId(param);
  const query = useQuery({
    queryKey: [...key(id), lang],
    queryFn: ({ signal }) => getData<Data>(path(id), undefined, signal),
    enabled: valid,
  });
  return { query, found: recordOf(valid, query) };
}

/** "← Back" to the list a record's page was opened from. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="text-muted hover:text-ink">
      ← {label}
    </Link>
  );
}

/**
 * The head of a record's page: the way back to its list, the title with the record's badges
 * beside it (under it on a narrow screen), a line about it, and what may be done with it.
 */
export function DetailHeader({
  back,
  title,
  badges,
  subtitle,
  actions,
}: {
  back?: { to: string; label: string };
  title: ReactNode;
  badges?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      {back && <BackLink {...back} />}
      <PageHeader
        title={
          badges ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {title}
              {badges}
            </span>
          ) : (
            title
          )
        }
        subtitle={subtitle}
        actions={actions}
      />
    </>
  );
}
