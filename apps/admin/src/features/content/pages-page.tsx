import type { AdminPageRow } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import { ErrorState, Loading, PageHeader } from '../../components/ui.tsx';
import { getData } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { PublishedBadge, ReadOnlyNote, useCanWrite } from './shared.tsx';

export const PAGES_KEY = ['content', 'pages'] as const;
const col = columnsFor<AdminPageRow>();

export function PagesPage() {
  const { t } = useI18n();
  const canWrite = useCanWrite();
  const list = useQuery({
    queryKey: PAGES_KEY,
    queryFn: ({ signal }) => getData<AdminPageRow[]>('/pages', undefined, signal),
  });
  const columns = useMemo<GridColumns<AdminPageRow>>(
    () => [
      col.accessor('title_ru', {
        header: t('pages.name'),
        cell: (info) => (
          <Link
            to={`/content/pages/${info.row.original.slug}`}
            className="flex flex-col hover:underline"
          >
            <span className="font-medium text-primary">{info.getValue()}</span>
            <span className="text-xs text-muted">{info.row.original.title_uz}</span>
          </Link>
        ),
      }),
      col.accessor('slug', {
        header: t('pages.slug'),
        cell: (info) => <code className="text-xs">{info.getValue()}</code>,
      }),
      col.accessor('is_published', {
        header: t('pages.state'),
        cell: (info) => <PublishedBadge published={info.getValue()} />,
      }),
      col.accessor('updated_at', {
        header: t('pages.updated'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap text-muted">{dateTime(info.getValue())}</span>
        ),
      }),
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('pages.title')}
        subtitle={t('pages.subtitle')}
        actions={
          canWrite && (
            <Link
              to="/content/pages/new"
              className="inline-flex h-9 items-center rounded-control bg-primary px-3.5 font-medium text-white hover:bg-primary-hover"
            >
              {t('content.add')}
            </Link>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => list.refetch()} />
      ) : (
        <DataTable
          label={t('pages.grid')}
          columns={columns}
          rows={list.data}
          empty={t('pages.empty')}
        />
      )}
    </>
  );
}
