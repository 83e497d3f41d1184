import { tashkentClock } from '@bozor/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The due dates of a schedule of `months` payments, YYYY-MM-DD: one a month from the day the
 * order was placed (in Tashkent), on the same day of the month, or the month's last day when it
 * is shorter (an order of 31 January is due on 28 or 29 February, then 31 March).
 */
export function dueDates(placedAt: Date, months: number): string[] {
  // an order's day, and so its due dates, are Tashkent's
  const local = tashkentClock(placedAt);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  return Array.from({ length: months }, (_, i) => {
    const first = new Date(Date.UTC(year, month + i + 1, 1));
    const last = new Date(Date.UTC(year, month + i + 2, 0)).getUTCDate();
    return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(day, last))}`;
  });
}
