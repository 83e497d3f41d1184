import { z } from 'zod';

/** The reports the back office draws, each a chart over a table, for a range of Tashkent days. */
export const REPORT_KINDS = [
  'sales_by_day',
  'sales_by_category',
  'sales_by_brand',
  'tariffs',
  'average_basket',
  'returns',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest range one report covers: a year and a day. */
export const MAX_REPORT_DAYS = 366;

const Day = z.iso.date();

export const ReportQuery = z
  .object({
    kind: z.enum(REPORT_KINDS),
    /** First Tashkent day, YYYY-MM-DD. */
    from: Day,
    /** Last Tashkent day, included. */
    to: Day,
  })
  .refine((q) => q.from <= q.to, { message: 'report_range_order', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      MAX_REPORT_DAYS,
    { message: 'report_range_long', path: ['to'] },
  );
export type ReportQuery = z.infer<typeof ReportQuery>;

/**
 * The figures a report's rows carry, by kind:
 * - sales_by_*: orders, units, revenue (whole sum);
 * - tariffs: orders, revenue, share (of all orders in the range, 0 to 1);
 * - average_basket: orders, revenue, average (whole sum);
 * - returns: requested, accepted, rejected, refunded (whole sum).
 */
export const REPORT_COLUMNS = {
  sales_by_day: ['orders', 'units', 'revenue'],
  sales_by_category: ['orders', 'units', 'revenue'],
  sales_by_brand: ['orders', 'units', 'revenue'],
  tariffs: ['orders', 'revenue', 'share'],
  average_basket: ['orders', 'revenue', 'average'],
  returns: ['requested', 'accepted', 'rejected', 'refunded'],
} as const satisfies Record<ReportKind, readonly string[]>;
export type ReportColumn = (typeof REPORT_COLUMNS)[ReportKind][number];

export const ReportRow = z.object({
  /** A day (YYYY-MM-DD), a category's or brand's id, a tariff's months, or "full". */
  key: z.string(),
  /** What the row is called in the staff member's language; a day is its key. */
  label: z.string(),
  values: z.record(z.string(), z.number()),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const Report = z.object({
  kind: z.enum(REPORT_KINDS),
  from: Day,
  to: Day,
  /** By day: every day of the range, none left out; others: largest first. */
  rows: z.array(ReportRow),
  totals: z.record(z.string(), z.number()),
});
export type Report = z.infer<typeof Report>;
