import type { UseQueryResult } from '@tanstack/react-query';
import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Paged } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { Button, cn, EmptyState, ErrorState, Loading } from './ui.tsx';

/** Every grid of the back office renders rows the server already filtered, sorted and paged. */
export const gridFeatures = tableFeatures({});
export type GridFeatures = typeof gridFeatures;
export const columnsFor = <Row extends RowData>() => createColumnHelper<GridFeatures, Row>();
// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column
export type GridColumns<Row extends RowData> = ColumnDef<GridFeatures, Row, any>[];

interface DataTableProps<Row extends RowData> {
  columns: GridColumns<Row>;
  rows: Row[];
  /** An accessible name for the grid. */
  label: string;
  empty: string;
  emptyHint?: string | undefined;
  /** Dims the rows while the next page loads. */
  stale?: boolean;
  rowClassName?: (row: Row) => string | undefined;
  footer?: ReactNode;
}

export function DataTable<Row extends RowData>({
  columns,
  rows,
  label,
  empty,
  emptyHint,
  stale = false,
  rowClassName,
  footer,
}: DataTableProps<Row>) {
  const table = useTable({ features: gridFeatures, columns, data: rows });
  return (
    <div className="overflow-hidden rounded-card border border-line bg-white">
      <div className="overflow-x-auto">
        <table aria-label={label} className={cn('w-full text-left', stale && 'opacity-60')}>
          <thead className="bg-page/60 text-xs text-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="border-b border-line px-3 py-2 font-medium whitespace-nowrap"
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={cn(
                  'border-b border-line last:border-0 hover:bg-page/50',
                  rowClassName?.(row.original),
                )}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <EmptyState title={empty} hint={emptyHint} />}
      {footer}
    </div>
  );
}

/** Previous / next under a paged grid, with where the staff member is. */
export function Pager({
  meta,
  onPage,
}: {
  meta: Paged<unknown>['meta'] | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  if (!meta || meta.last_page <= 1) return null;
  return (
    <nav
      aria-label={t('common.pages')}
      className="flex items-center justify-between border-t border-line px-3 py-2 text-muted"
    >
      <span>
        {t('common.pageOf', { page: meta.current_page, last: meta.last_page, total: meta.total })}
      </span>
      <span className="flex gap-2">
        <Button disabled={meta.current_page <= 1} onClick={() => onPage(meta.current_page - 1)}>
          {t('common.previous')}
        </Button>
        <Button
          disabled={meta.current_page >= meta.last_page}
          onClick={() => onPage(meta.current_page + 1)}
        >
          {t('common.next')}
        </Button>
      </span>
    </nav>
  );
}

/**
 * A paged list read from the API: its loading and error states, then the grid with the pager
 * under it (the rows dimmed while another page loads).
 */
export function PagedGrid<Row extends RowData>({
  query,
  onPage,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'stale' | 'footer'> & {
  query: UseQueryResult<Paged<Row>>;
  onPage: (page: number) => void;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => query.refetch()} />;
  return (
    <DataTable
      {...table}
      rows={query.data.data}
      stale={query.isPlaceholderData}
      footer={<Pager meta={query.data.meta} onPage={onPage} />}
    />
  );
}

/** Search and reset under a list's filters. */
export function FilterButtons({
  disabled = false,
  onReset,
  className,
}: {
  disabled?: boolean;
  onReset: () => void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <div className={cn('flex gap-2', className)}>
      <Button type="submit" variant="primary" disabled={disabled}>
        {t('common.search')}
      </Button>
      <Button onClick={onReset}>{t('common.reset')}</Button>
    </div>
  );
}
