const DAY_MS = 24 * 60 * 60 * 1000;
/** Uzbekistan keeps UTC+5 all year, with no daylight saving. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** The day in Tashkent at `at`: YYYY-MM-DD. */
export function tashkentDay(at: Date): string {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before it when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
