import { z } from 'zod';
import { PHONE_LOCAL_DIGITS, PHONE_PREFIX } from '../phone.ts';
import { PRODUCT_FIELD_MESSAGE_KEYS } from './admin-catalogue.ts';
import { CONTENT_FIELD_MESSAGE_KEYS } from './admin-content.ts';
import { DICTIONARY_FIELD_MESSAGE_KEYS } from './admin-dictionaries.ts';
import { IMPORT_FIELD_MESSAGE_KEYS } from './admin-imports.ts';
import { ProductSummary } from './catalogue.ts';
import { messageOf, pagedOf, typedText } from './common.ts';
import { DELIVERY_FIELD_MESSAGE_KEYS } from './delivery.ts';
import { FISCAL_FIELD_MESSAGE_KEYS } from './fiscal-codes.ts';
import { REVIEW_FIELD_MESSAGE_KEYS } from './reviews.ts';

/**
 * Messages of the shop's own rules are keys; the API answers them in the caller's language
 * and the storefront translates them with the same keys.
 */
export const FIELD_MESSAGE_KEYS = [
  'field_required',
  'field_too_long',
  'phone_invalid',
  'stir_invalid',
  'search_query_required',
  'otp_format',
  'product_invalid',
  'count_invalid',
  'address_too_short',
  'region_invalid',
  'district_invalid',
  'id_invalid',
  'money_invalid',
  'text_invalid',
  'card_number_invalid',
  'card_type_unknown',
  'card_expired',
  'expire_date_invalid',
  'card_invalid',
  'passport_invalid',
  'pinfl_invalid',
  'pinfl_birth_mismatch',
  'birth_date_invalid',
  'age_out_of_range',
  'relative_type_invalid',
  'pinfl_taken',
  'guarantor_own_phone',
  'guarantor_phone_taken',
  'address_invalid',
  'payment_type_invalid',
  'tariff_invalid',
  'tariff_required',
  'branch_invalid',
  'delivery_required',
  'prepayment_too_large',
  'amount_above_debt',
  'amount_below_installment',
  'early_mode_invalid',
  'basket_line_invalid',
  'email_invalid',
  'totp_code_invalid',
  'password_too_short',
  'nothing_to_change',
  'order_search_invalid',
  'report_range_order',
  'report_range_long',
  'customer_search_invalid',
  'name_invalid',
  'income_invalid',
  ...CONTENT_FIELD_MESSAGE_KEYS,
  ...DICTIONARY_FIELD_MESSAGE_KEYS,
  ...IMPORT_FIELD_MESSAGE_KEYS,
  ...PRODUCT_FIELD_MESSAGE_KEYS,
  ...DELIVERY_FIELD_MESSAGE_KEYS,
  ...FISCAL_FIELD_MESSAGE_KEYS,
  ...REVIEW_FIELD_MESSAGE_KEYS,
] as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

const requiredText = (max: number) =>
  typedText().min(1, 'field_required').max(max, 'field_too_long');

export const PartnerApplicationBody = z.object({
  full_name: requiredText(100),
  phone: z
    .string('field_required')
    .trim()
    .min(1, 'field_required')
    .regex(new RegExp(`^${PHONE_PREFIX}\\d{${PHONE_LOCAL_DIGITS}}$`), 'phone_invalid'),
  store_name: requiredText(100),
  /** Taxpayer number (9 digits) or personal number (14 digits). */
  stir: z
    .string('field_required')
    .trim()
    .min(1, 'field_required')
    .max(14, 'stir_invalid')
    .regex(/^\d{9,14}$/, 'stir_invalid'),
});
export type PartnerApplicationBody = z.infer<typeof PartnerApplicationBody>;

/** `POST /partners`: the id the application was filed under. */
export const ReceivedPartnerApplication = messageOf(z.object({ id: z.number().int() }));

export const ContentPage = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
});
export type ContentPage = z.infer<typeof ContentPage>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  /** The picture for phones; `image` when null. */
  image_mobile: z.string().nullable(),
  link: z.string(),
  color: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const Collection = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  products_count: z.number().int(),
});
export type Collection = z.infer<typeof Collection>;

/** A collection as its own page names it. */
export const CollectionRef = Collection.omit({ products_count: true });
export type CollectionRef = z.infer<typeof CollectionRef>;

/** `GET /products/collection/:id`: the collection and one page of its products. */
export const CollectionProducts = z.object({
  data: CollectionRef,
  products: pagedOf(ProductSummary),
});
export type CollectionProducts = z.infer<typeof CollectionProducts>;

export const Question = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
});
export type Question = z.infer<typeof Question>;

export const Branch = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  working_hours: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  /** A link to the branch on a map. */
  map_url: z.string().nullable(),
});
export type Branch = z.infer<typeof Branch>;
