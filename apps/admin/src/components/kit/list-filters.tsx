import type { ReactNode } from 'react';
import { FilterButtons } from '../data-table.tsx';
import { cn } from '../ui.tsx';

/**
 * A list's filters in a search landmark: the fields, then search and reset. Searching with a
 * field in error (`invalid`) does nothing; the field says why.
 */
export function ListFilters({
  layout = 'flex flex-wrap items-end gap-3',
  buttons,
  invalid = false,
  onSearch,
  onReset,
  children,
}: {
  /** How the fields are laid out (a grid of columns for many). */
  layout?: string;
  /** Where the buttons sit in that layout. */
  buttons?: string;
  invalid?: boolean;
  onSearch: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <search>
      <form
        className={cn('mb-4 rounded-card border border-line bg-white p-3', layout)}
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) onSearch();
        }}
      >
        {children}
        <FilterButtons className={buttons} disabled={invalid} onReset={onReset} />
      </form>
    </search>
  );
}
