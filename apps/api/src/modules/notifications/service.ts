import type { Lang } from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { type OutboxDeps, sendQueued } from './outbox.ts';
import * as repo from './repository.ts';

/** Something the shop tells a customer about an order, a payment or a credit, in both languages. */
export interface Notice {
  /** `payment_paid`, `autopay_failed`, `installment_overdue`… */
  kind: string;
  text: Record<Lang, string>;
}

const smsText = (notice: Notice, lang: Lang) => `Bozor: ${notice.text[lang]}`;

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
    textUz: notice.text.uz,
    textRu: notice.text.ru,
  });
}

/**
 * Records a notice for `/profile/notifications` and queues its SMS, in the customer's language,
 * in the outbox. Call it inside the transaction that made the change, so the notice and its
 * message exist exactly when the change does; `smsNotice` sends the message once that has
 * committed, and the outbox job if it could not. Answers the message's outbox id.
 */
export async function recordNotice(
  db: Executor,
  customerId: number,
  notice: Notice,
): Promise<number> {
  const notificationId = await recordInShopNotice(db, customerId, notice);
  // found: the notice just written refers to it
  const customer = (await repo.findRecipient(db, customerId))!;
  const lang: Lang = customer.lang === 'ru' ? 'ru' : 'uz';
  return repo.insertMessage(db, {
    customerId,
    phone: customer.phone,
    text: smsText(notice, lang),
    kind: notice.kind,
    notificationId,
  });
}

/**
 * Sends now the SMS that `recordNotice` queued for this notice. Call it after the change is
 * committed; it never throws: a message it could not send stays in the outbox for the job, and
 * does not undo what it tells of.
 */
export async function smsNotice(
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
      {
        customerId,
        kind: notice.kind,
        texts: [smsText(notice, 'uz'), smsText(notice, 'ru')],
      },
    );
  } catch (err) {
    log.warn({ err, customerId, kind: notice.kind }, 'notice SMS not sent; the outbox job will');
  }
}
