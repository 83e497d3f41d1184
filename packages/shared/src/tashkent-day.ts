const DAY_MS = 24 * 60 * 60 * 1000;
/** Uzbekistan keeps UTC+5 all year, with no daylight saving. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * The wall clock in Tashkent at `at`, as a Date whose UTC fields (`getUTCFullYear`,
 * `getUTCMonth`, `getUTCDate`, `getUTCHours`) read Tashkent's year, month, day and hour.
 */
export function tashkentClock(at: Date): Date {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS);
}

/** The day in Tashkent at `at`: YYYY-MM-DD. */
export function tashkentDay(at: Date): string {
  return tashkentClock(at).toISOString().slice(0, 10);
}

/** The first instant of `day` (YYYY-MM-DD) in Tashkent: midnight there, 19:00 UTC the day before. */
export function startOfTashkentDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - TASHKENT_OFFSET_MS);
}

/** The day `days` after `day` (before it when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const TASHKENT_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Asia/Tashkent',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The date and time in Tashkent at `at`, as people there write it: "25.11.2026, 14:05". */
export function formatTashkentTime(at: Date): string {
  return TASHKENT_TIME.format(at);
}

/** A day as it is written in Uzbekistan: 2026-03-09 → "09.03.2026". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
