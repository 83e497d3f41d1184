import type { UseQueryResult } from '@tanstack/react-query';
import {
  type Column,
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useId, useState } from 'react';
import type { Paged } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useNarrowScreen } from './narrow-screen.ts';
import { Badge, Button, cn, EmptyState, ErrorState, Loading } from './ui.tsx';

/**
 * Where a column goes in a row's card on a phone: the card's title, a "label: value" line, or
 * the actions at the bottom. Without it, a column with no data and no written header (buttons, a
 * link to open the row) is an action, and the first of the others is the title.
 */
export interface GridColumnMeta {
  card?: 'title' | 'line' | 'action';
}

/** Every grid of the back office renders rows the server already filtered, sorted and paged. */
export const gridFeatures = tableFeatures({ columnMeta: metaHelper<GridColumnMeta>() });
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

/**
 * A grid of rows; on a phone the same rows as stacked cards (see `GridColumnMeta`), with the same
 * cells and actions.
 */
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
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <div className="flex flex-col gap-2">
        {rows.length > 0 && (
          <RowCards table={table} label={label} stale={stale} rowClassName={rowClassName} />
        )}
        <div className="overflow-hidden rounded-card border border-line bg-white empty:hidden">
          {rows.length === 0 && <EmptyState title={empty} hint={emptyHint} />}
          {footer}
        </div>
      </div>
    );
  }
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

type GridTable<Row extends RowData> = ReturnType<typeof useTable<GridFeatures, Row>>;

function cardPlace<Row extends RowData>(column: Column<GridFeatures, Row, unknown>) {
  const { meta, header } = column.columnDef;
  if (meta?.card) return meta.card;
  const written = typeof header === 'string' && header !== '';
  return !column.accessorFn && !written ? 'action' : 'line';
}

/** Each row a card: its title, then "label: value" lines, then its actions. */
function RowCards<Row extends RowData>({
  table,
  label,
  stale,
  rowClassName,
}: {
  table: GridTable<Row>;
  label: string;
  stale: boolean;
  rowClassName: ((row: Row) => string | undefined) | undefined;
}) {
  const headers = table.getLeafHeaders();
  const places = headers.map((header) => cardPlace(header.column));
  const title = places.includes('title') ? places.indexOf('title') : places.indexOf('line');
  return (
    <ul aria-label={label} className={cn('flex flex-col gap-2', stale && 'opacity-60')}>
      {table.getRowModel().rows.map((row) => {
        const cells = row.getAllCells();
        const titleCell = cells[title];
        const lines = headers.flatMap((header, index) =>
          places[index] === 'line' && index !== title ? [{ header, cell: cells[index] }] : [],
        );
        const actions = cells.filter((_, index) => places[index] === 'action');
        return (
          <li
            key={row.id}
            className={cn(
              'flex min-w-0 flex-col gap-2 rounded-card border border-line bg-white p-3',
              rowClassName?.(row.original),
            )}
          >
            {titleCell && (
              <div className="min-w-0 text-base font-medium break-words">
                <table.FlexRender cell={titleCell} />
              </div>
            )}
            {lines.length > 0 && (
              <dl className="flex flex-col gap-1.5">
                {lines.map(({ header, cell }) => (
                  <div
                    key={header.id}
                    className="flex min-w-0 items-baseline justify-between gap-x-3"
                  >
                    <dt className="max-w-[45%] shrink-0 text-xs text-muted">
                      <table.FlexRender header={header} />
                    </dt>
                    <dd className="min-w-0 text-right break-words">
                      {cell && <table.FlexRender cell={cell} />}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {actions.length > 0 && (
              <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line pt-2">
                {actions.map((cell) => (
                  <table.FlexRender key={cell.id} cell={cell} />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
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
      className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-3 py-2 text-muted first:border-t-0"
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

/**
 * A list's filters past the first few: in line from `md` up; on a phone behind a "Filters"
 * button that says how many are set, one under another.
 */
export function MoreFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        className="md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('common.filters')}
        {active > 0 && <Badge tone="primary">{active}</Badge>}
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          fill="none"
          stroke="currentColor"
        >
          <path strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="m5 8 5 5 5-5" />
        </svg>
      </Button>
      <div id={id} className={cn('md:contents', open ? 'flex flex-col gap-3' : 'hidden')}>
        {children}
      </div>
    </>
  );
}
