import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basketSizeClass,
  countingDay,
  type DeliveryRateTerms,
  quoteDelivery,
} from '../src/delivery.ts';
import { addDays, tashkentDay } from '../src/tashkent-day.ts';

const tashkent: DeliveryRateTerms = {
  courierFee: 25_000,
  freeFrom: 500_000,
  days: 1,
  cutoffHour: 16,
  bulkyFee: 150_000,
  bulkyExtraDays: 1,
};
/** 10:00 in Tashkent on 10 March 2026. */
const morning = new Date('2026-03-10T05:00:00Z');

const anyRate = fc.record({
  courierFee: fc.integer({ min: 0, max: 500_000 }),
  freeFrom: fc.option(fc.integer({ min: 1, max: 50_000_000 }), { nil: null }),
  days: fc.integer({ min: 0, max: 30 }),
  cutoffHour: fc.integer({ min: 0, max: 24 }),
  bulkyFee: fc.integer({ min: 0, max: 2_000_000 }),
  bulkyExtraDays: fc.integer({ min: 0, max: 30 }),
});
const anyMoment = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2040-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const anySum = fc.integer({ min: 0, max: 100_000_000 });

describe('quoteDelivery', () => {
  it('charges the courier below the free threshold and says what is left to it', () => {
    expect(quoteDelivery(tashkent, { sum: 300_000, type: 'courier', at: morning })).toEqual({
      fee: 25_000,
      promisedOn: '2026-03-11',
      leftForFree: 200_000,
    });
  });

  it('delivers free from the threshold on', () => {
    for (const sum of [500_000, 500_001, 9_000_000]) {
      expect(quoteDelivery(tashkent, { sum, type: 'courier', at: morning }).fee).toBe(0);
    }
    expect(quoteDelivery(tashkent, { sum: 499_999, type: 'courier', at: morning })).toMatchObject({
      fee: 25_000,
      leftForFree: 1,
    });
  });

  it('never delivers free where the rate has no threshold, and says nothing is left', () => {
    const far = { ...tashkent, freeFrom: null };
    expect(quoteDelivery(far, { sum: 90_000_000, type: 'courier', at: morning })).toMatchObject({
      fee: 25_000,
      leftForFree: 0,
    });
  });

  it('makes pick-up free whatever the basket', () => {
    expect(quoteDelivery(tashkent, { sum: 1_000, type: 'pickup', at: morning })).toEqual({
      fee: 0,
      promisedOn: '2026-03-11',
      leftForFree: 0,
    });
  });

  it('counts an order from the next day at and after the cut-off hour, Tashkent time', () => {
    // 15:59 and 16:00 in Tashkent
    const before = new Date('2026-03-10T10:59:59Z');
    const at = new Date('2026-03-10T11:00:00Z');
    expect(quoteDelivery(tashkent, { sum: 0, type: 'courier', at: before }).promisedOn).toBe(
      '2026-03-11',
    );
    expect(quoteDelivery(tashkent, { sum: 0, type: 'courier', at }).promisedOn).toBe('2026-03-12');
  });

  it('reads the hour in Tashkent, not UTC: 23:30 there is still before midnight', () => {
    // 18:30 UTC is 23:30 in Tashkent on the 10th; with no cut-off it counts from the 10th
    const late = new Date('2026-03-10T18:30:00Z');
    expect(countingDay(late, 24)).toBe('2026-03-10');
    // 19:00 UTC is already the 11th in Tashkent
    expect(countingDay(new Date('2026-03-10T19:00:00Z'), 24)).toBe('2026-03-11');
  });

  it('crosses months and years', () => {
    const newYearsEve = new Date('2026-12-31T12:00:00Z'); // 17:00 in Tashkent
    expect(
      quoteDelivery({ ...tashkent, days: 3 }, { sum: 0, type: 'courier', at: newYearsEve })
        .promisedOn,
    ).toBe('2027-01-04');
  });

  it('refuses a sum that is not whole', () => {
    expect(() => quoteDelivery(tashkent, { sum: 1.5, type: 'courier', at: morning })).toThrow(
      RangeError,
    );
    expect(() => quoteDelivery(tashkent, { sum: -1, type: 'courier', at: morning })).toThrow(
      RangeError,
    );
  });

  it('promises the day it counts from plus the rate’s days: today or tomorrow, never earlier', () => {
    fc.assert(
      fc.property(anyRate, anySum, anyMoment, (rate, sum, at) => {
        const { promisedOn } = quoteDelivery(rate, { sum, type: 'courier', at });
        const today = tashkentDay(at);
        expect([addDays(today, rate.days), addDays(today, rate.days + 1)]).toContain(promisedOn);
        expect(promisedOn >= today).toBe(true);
      }),
    );
  });

  it('charges either nothing or the courier fee, and a bigger basket never pays more', () => {
    fc.assert(
      fc.property(anyRate, anySum, anySum, anyMoment, (rate, a, b, at) => {
        const [small, big] = a <= b ? [a, b] : [b, a];
        const feeOf = (sum: number) => quoteDelivery(rate, { sum, type: 'courier', at }).fee;
        expect([0, rate.courierFee]).toContain(feeOf(small));
        expect(feeOf(big)).toBeLessThanOrEqual(feeOf(small));
      }),
    );
  });

  it('says exactly what makes the basket free: adding what is left makes the fee 0', () => {
    fc.assert(
      fc.property(anyRate, anySum, anyMoment, (rate, sum, at) => {
        const quote = quoteDelivery(rate, { sum, type: 'courier', at });
        if (quote.leftForFree > 0) {
          expect(quote.fee).toBe(rate.courierFee);
          const then = quoteDelivery(rate, { sum: sum + quote.leftForFree, type: 'courier', at });
          expect(then.fee).toBe(0);
          const short = quoteDelivery(rate, {
            sum: sum + quote.leftForFree - 1,
            type: 'courier',
            at,
          });
          expect(short.fee).toBe(rate.courierFee);
        }
      }),
    );
  });

  it('gives pick-up the same day as the courier on the same rate, free', () => {
    fc.assert(
      fc.property(anyRate, anySum, anyMoment, (rate, sum, at) => {
        const courier = quoteDelivery(rate, { sum, type: 'courier', at });
        const pickup = quoteDelivery(rate, { sum, type: 'pickup', at });
        expect(pickup).toEqual({ fee: 0, promisedOn: courier.promisedOn, leftForFree: 0 });
      }),
    );
  });

  describe('a basket holding bulky goods', () => {
    const bulky = { type: 'courier', at: morning, sizeClass: 'bulky' } as const;

    it('pays the bulky fee, even above the free threshold, and comes the extra days later', () => {
      for (const sum of [1_000, 500_000, 90_000_000]) {
        expect(quoteDelivery(tashkent, { ...bulky, sum })).toEqual({
          fee: 150_000,
          promisedOn: '2026-03-12',
          leftForFree: 0,
        });
      }
      // a rate whose courier is free does not make bulky goods free
      expect(quoteDelivery({ ...tashkent, courierFee: 0 }, { ...bulky, sum: 0 }).fee).toBe(150_000);
    });

    it('picks up free at a branch, the extra days later', () => {
      expect(quoteDelivery(tashkent, { ...bulky, type: 'pickup', sum: 1_000 })).toEqual({
        fee: 0,
        promisedOn: '2026-03-12',
        leftForFree: 0,
      });
    });

    it('is quoted as standard when the class is not said', () => {
      expect(quoteDelivery(tashkent, { sum: 300_000, type: 'courier', at: morning }).fee).toBe(
        25_000,
      );
    });

    it('is never free by its sum and never promised before a standard basket', () => {
      fc.assert(
        fc.property(anyRate, anySum, anyMoment, (rate, sum, at) => {
          const standard = quoteDelivery(rate, { sum, type: 'courier', at });
          const big = quoteDelivery(rate, { sum, type: 'courier', at, sizeClass: 'bulky' });
          expect(big.fee).toBe(rate.bulkyFee);
          expect(big.leftForFree).toBe(0);
          expect(big.promisedOn).toBe(addDays(standard.promisedOn, rate.bulkyExtraDays));
        }),
      );
    });
  });
});

describe('basketSizeClass', () => {
  it('is bulky when any of the goods is, standard otherwise (an empty basket too)', () => {
    expect(basketSizeClass(['standard', 'bulky', 'standard'])).toBe('bulky');
    expect(basketSizeClass(['standard', 'standard'])).toBe('standard');
    expect(basketSizeClass([])).toBe('standard');
  });
});
