/**
 * The back office's reports: sales by Tashkent day, root category and brand; the tariffs' share;
 * the average basket; returns. Sales are the orders placed in the range and not cancelled or
 * rejected, as the dashboard counts them.
 */
import type { Lang, Report, ReportColumn, ReportKind, ReportQuery, ReportRow } from '@bozor/shared';
import { formatCsv, REPORT_COLUMNS } from '@bozor/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { UNSOLD } from './lifecycle.ts';

/** Orders of a report: placed in [from, to] in Tashkent, not cancelled or rejected (`UNSOLD`). */
function placed(query: ReportQuery): SQL {
  return sql`o.created_at >= (${query.from}::date)::timestamp at time zone 'Asia/Tashkent'
    and o.created_at < (${query.to}::date + 1)::timestamp at time zone 'Asia/Tashkent'
    and o.status not in (${sql.join(
      UNSOLD.map((status) => sql`${status}`),
      sql`, `,
    )})`;
}

type Figures = Record<string, string | number | null>;

async function rowsOf<T extends Figures>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Every day of the range with its figures, none left out. */
async function byDay(db: Executor, query: ReportQuery): Promise<ReportRow[]> {
  const rows = await rowsOf<{
    day: string;
    orders: string;
    units: string;
    revenue: string;
  }>(
    db,
    sql`
    with days as (
      select d::date as day from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') d
    ), placed as (
      select o.id, o.total, (o.created_at at time zone 'Asia/Tashkent')::date as day
      from orders o where ${placed(query)}
    ), sales as (
      select day, count(*) as orders, sum(total) as revenue from placed group by day
    ), units as (
      select placed.day, sum(i.count) as units
      from placed join order_items i on i.order_id = placed.id group by placed.day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sales.orders, 0) as orders,
      coalesce(units.units, 0) as units, coalesce(sales.revenue, 0) as revenue
    from days left join sales on sales.day = days.day left join units on units.day = days.day
    order by days.day`,
  );
  return rows.map((r) => ({
    key: r.day,
    label: r.day,
    values: { orders: num(r.orders), units: num(r.units), revenue: num(r.revenue) },
  }));
}

/** Sales of the goods in each top-level category (a product's category rolled up to its root). */
async function byCategory(db: Executor, query: ReportQuery, lang: Lang): Promise<ReportRow[]> {
  const name = lang === 'ru' ? sql.raw('r.name_ru') : sql.raw('r.name_uz');
  const rows = await rowsOf<{
    id: number;
    name: string;
    orders: string;
    units: string;
    revenue: string;
  }>(
    db,
    sql`
    select r.id, ${name} as name, count(distinct o.id) as orders, sum(i.count) as units,
      sum(i.price * i.count) as revenue
    from orders o
    join order_items i on i.order_id = o.id
    join products p on p.id = i.product_id
    join categories c on c.id = p.category_id
    left join categories c1 on c1.id = c.parent_id
    left join categories c2 on c2.id = c1.parent_id
    join categories r on r.id = coalesce(c2.id, c1.id, c.id)
    where ${placed(query)}
    group by r.id, ${name}
    order by revenue desc, r.id`,
  );
  return rows.map((r) => ({
    key: String(r.id),
    label: r.name,
    values: { orders: num(r.orders), units: num(r.units), revenue: num(r.revenue) },
  }));
}

const NO_BRAND = { uz: 'Brendsiz', ru: 'Без бренда' } as const;

async function byBrand(db: Executor, query: ReportQuery, lang: Lang): Promise<ReportRow[]> {
  const rows = await rowsOf<{
    id: number | null;
    name: string | null;
    orders: string;
    units: string;
    revenue: string;
  }>(
    db,
    sql`
    select b.id, b.name, count(distinct o.id) as orders, sum(i.count) as units,
      sum(i.price * i.count) as revenue
    from orders o
    join order_items i on i.order_id = o.id
    join products p on p.id = i.product_id
    left join brands b on b.id = p.brand_id
    where ${placed(query)}
    group by b.id, b.name
    order by revenue desc, b.id nulls last`,
  );
  return rows.map((r) => ({
    key: r.id === null ? 'none' : String(r.id),
    label: r.name ?? NO_BRAND[lang],
    values: { orders: num(r.orders), units: num(r.units), revenue: num(r.revenue) },
  }));
}

const FULL = { uz: "To'liq to'lov", ru: 'Полная оплата' } as const;
const MONTHS = { uz: (n: number) => `${n} oy`, ru: (n: number) => `${n} мес.` } as const;

/** Orders paid in full and on each tariff, with each one's share of all orders in the range. */
async function byTariff(db: Executor, query: ReportQuery, lang: Lang): Promise<ReportRow[]> {
  const rows = await rowsOf<{ months: number | null; orders: string; revenue: string }>(
    db,
    sql`
    select case when o.payment_type = 'full' then null else t.months end as months,
      count(*) as orders, sum(o.total) as revenue
    from orders o left join tariffs t on t.id = o.tariff_id
    where ${placed(query)}
    group by 1
    order by 1 nulls first`,
  );
  const all = rows.reduce((sum, r) => sum + num(r.orders), 0);
  return rows.map((r) => ({
    key: r.months === null ? 'full' : String(r.months),
    label: r.months === null ? FULL[lang] : MONTHS[lang](r.months),
    values: {
      orders: num(r.orders),
      revenue: num(r.revenue),
      share: all > 0 ? Math.round((num(r.orders) / all) * 10_000) / 10_000 : 0,
    },
  }));
}

