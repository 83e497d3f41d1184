/** The back office's dashboard: sales by Tashkent day, the credit book, what waits for people. */
import { addDays, type Dashboard, startOfTashkentDay, tashkentDay } from '@bozor/shared';
import { and, count, eq, gte, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments, scoringProfiles } from '../../db/schema/index.ts';
import { readPortfolio } from '../credits/index.ts';
import { countFailedFiscalReceipts } from '../fiscal/index.ts';
import { UNSOLD } from '../orders/index.ts';
import { countOpenMismatches } from '../payments/index.ts';

const SERIES_DAYS = 30;

/**
 * What was late at the end of each Tashkent day from `first` to `today`, penalties included, on
 * every signed credit not yet closed that day: what fell due before the day plus the penalties
 * charged by its end, less what was paid by then (refunds given back), never below 0 a credit.
 * Payments go to the oldest installment first, so this is the overdue sum the portfolio shows,
 * as it stood each day; today's point equals it.
 */
async function overdueByDay(db: Executor, first: string, today: string) {
  const result = await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${first}::date, ${today}::date, interval '1 day') d
    ), due as (
      select days.day, i.credit_id, sum(i.amount) as due
      from days
      join credit_installments i on i.due_date < days.day
      join credits c on c.id = i.credit_id
      where c.status in ('active', 'overdue', 'closed')
        and (c.closed_at is null
          or c.closed_at >= (days.day + 1)::timestamp at time zone 'Asia/Tashkent')
      group by days.day, i.credit_id
    ), moved as (
      select days.day, l.credit_id,
        sum(case l.kind when 'penalty' then l.amount when 'refund' then l.amount
          when 'debit' then -l.amount else 0 end) as moved
      from days
      join ledger_entries l on l.credit_id is not null
        and l.created_at < (days.day + 1)::timestamp at time zone 'Asia/Tashkent'
      group by days.day, l.credit_id
    )
    select to_char(due.day, 'YYYY-MM-DD') as day,
      cast(sum(greatest(due.due + coalesce(moved.moved, 0), 0)) as bigint) as overdue
    from due
    left join moved on moved.day = due.day and moved.credit_id = due.credit_id
    group by due.day`);
  const { rows } = result as unknown as { rows: { day: string; overdue: string | number }[] };
  return new Map(rows.map((r) => [r.day, Number(r.overdue)]));
}

/**
 * PAR30 at the end of each Tashkent day: of what was owed that day on signed credits not yet
 * closed (the schedule plus the penalties charged, less what was paid), the share owed on credits
 * whose oldest unpaid installment was more than 30 days late. Payments go to the oldest
 * installment first, so the oldest unpaid one is the first whose running sum exceeds what was
 * paid by then. Today's point is the portfolio's PAR30.
 */
async function par30ByDay(db: Executor, first: string, today: string) {
  const result = await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${first}::date, ${today}::date, interval '1 day') d
    ), open as (
      select days.day, c.id as credit_id
      from days
      join credits c on c.status in ('active', 'overdue', 'closed')
        and c.created_at < (days.day + 1)::timestamp at time zone 'Asia/Tashkent'
        and (c.closed_at is null
          or c.closed_at >= (days.day + 1)::timestamp at time zone 'Asia/Tashkent')
    ), moved as (
      select open.day, open.credit_id,
        coalesce(sum(l.amount) filter (where l.kind = 'debit'), 0)
          - coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0) as paid,
        coalesce(sum(l.amount) filter (where l.kind = 'penalty'), 0) as penalties
      from open
      left join ledger_entries l on l.credit_id = open.credit_id
        and l.created_at < (open.day + 1)::timestamp at time zone 'Asia/Tashkent'
      group by open.day, open.credit_id
    ), running as (
      select credit_id, due_date,
        sum(amount) over (partition by credit_id order by number) as running,
        sum(amount) over (partition by credit_id) as scheduled
      from credit_installments
    ), owed as (
      select moved.day,
        greatest(max(r.scheduled) + moved.penalties - moved.paid, 0) as outstanding,
        min(r.due_date) filter (where r.running > moved.paid) as oldest_unpaid
      from moved
      join running r on r.credit_id = moved.credit_id
      group by moved.day, moved.credit_id, moved.penalties, moved.paid
    )
    select to_char(day, 'YYYY-MM-DD') as day,
      cast(sum(outstanding) as bigint) as outstanding,
      cast(coalesce(sum(outstanding) filter (where oldest_unpaid < day - 30), 0) as bigint) as late
    from owed
    group by day`);
  const { rows } = result as unknown as {
    rows: { day: string; outstanding: string | number; late: string | number }[];
  };
  return new Map(
    rows.map((r) => {
      const outstanding = Number(r.outstanding);
      return [
        r.day,
        outstanding > 0 ? Math.round((Number(r.late) / outstanding) * 10_000) / 10_000 : 0,
      ];
    }),
  );
}

