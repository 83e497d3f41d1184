import { z } from 'zod';
import { isShopLink } from '../links.ts';
import { idOf, MAX_MONEY } from './common.ts';

/**
 * What a notice is about, as the settings group it (docs/notifications.md): `account` notices
 * (a sign-in, scoring, a contract) are the shop's own business and have no settings.
 */
export const NOTICE_TOPICS = [
  'account',
  'orders',
  'payments',
  'reviews',
  'alerts',
  'promotions',
] as const;
export const NoticeTopic = z.enum(NOTICE_TOPICS);
export type NoticeTopic = z.infer<typeof NoticeTopic>;

/** The topics a customer tunes, in the order the settings show them. */
export const SETTING_TOPICS = ['orders', 'payments', 'reviews', 'alerts', 'promotions'] as const;
export const SettingTopic = z.enum(SETTING_TOPICS);
export type SettingTopic = z.infer<typeof SettingTopic>;

/** The ways a notice reaches a customer: the centre in the shop, SMS, Telegram. */
export const NOTICE_CHANNELS = ['in_shop', 'sms', 'telegram'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

const id = z.number().int().min(1);

/** What a notice links to in the storefront. */
export const NoticeLink = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order'), id }),
  z.object({ type: z.literal('credit'), id }),
  /** A payment, shown on its order's page. */
  z.object({ type: z.literal('payment'), order_id: id }),
  /** A request to review what an order brought. */
  z.object({ type: z.literal('review'), order_id: id }),
  /** An alert that came true, or a promotion of a product. */
  z.object({ type: z.literal('product'), slug: z.string().min(1).max(300) }),
  /** A page of the shop a promotion leads to (`/category/smartfonlar`). */
  z.object({ type: z.literal('page'), path: z.string().max(300).refine(isShopLink) }),
]);
export type NoticeLink = z.infer<typeof NoticeLink>;

/**
 * The storefront's page of what a notice is about: the notice centre's entry and Telegram's
 * button open the same page.
 */
export function pathOfNotice(link: NoticeLink): string {
  switch (link.type) {
    case 'order':
      return `/order-detail/${link.id}`;
    case 'credit':
      return `/installment/${link.id}`;
    case 'payment':
      return `/order-detail/${link.order_id}`;
    case 'review':
      // the items still to rate are listed there
      return '/profile/reviews';
    case 'product':
      return `/product/${encodeURIComponent(link.slug)}`;
    case 'page':
      // checked to be a page of the shop by the schema
      return link.path;
  }
}

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const TopicSetting = z.object({
  topic: SettingTopic,
  sms: z.boolean(),
  telegram: z.boolean(),
  in_shop: z.boolean(),
});
export type TopicSetting = z.infer<typeof TopicSetting>;

export const NotificationSettings = z.object({
  topics: z.array(TopicSetting),
  /** Whether the customer's Telegram is linked (notices of a topic with Telegram on go there). */
  telegram_linked: z.boolean(),
  /** A credit is open: payments and reminders must keep SMS or a linked Telegram. */
  credit_open: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsBody = z.object({
  topics: z
    .array(TopicSetting)
    .min(1)
    .max(SETTING_TOPICS.length)
    .refine((list) => new Set(list.map((t) => t.topic)).size === list.length, 'text_invalid'),
});
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;

/** The defaults of a customer who never changed a topic: promotions need their consent. */
export const DEFAULT_TOPIC_SETTINGS: Record<SettingTopic, Omit<TopicSetting, 'topic'>> = {
  orders: { sms: true, telegram: true, in_shop: true },
  payments: { sms: true, telegram: true, in_shop: true },
  reviews: { sms: false, telegram: true, in_shop: true },
  alerts: { sms: true, telegram: true, in_shop: true },
  promotions: { sms: false, telegram: false, in_shop: false },
};

export const ALERT_KINDS = ['back_in_stock', 'price_drop'] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

/** Subscribes to an alert on a product: back in stock, or cheaper (optionally below a sum). */
export const AlertBody = z.object({
  kind: AlertKind,
  below_price: z
    .number('money_invalid')
    .int('money_invalid')
    .min(1, 'money_invalid')
    .max(MAX_MONEY, 'money_invalid')
    .nullish(),
});
export type AlertBody = z.infer<typeof AlertBody>;

export const ProductAlert = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  kind: AlertKind,
  below_price: z.number().int().nullable(),
  created_at: z.string(),
});
export type ProductAlert = z.infer<typeof ProductAlert>;

export const AlertParams = z.object({ productId: idOf('product_invalid'), kind: AlertKind });

/** Waiting subscribers of a product, for the back office. */
export const ProductAlertCounts = z.object({
  back_in_stock: z.number().int(),
  price_drop: z.number().int(),
});
export type ProductAlertCounts = z.infer<typeof ProductAlertCounts>;

/** Recently viewed products a browser kept, merged into the account at sign-in. */
export const RecentlyViewedBody = z.object({
  product_ids: z.array(idOf('product_invalid')).max(20, 'field_too_long'),
});
export type RecentlyViewedBody = z.infer<typeof RecentlyViewedBody>;

/** How many recently viewed products are kept. */
export const RECENTLY_VIEWED_MAX = 20;
