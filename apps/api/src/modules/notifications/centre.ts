/** The centre in `/profile/notifications`: the list, what is unread, and the settings. */
import {
  DEFAULT_TOPIC_SETTINGS,
  type Lang,
  type Notification,
  type NotificationSettings,
  type NotificationSettingsBody,
  type PageMeta,
  SETTING_TOPICS,
  type TopicSetting,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import { noticeChannel } from './channels.ts';
import * as repo from './repository.ts';

export async function listNotifications(
  db: Executor,
  customerId: number,
  page: number,
  perPage: number,
  lang: Lang,
): Promise<{ data: Notification[]; meta: PageMeta }> {
  const { rows, total } = await repo.listNotifications(db, customerId, page, perPage);
  return {
    data: rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      topic: n.topic,
      text: pick(n, 'text', lang),
      link: n.link ?? null,
      read: n.readAt !== null,
      created_at: n.createdAt.toISOString(),
    })),
    meta: pageMeta(page, perPage, total),
  };
}

export const countUnread = repo.countUnread;

export async function markRead(db: Executor, customerId: number, id: number): Promise<void> {
  if (!(await repo.markRead(db, customerId, id))) throw notFound('NOTIFICATION_NOT_FOUND');
}

export const markAllRead = repo.markAllRead;

async function telegramLinked(db: Executor, customerId: number): Promise<boolean> {
  const telegram = noticeChannel('telegram');
  return telegram !== undefined && (await telegram.reaches(db, customerId));
}

export async function getSettings(db: Executor, customerId: number): Promise<NotificationSettings> {
  const rows = new Map((await repo.listSettings(db, customerId)).map((r) => [r.topic, r]));
  const topics: TopicSetting[] = SETTING_TOPICS.map((topic) => {
    const row = rows.get(topic);
    return row
      ? { topic, sms: row.sms, telegram: row.telegram, in_shop: row.inShop }
      : { topic, ...DEFAULT_TOPIC_SETTINGS[topic] };
  });
  return {
    topics,
    telegram_linked: await telegramLinked(db, customerId),
    credit_open: await repo.hasOpenCredit(db, customerId),
  };
}

/**
 * Saves the topics the body names (the others keep theirs). Payments and reminders must reach a
 * customer with a credit open: with one, turning off both SMS and Telegram for them is refused
 * (422 `PAYMENT_NOTICES_REQUIRED`, under `topics`). Turning a promotion channel on is the
 * customer's consent to promotions there.
 */
export async function saveSettings(
  db: Executor,
  customerId: number,
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  const payments = body.topics.find((t) => t.topic === 'payments');
  if (
    payments &&
    !payments.sms &&
    !payments.telegram &&
    (await repo.hasOpenCredit(db, customerId))
  ) {
    throw new AppError('PAYMENT_NOTICES_REQUIRED', 422);
  }
  await repo.saveSettings(
    db,
    body.topics.map((t) => ({
      customerId,
      topic: t.topic,
      sms: t.sms,
      telegram: t.telegram,
      inShop: t.in_shop,
    })),
  );
  return getSettings(db, customerId);
}