/**
 * Scorings waiting for a credit officer at the end of each Tashkent day: those waiting now that
 * were sent by then, and those decided later that were sent by then (a decision's audit entry
 * keeps when its scoring was sent).
 */
async function scoringQueueByDay(db: Executor, first: string, today: string) {
  const result = await db.execute(sql`
    with days as (
      select d::date as day, (d::date + 1)::timestamp at time zone 'Asia/Tashkent' as ends
      from generate_series(${first}::date, ${today}::date, interval '1 day') d
    ), sent as (
      select review_since as sent_at, null::timestamptz as decided_at
      from scoring_profiles where review_since is not null
      union all
      select (before ->> 'review_since')::timestamptz, at
      from audit_log
      where action in ('scoring.approve', 'scoring.reject') and before ->> 'review_since' is not null
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, count(sent.sent_at) as waiting
    from days
    left join sent on sent.sent_at < days.ends
      and (sent.decided_at is null or sent.decided_at >= days.ends)
    group by days.day`);
  const { rows } = result as unknown as { rows: { day: string; waiting: string | number }[] };
  return new Map(rows.map((r) => [r.day, Number(r.waiting)]));
}

export async function readDashboard(db: Executor, now = new Date()): Promise<Dashboard> {
  const today = tashkentDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const first = addDays(today, -(SERIES_DAYS - 1));
  const since = first < monthStart ? first : monthStart;
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Tashkent', 'YYYY-MM-DD')`;
  const [days, [attention], [waiting], portfolio, overdue, par30, queue, mismatches, fiscal] =
    await Promise.all([
      db
        .select({
          day,
          orders: count(),
          revenue: sql<string>`coalesce(sum(${orders.total}), 0)`,
          installments: sql<number>`count(*) filter (where ${orders.paymentType} = 'installment')`,
        })
        .from(orders)
        .where(
          and(
            gte(orders.createdAt, startOfTashkentDay(since)),
            notInArray(orders.status, [...UNSOLD]),
          ),
        )
        .groupBy(day),
      db.select({ n: count() }).from(payments).where(eq(payments.state, 'needs_attention')),
      db.select({ n: count() }).from(scoringProfiles).where(isNotNull(scoringProfiles.reviewSince)),
      readPortfolio(db, now),
      overdueByDay(db, first, today),
      par30ByDay(db, first, today),
      scoringQueueByDay(db, first, today),
      countOpenMismatches(db),
      countFailedFiscalReceipts(db),
    ]);
  const byDay = new Map(
    days.map((d) => [
      d.day,
      { orders: d.orders, revenue: Number(d.revenue), installments: Number(d.installments) },
    ]),
  );
  const sum = (from: string) =>
    [...byDay.entries()]
      .filter(([d]) => d >= from && d <= today)
      .reduce(
        (acc, [, v]) => ({
          orders: acc.orders + v.orders,
          revenue: acc.revenue + v.revenue,
          installments: acc.installments + v.installments,
        }),
        { orders: 0, revenue: 0, installments: 0 },
      );
  const month = sum(monthStart);
  const todays = sum(today);
  return {
    today: { orders: todays.orders, revenue: todays.revenue },
    month: { orders: month.orders, revenue: month.revenue },
    installment_share:
      month.orders > 0 ? Math.round((month.installments / month.orders) * 10_000) / 10_000 : 0,
    overdue: portfolio.overdue,
    par30: portfolio.par30,
    payments_attention: attention?.n ?? 0,
    mismatches_open: mismatches,
    fiscal_failed: fiscal,
    scoring_queue: waiting?.n ?? 0,
    series: Array.from({ length: SERIES_DAYS }, (_, i) => {
      const d = addDays(first, i);
      const v = byDay.get(d);
      return {
        day: d,
        orders: v?.orders ?? 0,
        revenue: v?.revenue ?? 0,
        installments: v?.installments ?? 0,
        overdue: overdue.get(d) ?? 0,
        par30: par30.get(d) ?? 0,
        scoring_queue: queue.get(d) ?? 0,
      };
    }),
  };
}
