import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, type GridColumns } from '../data-table.tsx';
import { useNarrowScreen } from '../narrow-screen.ts';
import { EmptyState } from '../ui.tsx';

/**
 * Rows that need a card of their own on a phone (a case to act on: what happened first, then
 * its facts, then its buttons): a grid from `md` up, below it each row as `card` lays it out.
 */
export function GridOrCards<Row extends RowData>({
  label,
  rows,
  rowKey,
  columns,
  card,
  empty,
  emptyHint,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: GridColumns<Row>;
  card: (row: Row) => ReactNode;
  empty: string;
  emptyHint?: string | undefined;
}) {
  const narrow = useNarrowScreen();
  if (!narrow) {
    return (
      <DataTable label={label} columns={columns} rows={rows} empty={empty} emptyHint={emptyHint} />
    );
  }
  if (rows.length === 0) {
    return <EmptyState boxed title={empty} hint={emptyHint} />;
  }
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className="flex min-w-0 flex-col gap-2 rounded-card border border-line bg-white p-3"
        >
          {card(row)}
        </li>
      ))}
    </ul>
  );
}

/** A label and its value on one line of a card. */
export function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
      <span className="text-xs text-muted">{label}</span>
      <span className="min-w-0 break-words text-right">{children}</span>
    </div>
  );
}
