import { formatDay, formatMoney, type Lang } from '@bozor/shared';
import type { ReminderKind } from '../../db/schema/index.ts';
import type { Notice } from '../notifications/index.ts';

export interface Reminder {
  kind: ReminderKind;
  orderId: number;
  /** The installment's number in its schedule, 1 for the first month. */
  number: number;
  /** YYYY-MM-DD */
  dueDate: string;
  /** What the installment still asks. */
  owed: number;
  /** The last four digits of the credit's autopay card; null when it has none. */
  cardLast4: string | null;
  /** The credit's page in the storefront; null when the shop's address is not known. */
  link: string | null;
  /** The credit: the notice in the centre links to its page. */
  creditId?: number;
}

const WHEN: Record<ReminderKind, Record<Lang, (r: Reminder) => string>> = {
  before: {
    uz: (r) => `#${r.orderId} buyurtmaning ${r.number}-to'lovi ${formatDay(r.dueDate)} kuni`,
    ru: (r) => `Платёж №${r.number} по заказу №${r.orderId} — ${formatDay(r.dueDate)}`,
  },
  due: {
    uz: (r) => `Bugun #${r.orderId} buyurtmaning ${r.number}-to'lovi kuni`,
    ru: (r) => `Сегодня день платежа №${r.number} по заказу №${r.orderId}`,
  },
};

const AUTOPAY: Record<Lang, (last4: string | null) => string> = {
  uz: (last4) =>
    last4 === null
      ? "Avtoto'lov uchun karta bog'lanmagan."
      : `Summa *${last4} kartangizdan avtomatik yechiladi.`,
  ru: (last4) =>
    last4 === null
      ? 'Карта для автоплатежа не привязана.'
      : `Сумма спишется с карты *${last4} автоматически.`,
};

// without the shop's address an SMS cannot carry a link: it names the page instead
const PAY_NOW: Record<Lang, (link: string | null) => string> = {
  uz: (link) => `Hozir to'lash: ${link ?? "Kabinet → Muddatli to'lovlarim"}`,
  ru: (link) => `Оплатить сейчас: ${link ?? 'Кабинет → Мои рассрочки'}`,
};

const text = (r: Reminder, lang: Lang) =>
  `${WHEN[r.kind][lang](r)}: ${formatMoney(r.owed, lang)}. ${AUTOPAY[lang](r.cardLast4)} ${PAY_NOW[lang](r.link)}`;

/** The reminder of an installment's due date: three days ahead (`before`) or on the day (`due`). */
export function reminderNotice(r: Reminder): Notice {
  return {
    kind: r.kind === 'before' ? 'installment_due_soon' : 'installment_due_today',
    text: { uz: text(r, 'uz'), ru: text(r, 'ru') },
    link:
      r.creditId === undefined
        ? { type: 'payment', order_id: r.orderId }
        : { type: 'credit', id: r.creditId },
  };
}
