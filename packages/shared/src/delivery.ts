/**
 * What delivery costs and when it arrives (DESIGN §6c). A rate belongs to a region, to a district
 * where the district differs from its region, or to pick-up at a branch. Times are Tashkent's:
 * an order placed at or after the rate's cut-off hour counts from the next day. A basket holding
 * bulky goods (KGT: fridges, washing machines, big TVs, furniture) goes by the rate's bulky terms.
 */
import { addDays, tashkentClock, tashkentDay } from './tashkent-day.ts';

/** Brought by a courier to an address, or collected at a branch. */
export const DELIVERY_TYPES = ['courier', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * A product's delivery size class: `bulky` is large goods (KGT, крупногабаритный товар) that a
 * freight courier brings; everything else is `standard`.
 */
export const SIZE_CLASSES = ['standard', 'bulky'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

/** A basket's class: bulky when any of its goods is. */
export function basketSizeClass(classes: Iterable<SizeClass>): SizeClass {
  for (const sizeClass of classes) if (sizeClass === 'bulky') return 'bulky';
  return 'standard';
}

/** A rate as the rule reads it; sums are whole sum. */
export interface DeliveryRateTerms {
  /** The courier's price below the free threshold. */
  courierFee: number;
  /** A basket of at least this sum is delivered free; null: never free. */
  freeFrom: number | null;
  /** Days from the day the order counts from to the promised day (0: the same day). */
  days: number;
  /** Tashkent hour (0–24) from which an order counts from the next day; 24: never. */
  cutoffHour: number;
  /** The courier's price of a basket holding bulky goods, whatever its sum (never free). */
  bulkyFee: number;
  /** Days a basket holding bulky goods takes beyond `days`, by courier and to a branch. */
  bulkyExtraDays: number;
}

/** Limits of a rate's fields, shared by the API's checks and the back office's form. */
export const DELIVERY_LIMITS = { maxDays: 30, maxCutoffHour: 24, maxBulkyExtraDays: 30 } as const;

export interface DeliveryQuoteOf {
  /** What the order pays for delivery, whole sum. */
  fee: number;
  /** The promised day in Tashkent, YYYY-MM-DD. */
  promisedOn: string;
  /** What the basket lacks to be delivered free; 0 when it is free or can never be. */
  leftForFree: number;
}

/** The Tashkent day an order placed at `at` counts from, by the cut-off hour. */
export function countingDay(at: Date, cutoffHour: number): string {
  const today = tashkentDay(at);
  return tashkentClock(at).getUTCHours() < cutoffHour ? today : addDays(today, 1);
}

/**
 * The fee and the promised day of delivering a basket of `sum` and class `sizeClass` (standard
 * when not said) by `rate` for an order placed at `at`. Pick-up is free whatever the basket; a
 * courier is free from the rate's threshold. A bulky basket pays the bulky fee instead, which no
 * sum makes free, and is promised the bulky extra days later, at a branch too.
 */
export function quoteDelivery(
  rate: DeliveryRateTerms,
  input: { sum: number; type: DeliveryType; at: Date; sizeClass?: SizeClass },
): DeliveryQuoteOf {
  if (!Number.isSafeInteger(input.sum) || input.sum < 0) {
    throw new RangeError(`sum must be a whole sum: ${input.sum}`);
  }
  const bulky = input.sizeClass === 'bulky';
  const days = rate.days + (bulky ? rate.bulkyExtraDays : 0);
  const promisedOn = addDays(countingDay(input.at, rate.cutoffHour), days);
  if (input.type === 'pickup') return { fee: 0, promisedOn, leftForFree: 0 };
  if (bulky) return { fee: rate.bulkyFee, promisedOn, leftForFree: 0 };
  if (rate.courierFee === 0) return { fee: 0, promisedOn, leftForFree: 0 };
  if (rate.freeFrom !== null && input.sum >= rate.freeFrom) {
    return { fee: 0, promisedOn, leftForFree: 0 };
  }
  return {
    fee: rate.courierFee,
    promisedOn,
    leftForFree: rate.freeFrom === null ? 0 : rate.freeFrom - input.sum,
  };
}
