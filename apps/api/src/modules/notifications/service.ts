import {
  DEFAULT_TOPIC_SETTINGS,
  type Lang,
  type NoticeLink,
  type NoticeTopic,
  type SettingTopic,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { noticeChannel } from './channels.ts';
import { type OutboxDeps, sendQueued } from './outbox.ts';
import * as repo from './repository.ts';

/** Every kind of notice the shop sends, and the topic whose settings it follows. */
export const TOPIC_OF_KIND = {
  // orders and deliveries
  order_status: 'orders',
  order_expired: 'orders',
  order_cancelled: 'orders',
  order_returned: 'orders',
  return_rejected: 'orders',
  // payments and reminders
  payment_paid: 'payments',
  payment_failed: 'payments',
  autopay_failed: 'payments',
  payment_returned: 'payments',
  credit_closed: 'payments',
  installment_overdue: 'payments',
  installment_due_soon: 'payments',
  installment_due_today: 'payments',
  fiscal_receipt: 'payments',
  // reviews
  review_request: 'reviews',
  review_rejected: 'reviews',
  // alerts
  back_in_stock: 'alerts',
  price_drop: 'alerts',
  // promotions
  promotion: 'promotions',
  // the shop's own business: no settings, SMS when the sender asks for it
  sign_in: 'account',
  scoring: 'account',
  contract_signed: 'account',
  limit_changed: 'account',
} as const satisfies Record<string, NoticeTopic>;

export type NoticeKind = keyof typeof TOPIC_OF_KIND;

/** Something the shop tells a customer, in both languages, and what it is about. */
export interface Notice {
  kind: NoticeKind;
  text: Record<Lang, string>;
  /** The order, credit, payment, review request, product or page the notice links to. */
  link?: NoticeLink | null;
  /** A shorter text for its SMS (a promotion's title), when `text` is too long for one. */
  sms?: Record<Lang, string>;
}

/** Every promotional SMS says how to stop them (SPEC, docs/notifications.md). */
export const PROMOTION_STOP: Record<Lang, string> = {
  uz: "To'xtatish: Kabinet → Bildirishnomalar",
  ru: 'Отписаться: Кабинет → Уведомления',
};

export function smsText(notice: Notice, lang: Lang): string {
  const stop = TOPIC_OF_KIND[notice.kind] === 'promotions' ? ` ${PROMOTION_STOP[lang]}` : '';
  return `Bozor: ${(notice.sms ?? notice.text)[lang]}${stop}`;
}

/** Every outbox text a notice may have been queued with, in each channel and language. */
export const queuedTexts = (notice: Notice) => [
  smsText(notice, 'uz'),
  smsText(notice, 'ru'),
  notice.text.uz,
  notice.text.ru,
];

export type ChannelChoice = { sms: boolean; telegram: boolean; inShop: boolean };

/** The customer's settings of a topic, or its defaults. */
export async function topicSettings(
  db: Executor,
  customerId: number,
  topic: SettingTopic,
): Promise<ChannelChoice> {
  const row = await repo.findSetting(db, customerId, topic);
  if (row) return { sms: row.sms, telegram: row.telegram, inShop: row.inShop };
  const d = DEFAULT_TOPIC_SETTINGS[topic];
  return { sms: d.sms, telegram: d.telegram, inShop: d.in_shop };
}

/**
 * Records a notice for `/profile/notifications` only, with no message (a sign-in, a decision the
 * customer is looking at). Call it inside the transaction that made the change.
 */
export async function recordInShopNotice(
  db: Executor,
  customerId: number,
  notice: Notice,
): Promise<number> {
  return repo.insertNotification(db, {
    customerId,
    kind: notice.kind,
    topic: TOPIC_OF_KIND[notice.kind],
    textUz: notice.text.uz,
    textRu: notice.text.ru,
    link: notice.link ?? null,
  });
}

/**
 * THE way a notice reaches a customer (docs/notifications.md): stores it in the centre (always;
 * read already when the customer turned the topic's "in the shop" off) and queues a message in
 * the outbox for every channel the customer chose for its topic — SMS, and Telegram when its
 * sender is plugged in (`registerNoticeChannel`) and reaches the customer. Payments and reminders
 * must reach a customer: when neither SMS nor a linked Telegram would carry one, and the customer
 * asked for Telegram or has a credit open, it goes by SMS. `account` notices go by SMS.
 *
 * Call it inside the transaction that made the change, so the notice and its messages exist
 * exactly when the change does; `sendNotice` sends them once that has committed, and the outbox
 * job if it could not. Answers the notice's id.
 */
export async function deliverNotice(
  db: Executor,
  customerId: number,
  notice: Notice,
): Promise<number> {
  const topic = TOPIC_OF_KIND[notice.kind];
  const choice: ChannelChoice =
    topic === 'account'
      ? { sms: true, telegram: false, inShop: true }
      : await topicSettings(db, customerId, topic);
  const notificationId = await repo.insertNotification(db, {
    customerId,
    kind: notice.kind,
    topic,
    textUz: notice.text.uz,
    textRu: notice.text.ru,
    link: notice.link ?? null,
    readAt: choice.inShop ? null : new Date(),
  });
  const telegram = noticeChannel('telegram');
  const byTelegram =
    choice.telegram && telegram !== undefined && (await telegram.reaches(db, customerId));
  let bySms = choice.sms;
  if (topic === 'payments' && !bySms && !byTelegram) {
    bySms = choice.telegram || (await repo.hasOpenCredit(db, customerId));
  }
  if (!bySms && !byTelegram) return notificationId;
  // found: the notice just written refers to it
  const customer = (await repo.findRecipient(db, customerId))!;
  const lang: Lang = customer.lang === 'ru' ? 'ru' : 'uz';
  const message = { customerId, phone: customer.phone, kind: notice.kind, notificationId };
  if (bySms)
    await repo.insertMessage(db, { ...message, channel: 'sms', text: smsText(notice, lang) });
  if (byTelegram) {
    await repo.insertMessage(db, { ...message, channel: 'telegram', text: notice.text[lang] });
  }
  return notificationId;
}

/**
 * Sends now the messages `deliverNotice` queued for this notice, on every channel. Call it after
 * the change is committed; it never throws: a message it could not send stays in the outbox for
 * the job, and does not undo what it tells of.
 */
export async function sendNotice(
  deps: Pick<OutboxDeps, 'db' | 'sms' | 'log'>,
  customerId: number,
  notice: Notice,
): Promise<void> {
  // the real clock, not the caller's: a job's `now` is when it started, and a claim taken on it
  // could pass while the message is still being sent
  const { db, sms, log } = deps;
  try {
    await sendQueued(
      { db, sms, log },
      { customerId, kind: notice.kind, texts: queuedTexts(notice) },
    );
  } catch (err) {
    log.warn({ err, customerId, kind: notice.kind }, 'notice not sent; the outbox job will');
  }
}
