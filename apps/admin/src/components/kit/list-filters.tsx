import { type ChangeEvent, type ReactNode, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { FilterButtons } from '../data-table.tsx';
import { type Choice, ChoiceField, cn, TextField } from '../ui.tsx';

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

/** A list's filters as `useListParams` keeps them in the address. */
interface FilterParams<Key extends string> {
  values: Record<Key, string>;
  setFilters: (next: Partial<Record<Key, string>>) => void;
}

/**
 * Filters typed rather than chosen (a search, a sum): what is typed stays on the screen until
 * Search puts it in the address; `reset` empties them with every other filter.
 */
export function useTypedFilters<Key extends string, Name extends Key>(
  list: FilterParams<Key> & { clear: () => void },
  names: readonly Name[],
) {
  const [typed, setTyped] = useState(
    () =>
      Object.fromEntries(names.map((name) => [name, list.values[name]])) as Record<Name, string>,
  );
  const set = (name: Name, text: string) => setTyped((current) => ({ ...current, [name]: text }));
  return {
    typed,
    set,
    /** A text field's value and change, for the filter `name`. */
    field: (name: Name) => ({
      value: typed[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    }),
    reset() {
      setTyped(Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>);
      list.clear();
    },
  };
}

/**
 * A filter choosing one of `choices` ([value, label] pairs), or all of them (`all`: "All",
 * whose value is empty); choosing sets the filter in the address.
 */
export function ChoiceFilter<Key extends string>({
  list,
  name,
  label,
  choices,
  className,
}: {
  list: FilterParams<Key>;
  name: Key;
  label: string;
  choices: readonly Choice[];
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <ChoiceField
      label={label}
      className={className}
      none={t('common.all')}
      choices={choices}
      value={list.values[name]}
      onChange={(event) =>
        list.setFilters({ [name]: event.target.value } as Partial<Record<Key, string>>)
      }
    />
  );
}

/** Two day filters, `from` and `to`, each keeping the other from passing it. */
export function DayRangeFilter<Key extends string>({
  list,
  from,
  to,
}: {
  list: FilterParams<Key>;
  from: { name: Key; label: string };
  to: { name: Key; label: string };
}) {
  const ends = [
    { end: from, bound: { max: list.values[to.name] || undefined } },
    { end: to, bound: { min: list.values[from.name] || undefined } },
  ];
  return ends.map(({ end, bound }) => (
    <TextField
      key={end.name}
      label={end.label}
      type="date"
      value={list.values[end.name]}
      {...bound}
      onChange={(event) =>
        list.setFilters({ [end.name]: event.target.value } as Partial<Record<Key, string>>)
      }
    />
  ));
}
