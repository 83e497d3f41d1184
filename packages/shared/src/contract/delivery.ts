/**
 * Delivery's price and date (DESIGN §6c): the storefront's quote, and the rates staff manage in
 * the back office.
 */
import { z } from 'zod';
import { DELIVERY_LIMITS, DELIVERY_TYPES, SIZE_CLASSES } from '../delivery.ts';
import { idOf, Money } from './common.ts';

/** The rules of this file's fields, answered in the caller's language (FIELD_MESSAGE_KEYS). */
export const DELIVERY_FIELD_MESSAGE_KEYS = [
  'delivery_days_invalid',
  'cutoff_hour_invalid',
  'bulky_extra_days_invalid',
  'size_class_invalid',
] as const;

export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);
/** A product's delivery size class, or a basket's (bulky when any of its goods is). */
export const SizeClassSchema = z.enum(SIZE_CLASSES, 'size_class_invalid');

/**
 * `GET /delivery/quote`: a courier to a region (and district, where it has a rate of its own),
 * or pick-up at a branch, for a basket of `sum` and class `size_class` (a product page's own).
 */
export const DeliveryQuoteQuery = z
  .object({
    type: DeliveryTypeSchema.default('courier'),
    region_id: idOf('region_invalid').optional(),
    district_id: idOf('district_invalid').optional(),
    sum: Money.default(0),
    size_class: SizeClassSchema.default('standard'),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'courier' && q.region_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['region_id'], message: 'region_invalid' });
    }
  });
export type DeliveryQuoteInput = z.input<typeof DeliveryQuoteQuery>;

export const DeliveryQuote = z.object({
  type: DeliveryTypeSchema,
  /** The class quoted for: a bulky basket pays the bulky fee, never free, some days later. */
  size_class: SizeClassSchema,
  /** The region delivered to, in the caller's language; null for pick-up. */
  region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  fee: z.number().int(),
  /** The promised day in Tashkent, YYYY-MM-DD. */
  promised_on: z.string(),
  /**
   * A basket of at least this sum goes free; null: never free (for a bulky basket too), and for
   * pick-up, always.
   */
  free_from: z.number().int().nullable(),
  /** What the basket lacks to go free; 0 when it is free or never can be. */
  left_for_free: z.number().int(),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuote>;

// ---- back office ----------------------------------------------------------------------------

/** Pick-up at a branch (one rate), a region's courier, or a district's where it differs. */
export const DELIVERY_RATE_KINDS = ['pickup', 'region', 'district'] as const;
export const DeliveryRateKind = z.enum(DELIVERY_RATE_KINDS);
export type DeliveryRateKind = z.infer<typeof DeliveryRateKind>;

const place = z.object({ id: z.number().int(), name: z.string() });

export const AdminDeliveryRate = z.object({
  id: z.number().int(),
  kind: DeliveryRateKind,
  region: place.nullable(),
  district: place.nullable(),
  courier_fee: z.number().int(),
  free_from: z.number().int().nullable(),
  days: z.number().int(),
  cutoff_hour: z.number().int(),
  /** The courier's price of a basket holding bulky goods; 0 for pick-up. */
  bulky_fee: z.number().int(),
  /** Days a bulky basket takes beyond `days`. */
  bulky_extra_days: z.number().int(),
  updated_at: z.string(),
});
export type AdminDeliveryRate = z.infer<typeof AdminDeliveryRate>;

const rateFields = {
  courier_fee: Money,
  /** null: never free. */
  free_from: Money.refine((v) => v > 0, 'money_invalid').nullable(),
  days: z.coerce
    .number('delivery_days_invalid')
    .int('delivery_days_invalid')
    .min(0, 'delivery_days_invalid')
    .max(DELIVERY_LIMITS.maxDays, 'delivery_days_invalid'),
  cutoff_hour: z.coerce
    .number('cutoff_hour_invalid')
    .int('cutoff_hour_invalid')
    .min(0, 'cutoff_hour_invalid')
    .max(DELIVERY_LIMITS.maxCutoffHour, 'cutoff_hour_invalid'),
  /** A bulky basket's courier price: no threshold makes it free. */
  bulky_fee: Money,
  bulky_extra_days: z.coerce
    .number('bulky_extra_days_invalid')
    .int('bulky_extra_days_invalid')
    .min(0, 'bulky_extra_days_invalid')
    .max(DELIVERY_LIMITS.maxBulkyExtraDays, 'bulky_extra_days_invalid'),
};

/**
 * `PATCH /admin/delivery-rates/:id`: a rate's terms, all of them (pick-up keeps its fees at 0 and
 * has no threshold).
 */
export const DeliveryRateBody = z.object(rateFields);
export type DeliveryRateBody = z.infer<typeof DeliveryRateBody>;

/** `POST /admin/delivery-rates`: a district's own rate, in place of its region's. */
export const DistrictRateBody = z.object({
  region_id: idOf('region_invalid'),
  district_id: idOf('district_invalid'),
  ...rateFields,
});
export type DistrictRateBody = z.infer<typeof DistrictRateBody>;
