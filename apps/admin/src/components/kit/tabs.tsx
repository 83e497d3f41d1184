import { cn } from '../ui.tsx';

const LOOKS = {
  /** Words over a line, the chosen one underlined: a list's states. */
  line: {
    list: 'mb-4 border-b border-line',
    tab: '-mb-px border-b-2 px-3 py-2 font-medium',
    chosen: 'border-primary text-primary',
    other: 'border-transparent text-muted hover:text-ink',
  },
  /** Buttons in a row, the chosen one filled: a page's kinds of one thing. */
  pills: {
    list: 'mb-4',
    tab: 'rounded-control border px-3 py-1.5 text-sm',
    chosen: 'border-primary bg-primary text-white',
    other: 'border-line bg-white text-ink hover:border-primary',
  },
};

/**
 * A row of tabs choosing one of `values` (a list's state, a report's kind); the chosen one is
 * `aria-selected`. `layout` is how the row flows (whether it wraps on a phone).
 */
export function Tabs<Value extends string>({
  label,
  values,
  chosen,
  text,
  onChoose,
  look = 'line',
  layout = 'flex flex-wrap gap-1',
}: {
  /** The row's accessible name. */
  label: string;
  values: readonly Value[];
  chosen: Value;
  text: (value: Value) => string;
  onChoose: (value: Value) => void;
  look?: keyof typeof LOOKS;
  layout?: string;
}) {
  const classes = LOOKS[look];
  return (
    <div role="tablist" aria-label={label} className={cn(classes.list, layout)}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={value === chosen}
          onClick={() => onChoose(value)}
          className={cn(classes.tab, value === chosen ? classes.chosen : classes.other)}
        >
          {text(value)}
        </button>
      ))}
    </div>
  );
}