async function averageBasket(db: Executor, query: ReportQuery): Promise<ReportRow[]> {
  return (await byDay(db, query)).map((row) => {
    const { orders = 0, revenue = 0 } = row.values;
    return {
      ...row,
      values: { orders, revenue, average: orders > 0 ? Math.round(revenue / orders) : 0 },
    };
  });
}

/**
 * Return requests by the day they came, decisions by the day they were made, and what was given
 * back by the day it was refunded on the orders whose return was accepted.
 */
async function returnsByDay(db: Executor, query: ReportQuery): Promise<ReportRow[]> {
  const start = sql`(${query.from}::date)::timestamp at time zone 'Asia/Tashkent'`;
  const end = sql`(${query.to}::date + 1)::timestamp at time zone 'Asia/Tashkent'`;
  const rows = await rowsOf<{
    day: string;
    requested: string;
    accepted: string;
    rejected: string;
    refunded: string;
  }>(
    db,
    sql`
    with days as (
      select d::date as day from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') d
    ), asked as (
      select (requested_at at time zone 'Asia/Tashkent')::date as day, count(*) as n
      from return_requests where requested_at >= ${start} and requested_at < ${end} group by 1
    ), decided as (
      select (decided_at at time zone 'Asia/Tashkent')::date as day,
        count(*) filter (where status = 'accepted') as accepted,
        count(*) filter (where status = 'rejected') as rejected
      from return_requests where decided_at >= ${start} and decided_at < ${end} group by 1
    ), refunds as (
      select (l.created_at at time zone 'Asia/Tashkent')::date as day, sum(l.amount) as amount
      from ledger_entries l
      where l.kind = 'refund' and l.created_at >= ${start} and l.created_at < ${end}
        and exists (
          select 1 from return_requests r where r.order_id = l.order_id and r.status = 'accepted'
        )
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(asked.n, 0) as requested,
      coalesce(decided.accepted, 0) as accepted, coalesce(decided.rejected, 0) as rejected,
      coalesce(refunds.amount, 0) as refunded
    from days
    left join asked on asked.day = days.day
    left join decided on decided.day = days.day
    left join refunds on refunds.day = days.day
    order by days.day`,
  );
  return rows.map((r) => ({
    key: r.day,
    label: r.day,
    values: {
      requested: num(r.requested),
      accepted: num(r.accepted),
      rejected: num(r.rejected),
      refunded: num(r.refunded),
    },
  }));
}

/** The figures of all rows together; a share or an average is worked out again, not summed. */
function totalsOf(query: ReportQuery, rows: ReportRow[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const column of REPORT_COLUMNS[query.kind]) {
    totals[column] = rows.reduce((sum, row) => sum + (row.values[column] ?? 0), 0);
  }
  if ('share' in totals) totals.share = rows.length > 0 ? 1 : 0;
  if ('average' in totals) {
    totals.average = totals.orders ? Math.round((totals.revenue ?? 0) / totals.orders) : 0;
  }
  return totals;
}

export async function readReport(db: Executor, query: ReportQuery, lang: Lang): Promise<Report> {
  const rows = await (() => {
    switch (query.kind) {
      case 'sales_by_day':
        return byDay(db, query);
      case 'sales_by_category':
        return byCategory(db, query, lang);
      case 'sales_by_brand':
        return byBrand(db, query, lang);
      case 'tariffs':
        return byTariff(db, query, lang);
      case 'average_basket':
        return averageBasket(db, query);
      case 'returns':
        return returnsByDay(db, query);
    }
  })();
  return { kind: query.kind, from: query.from, to: query.to, rows, totals: totalsOf(query, rows) };
}

/** What a report's rows are, as the back office heads its first column. */
const ROW_NAME: Record<ReportKind, Record<Lang, string>> = {
  sales_by_day: { uz: 'Kun', ru: 'День' },
  sales_by_category: { uz: 'Turkum', ru: 'Категория' },
  sales_by_brand: { uz: 'Brend', ru: 'Бренд' },
  tariffs: { uz: "To'lov", ru: 'Оплата' },
  average_basket: { uz: 'Kun', ru: 'День' },
  returns: { uz: 'Kun', ru: 'День' },
};

/** The figures' headings, as the back office's table has them. */
const COLUMN_NAME: Record<ReportColumn, Record<Lang, string>> = {
  orders: { uz: 'Buyurtmalar', ru: 'Заказы' },
  units: { uz: 'Dona', ru: 'Штук' },
  revenue: { uz: "Tushum, so'm", ru: 'Выручка, сум' },
  share: { uz: 'Buyurtmalar ulushi', ru: 'Доля заказов' },
  average: { uz: "O'rtacha chek, so'm", ru: 'Средний чек, сум' },
  requested: { uz: "So'ralgan", ru: 'Запрошено' },
  accepted: { uz: 'Qabul qilingan', ru: 'Принято' },
  rejected: { uz: 'Rad etilgan', ru: 'Отклонено' },
  refunded: { uz: "Qaytarilgan, so'm", ru: 'Возвращено, сум' },
};

const TOTAL = { uz: 'Jami', ru: 'Итого' } as const;

/**
 * A report as a spreadsheet file: a heading row, a row per day, category, brand or tariff (a
 * name as staff typed it, guarded like every export's text), then the totals; figures unformatted.
 */
export function reportCsv(report: Report, lang: Lang): string {
  const columns: readonly ReportColumn[] = REPORT_COLUMNS[report.kind];
  return formatCsv([
    [ROW_NAME[report.kind][lang], ...columns.map((column) => COLUMN_NAME[column][lang])],
    ...report.rows.map((row) => [row.label, ...columns.map((column) => row.values[column] ?? 0)]),
    [TOTAL[lang], ...columns.map((column) => report.totals[column] ?? 0)],
  ]);
}
