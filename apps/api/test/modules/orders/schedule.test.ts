import { describe, expect, it } from 'vitest';
import { dueDates } from '../../../src/modules/orders/schedule.ts';

describe('dueDates', () => {
  it('falls monthly on the day the order was placed', () => {
    expect(dueDates(new Date('2026-03-10T09:00:00+05:00'), 3)).toEqual([
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
    ]);
  });

  it("takes a shorter month's last day, and the same day again after it", () => {
    expect(dueDates(new Date('2026-01-31T12:00:00+05:00'), 4)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(dueDates(new Date('2027-12-30T12:00:00+05:00'), 3)).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
    ]);
  });

  it('counts from the day in Tashkent, not in UTC', () => {
    // 20:30 UTC on 31 August is 01:30 on 1 September in Tashkent
    expect(dueDates(new Date('2026-08-31T20:30:00Z'), 2)).toEqual(['2026-10-01', '2026-11-01']);
  });

  it('crosses the year', () => {
    expect(dueDates(new Date('2026-11-15T10:00:00+05:00'), 3)).toEqual([
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
    ]);
  });
});
