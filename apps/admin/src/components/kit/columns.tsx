import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateTime, day, money, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { columnsFor, type GridColumns } from '../data-table.tsx';
import { Badge, cn, type Tone } from '../ui.tsx';

/** The keys of `Row` whose values are `Value`s. */
export type KeyOf<Row, Value> = {
  [Key in keyof Row]-?: Row[Key] extends Value ? Key : never;
}[keyof Row] &
  string;

type Column<Row extends RowData> = GridColumns<Row>[number];

/** How a row's number leads to its page: "#17" or "№1024", linked to `to(row)`. */
interface IdLink<Row> {
  to: (row: Row) => string;
  mark?: '#' | '№';
}

/** Where a field's link leads, what it says (the field itself when not said) and how it looks. */
interface FieldLink<Row> {
  to: (row: Row) => string;
  text?: (row: Row) => ReactNode;
  className: string;
}

/** What a phone cell links to, if anywhere (the customer's page). */
interface PhoneLink<Row> {
  to?: (row: Row) => string;
  /** A line under the number (the customer's name). */
  under?: (row: Row) => ReactNode;
}

interface DateOptions {
  /** Grey, for a time that matters less than the row's others. */
  muted?: boolean;
  /** The day alone, without the time. */
  dayOnly?: boolean;
  /** What an empty time says instead of "—" ("never"). */
  none?: string;
}

interface MoneyOptions<Row> {
  /** Right-aligned, header too: a column of sums read down. */
  right?: boolean;
  className?: string;
  /** Whether the row has a sum to show at all ("—" otherwise). */
  shown?: (row: Row) => boolean;
}

/** A yes/no column: a badge for yes, grey text for no. */
interface FlagOptions {
  yes: string;
  no: string;
  tone: Tone;
}

/**
 * The columns every back-office list has, for rows of `Row`: a row's number linking to its
 * page, a time, a sum, a phone, a status badge, a yes/no flag and a cell drawn its own way. Each is keyed by the row's
 * field, so the grid's cards on a phone read them as lines.
 */
export function kitColumns<Row extends RowData>() {
  const col = columnsFor<Row>();
  const field =
    <Value,>(key: keyof Row) =>
    (row: Row) =>
      row[key] as Value;
  return {
    idLink(key: KeyOf<Row, number>, header: string, { to, mark = '#' }: IdLink<Row>): Column<Row> {
      return col.accessor(field<number>(key), {
        id: key,
        header,
        cell: (info) => (
          <Link
            to={to(info.row.original)}
            className="font-medium whitespace-nowrap text-primary tabular hover:underline"
          >
            {mark}
            {info.getValue()}
          </Link>
        ),
      });
    },
    /** A row's field as a link to its page, written as `text` makes it or as it is. */
    link(
      key: KeyOf<Row, string>,
      header: string,
      { to, text, className }: FieldLink<Row>,
    ): Column<Row> {
      return col.accessor(field<string>(key), {
        id: key,
        header,
        cell: (info) => (
          <Link to={to(info.row.original)} className={className}>
            {text ? text(info.row.original) : info.getValue()}
          </Link>
        ),
      });
    },
    date(
      key: KeyOf<Row, string | null | undefined>,
      header: string,
      options: DateOptions = {},
    ): Column<Row> {
      return col.accessor(field<string | null | undefined>(key), {
        id: key,
        header,
        cell: (info) => <DateCell value={info.getValue()} {...options} />,
      });
    },
    money(
      key: KeyOf<Row, number | null>,
      header: string,
      { right = false, className, shown }: MoneyOptions<Row> = {},
    ): Column<Row> {
      return col.accessor(field<number | null>(key), {
        id: key,
        header: right ? () => <span className="block text-right">{header}</span> : header,
        cell: (info) => (
          <MoneyCell
            value={shown && !shown(info.row.original) ? null : info.getValue()}
            className={cn(right && 'block text-right', className)}
          />
        ),
      });
    },
    phone(key: KeyOf<Row, string>, header: string, link: PhoneLink<Row> = {}): Column<Row> {
      return col.accessor(field<string>(key), {
        id: key,
        header,
        cell: (info) => {
          const row = info.row.original;
          const under = link.under?.(row);
          const number = <span className="tabular whitespace-nowrap">+{info.getValue()}</span>;
          const body = (
            <>
              {number}
              {under && <span className="block text-xs text-muted">{under}</span>}
            </>
          );
          return link.to ? (
            <Link to={link.to(row)} className="hover:underline">
              {body}
            </Link>
          ) : (
            body
          );
        },
      });
    },
    badge<Key extends keyof Row & string>(
      key: Key,
      header: string,
      badge: (value: Row[Key]) => ReactNode,
    ): Column<Row> {
      return col.accessor(field<Row[Key]>(key), {
        id: key,
        header,
        cell: (info) => badge(info.getValue()),
      });
    },
    /** A code or a small number as written, in digits of one width (a row, a tax number). */
    figure(key: KeyOf<Row, string | number>, header: string): Column<Row> {
      return col.accessor(field<string | number>(key), {
        id: key,
        header,
        cell: (info) => <span className="tabular">{info.getValue()}</span>,
      });
    },
    /** A count, grouped by thousands in digits of one width. */
    count(key: KeyOf<Row, number>, header: string): Column<Row> {
      return col.accessor(field<number>(key), {
        id: key,
        header,
        cell: (info) => <span className="tabular">{number(info.getValue())}</span>,
      });
    },
    /** A column drawing the whole row its own way (`render`), under `header`. */
    view(id: string, header: string, render: (row: Row) => ReactNode): Column<Row> {
      return col.display({ id, header, cell: (info) => render(info.row.original) });
    },
    flag(key: KeyOf<Row, boolean>, header: string, { yes, no, tone }: FlagOptions): Column<Row> {
      return col.accessor(field<boolean>(key), {
        id: key,
        header,
        cell: (info) =>
          info.getValue() ? (
            <Badge tone={tone}>{yes}</Badge>
          ) : (
            <span className="text-muted">{no}</span>
          ),
      });
    },
  };
}

/** A time in Tashkent (or its day), in one line. */
export function DateCell({
  value,
  muted = false,
  dayOnly = false,
  none,
}: DateOptions & { value: string | null | undefined }) {
  return (
    <span className={cn('tabular whitespace-nowrap', muted && 'text-muted')}>
      {!value && none ? (
        <span className="text-muted">{none}</span>
      ) : dayOnly ? (
        day(value)
      ) : (
        dateTime(value)
      )}
    </span>
  );
}

/** A sum in the staff's language, in one line; "—" for none. */
export function MoneyCell({ value, className }: { value: number | null; className?: string }) {
  const { lang } = useI18n();
  return (
    <span className={cn('tabular whitespace-nowrap', className)}>
      {value === null ? '—' : money(value, lang)}
    </span>
  );
}
