/**
 * The sending hours of promotions: 09:00 to 21:00 in Tashkent (UTC+5 all year). Outside them a
 * promotion waits: its job writes nothing, and the outbox holds its messages until the morning.
 * The shop's own notices (an order, a payment, a sign-in code) are not held.
 */
import { tashkentClock } from '@bozor/shared';

export const SENDING_HOURS = { from: 9, to: 21 } as const;
/** The kinds that wait for the sending hours: the promotions topic's. */
export const HELD_KINDS: readonly string[] = ['promotion'];

const HOUR_MS = 60 * 60 * 1000;

/** Whether a promotion may go out at `at`. */
export function inSendingHours(at: Date): boolean {
  const hour = tashkentClock(at).getUTCHours();
  return hour >= SENDING_HOURS.from && hour < SENDING_HOURS.to;
}

/** `at` itself in the sending hours; otherwise the next 09:00 in Tashkent. */
export function nextSendingStart(at: Date): Date {
  if (inSendingHours(at)) return at;
  const local = tashkentClock(at);
  const start = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + (local.getUTCHours() >= SENDING_HOURS.to ? 1 : 0),
    SENDING_HOURS.from,
  );
  // `start` is read on Tashkent's clock: back to the real instant
  return new Date(start - 5 * HOUR_MS);
}

export const hoursText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
