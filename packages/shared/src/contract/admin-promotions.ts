/**
 * Promotions the back office sends (docs/notifications.md "Promotions"): written in both
 * languages, sent once, only to customers who turned promotions on for a channel.
 */
import { z } from 'zod';
import { isShopLink } from '../links.ts';
import { pageQueryOf, typedText } from './common.ts';

/** A promotion's title: the whole of its SMS, beside the shop's name and the stop text. */
export const PROMOTION_TITLE_MAX = 60;
export const PROMOTION_TEXT_MAX = 500;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const title = typedText().min(1, 'field_required').max(PROMOTION_TITLE_MAX, 'field_too_long');
const text = z
  .string('field_required')
  .trim()
  .min(1, 'field_required')
  .max(PROMOTION_TEXT_MAX, 'field_too_long')
  .refine((v) => !CONTROL_BUT_LINES.test(v), 'text_invalid');

/** A page of the shop the promotion leads to (`/category/smartfonlar`), or none. */
const link = z
  .string('link_internal')
  .trim()
  .max(300, 'field_too_long')
  .refine((v) => v === '' || isShopLink(v), 'link_internal')
  .nullish()
  .transform((v) => (v ? v : null));

/** A promotion as staff write it: its title and text in both languages and its link. */
export const PromotionBody = z.object({
  title_uz: title,
  title_ru: title,
  text_uz: text,
  text_ru: text,
  link,
});
export type PromotionBody = z.input<typeof PromotionBody>;

export const PROMOTION_STATES = ['draft', 'sending', 'sent'] as const;
export const PromotionState = z.enum(PROMOTION_STATES);
export type PromotionState = z.infer<typeof PromotionState>;

/** Customers per channel: in the shop's notice centre, by SMS, in Telegram. */
export const PromotionChannels = z.object({
  in_shop: z.number().int(),
  sms: z.number().int(),
  telegram: z.number().int(),
});
export type PromotionChannels = z.infer<typeof PromotionChannels>;

export const AdminPromotion = z.object({
  id: z.number().int(),
  title_uz: z.string(),
  title_ru: z.string(),
  text_uz: z.string(),
  text_ru: z.string(),
  link: z.string().nullable(),
  state: PromotionState,
  /** Customers told so far; SMS and Telegram count the messages sent. */
  sent: PromotionChannels,
  /** Messages written and not yet sent (waiting for the sending hours, or being tried again). */
  waiting: PromotionChannels.pick({ sms: true, telegram: true }),
  /** While sending: held by the sending hours until this moment. */
  waiting_until: z.string().nullable(),
  created_at: z.string(),
  send_requested_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AdminPromotion = z.infer<typeof AdminPromotion>;

export const PromotionsQuery = pageQueryOf({ max: 50, fallback: 20 });

/** Who a draft would reach if sent now, and its SMS as it goes out. */
export const PromotionAudience = z.object({
  channels: PromotionChannels,
  /** The SMS in each language, with the shop's name and the stop text, and its parts. */
  sms: z.object({
    uz: z.object({ text: z.string(), parts: z.number().int() }),
    ru: z.object({ text: z.string(), parts: z.number().int() }),
  }),
  /** Promotions go out between these hours, Tashkent time. */
  sending_hours: z.object({ from: z.string(), to: z.string() }),
  /** Sent now, or (outside the hours) from this moment. */
  starts_at: z.string(),
  sends_now: z.boolean(),
});
export type PromotionAudience = z.infer<typeof PromotionAudience>;
