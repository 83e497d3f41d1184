import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, startOfTashkentDay, tashkentDay } from '../src/tashkent-day.ts';

/** Any day of this century and the next, YYYY-MM-DD. */
const anyDay = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((at) => at.toISOString().slice(0, 10));

describe('tashkentDay', () => {
  it('is the next day in Tashkent from 19:00 UTC, five hours ahead all year', () => {
    expect(tashkentDay(new Date('2026-03-10T18:59:59Z'))).toBe('2026-03-10');
    expect(tashkentDay(new Date('2026-03-10T19:00:00Z'))).toBe('2026-03-11');
    expect(tashkentDay(new Date('2026-07-10T19:00:00Z'))).toBe('2026-07-11');
  });

  it('starts a Tashkent day at its own midnight, 19:00 UTC of the day before', () => {
    expect(tashkentDay(new Date('2025-12-31T19:00:00Z'))).toBe('2026-01-01');
    expect(tashkentDay(new Date('2026-01-01T18:59:59Z'))).toBe('2026-01-01');
  });
});

describe('addDays', () => {
  it('crosses the ends of months and years, and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-29', 3)).toBe('2027-01-01');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-01', 0)).toBe('2026-03-01');
  });

  it('goes back to the day it started from', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -1000, max: 1000 }), (start, days) => {
        expect(addDays(addDays(start, days), -days)).toBe(start);
      }),
    );
  });
});

describe('startOfTashkentDay', () => {
  it('is midnight in Tashkent, 19:00 UTC the day before', () => {
    expect(startOfTashkentDay('2026-03-10')).toEqual(new Date('2026-03-09T19:00:00Z'));
    expect(startOfTashkentDay('2027-01-01')).toEqual(new Date('2026-12-31T19:00:00Z'));
  });

  it('is the first instant that tashkentDay reads as that day', () => {
    fc.assert(
      fc.property(anyDay, (d) => {
        const start = startOfTashkentDay(d);
        expect(tashkentDay(start)).toBe(d);
        expect(tashkentDay(new Date(start.getTime() - 1))).toBe(addDays(d, -1));
      }),
    );
  });
});
