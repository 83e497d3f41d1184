import type { Permission } from '@bozor/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Paged } from '../../lib/api.ts';
import { DataTable, type GridColumns, Pager } from '../data-table.tsx';
import { Button, Notice, PageHeader } from '../ui.tsx';
import { Loaded } from './loaded.tsx';
import { useCanWrite } from './permission.ts';
import { actionsColumn, type RowAction } from './row-actions.tsx';

/** What a list lets the roles that may write it do, and what it tells the others. */
export interface ListWrites<Row> {
  permission: Permission;
  /** The button beside the title that adds a row: a dialog here, or a page of its own. */
  add?: { label: string; onClick: () => void } | { label: string; to: string };
  /** Each row's buttons, in a last column. */
  actions?: (row: Row) => readonly RowAction[];
  /** Said above the list to a role that only reads it. */
  readOnly?: string;
}

export interface ListNotice {
  tone: 'success' | 'danger';
  text: string | null | undefined;
}

export interface ListPageProps<Row extends RowData> {
  title: string;
  subtitle?: string;
  /** Controls beside the title, for every role (an export). */
  actions?: ReactNode;
  writes?: ListWrites<Row>;
  /** The outcome of the last write, a refusal (empty ones are left out), under the filters. */
  notices?: readonly ListNotice[];
  /** The list's filters, above it. */
  filters?: ReactNode;
  /** The list as the API answers it: all at once, or a page at a time (with `onPage`). */
  query: UseQueryResult<Row[]> | UseQueryResult<Paged<Row>>;
  onPage?: (page: number) => void;
  columns: GridColumns<Row>;
  /** The grid's accessible name. */
  label: string;
  empty: string;
  emptyHint?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * A back-office list: its title, what the role may do there, filters, then the rows (a grid; on
 * a phone stacked cards) with their loading, error and empty states, and the pager of a paged
 * list. Adding and the rows' actions are shown only to a role with the write permission.
 */
export function ListPage<Row extends RowData>({
  title,
  subtitle,
  actions,
  writes,
  notices = [],
  filters,
  query,
  onPage,
  columns,
  label,
  empty,
  emptyHint,
  rowClassName,
  children,
}: ListPageProps<Row>) {
  const canWrite = useCanWrite(writes?.permission ?? 'session');
  const rowActions = writes !== undefined && canWrite && writes.actions;
  const said = notices.filter((notice) => notice.text);
  return (
    <>
      <ListHeader title={title} subtitle={subtitle} actions={actions} writes={writes} />
      {filters}
      {said.length > 0 && (
        <div className="mb-3">
          {said.map((notice) => (
            <Notice key={notice.tone} tone={notice.tone}>
              {notice.text}
            </Notice>
          ))}
        </div>
      )}
      <Rows
        query={query}
        onPage={onPage}
        columns={rowActions ? [...columns, actionsColumn(rowActions)] : columns}
        label={label}
        empty={empty}
        emptyHint={emptyHint}
        rowClassName={rowClassName}
      />
      {children}
    </>
  );
}

/**
 * A list's title, and beside it its own controls and, for a role that may write it, the button
 * that adds a row; a role that only reads it is told so under the title.
 */
export function ListHeader({
  title,
  subtitle,
  actions,
  writes,
}: {
  title: string;
  subtitle?: string | undefined;
  actions?: ReactNode;
  writes?: Omit<ListWrites<never>, 'actions'> | undefined;
}) {
  const canWrite = useCanWrite(writes?.permission ?? 'session');
  const add = writes !== undefined && canWrite && writes.add;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          (actions || add) && (
            <>
              {actions}
              {add &&
                ('to' in add ? (
                  <Link
                    to={add.to}
                    className="inline-flex h-9 items-center rounded-control bg-primary px-3.5 font-medium text-white hover:bg-primary-hover"
                  >
                    {add.label}
                  </Link>
                ) : (
                  <Button variant="primary" onClick={add.onClick}>
                    {add.label}
                  </Button>
                ))}
            </>
          )
        }
      />
      {writes?.readOnly && !canWrite && <ReadOnlyNote text={writes.readOnly} />}
    </>
  );
}

/** Said above a page to a role that may only read it. */
export function ReadOnlyNote({ text }: { text: string }) {
  return <p className="mb-3 text-muted">{text}</p>;
}

function Rows<Row extends RowData>({
  query,
  onPage,
  ...grid
}: Pick<
  ListPageProps<Row>,
  'query' | 'onPage' | 'columns' | 'label' | 'empty' | 'emptyHint' | 'rowClassName'
>) {
  return (
    <Loaded<Row[] | Paged<Row>> query={query}>
      {(data) =>
        Array.isArray(data) ? (
          <DataTable {...grid} rows={data} />
        ) : (
          <DataTable
            {...grid}
            rows={data.data}
            stale={query.isPlaceholderData}
            footer={onPage && <Pager meta={data.meta} onPage={onPage} />}
          />
        )
      }
    </Loaded>
  );
}
