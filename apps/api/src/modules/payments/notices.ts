import { formatMoney, type Lang } from '@bozor/shared';
import type { PaymentPurpose } from '../../db/schema/index.ts';
import type { CardDecline } from '../../providers/payments/index.ts';
import type { Notice } from '../notifications/index.ts';

const WHAT: Record<PaymentPurpose, Record<Lang, (orderId: number) => string>> = {
  full: { uz: (id) => `#${id} buyurtma uchun`, ru: (id) => `за заказ №${id}` },
  first: {
    uz: (id) => `#${id} buyurtmaning boshlang'ich to'lovi`,
    ru: (id) => `первоначальный взнос по заказу №${id}`,
  },
  installment: {
    uz: (id) => `#${id} buyurtma muddatli to'lovi uchun`,
    ru: (id) => `по рассрочке заказа №${id}`,
  },
  early: {
    uz: (id) => `#${id} buyurtma muddatli to'lovini muddatidan oldin yopish uchun`,
    ru: (id) => `досрочное погашение рассрочки заказа №${id}`,
  },
  autopay: {
    uz: (id) => `#${id} buyurtma muddatli to'lovi uchun (avtoto'lov)`,
    ru: (id) => `по рассрочке заказа №${id} (автоплатёж)`,
  },
};

interface Paid {
  purpose: PaymentPurpose;
  amount: number;
  orderId: number;
}

export function paidNotice(p: Paid): Notice {
  return {
    kind: 'payment_paid',
    text: {
      uz: `${formatMoney(p.amount, 'uz')} to'landi: ${WHAT[p.purpose].uz(p.orderId)}`,
      ru: `Оплачено ${formatMoney(p.amount, 'ru')}: ${WHAT[p.purpose].ru(p.orderId)}`,
    },
    link: { type: 'payment', order_id: p.orderId },
  };
}

export function failedNotice(p: Paid, decline: CardDecline): Notice {
  return {
    kind: p.purpose === 'autopay' ? 'autopay_failed' : 'payment_failed',
    text: {
      uz: `${formatMoney(p.amount, 'uz')} to'lov o'tmadi (${WHAT[p.purpose].uz(p.orderId)}). ${decline.customerMessage('uz')}`,
      ru: `Платёж ${formatMoney(p.amount, 'ru')} не прошёл (${WHAT[p.purpose].ru(p.orderId)}). ${decline.customerMessage('ru')}`,
    },
    link: { type: 'payment', order_id: p.orderId },
  };
}

export function closedNotice(orderId: number): Notice {
  return {
    kind: 'credit_closed',
    text: {
      uz: `#${orderId} buyurtma bo'yicha muddatli to'lov to'liq to'landi`,
      ru: `Рассрочка по заказу №${orderId} полностью погашена`,
    },
    link: { type: 'payment', order_id: orderId },
  };
}

export function overdueNotice(p: { orderId: number; number: number; penalty: number }): Notice {
  const penalty =
    p.penalty > 0
      ? {
          uz: ` Jarima: ${formatMoney(p.penalty, 'uz')}.`,
          ru: ` Штраф: ${formatMoney(p.penalty, 'ru')}.`,
        }
      : { uz: '', ru: '' };
  return {
    kind: 'installment_overdue',
    text: {
      uz: `#${p.orderId} buyurtmaning ${p.number}-to'lovi muddati o'tdi.${penalty.uz} Iltimos, to'lovni amalga oshiring`,
      ru: `Платёж №${p.number} по заказу №${p.orderId} просрочен.${penalty.ru} Пожалуйста, оплатите его`,
    },
    link: { type: 'payment', order_id: p.orderId },
  };
}

/** Money that came for an order or credit that had ended meanwhile goes back to the card. */
export function returnedNotice(p: Paid): Notice {
  return {
    kind: 'payment_returned',
    text: {
      uz: `${formatMoney(p.amount, 'uz')} to'lov (${WHAT[p.purpose].uz(p.orderId)}) qabul qilinmadi: buyurtma yoki muddatli to'lov yopilgan. Pul kartangizga qaytariladi`,
      ru: `Платёж ${formatMoney(p.amount, 'ru')} (${WHAT[p.purpose].ru(p.orderId)}) не зачислен: заказ или рассрочка уже закрыты. Деньги вернутся на карту`,
    },
    link: { type: 'payment', order_id: p.orderId },
  };
}
