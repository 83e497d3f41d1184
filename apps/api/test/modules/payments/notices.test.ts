import { describe, expect, it } from 'vitest';
import type { PaymentPurpose } from '../../../src/db/schema/index.ts';
import {
  closedNotice,
  failedNotice,
  overdueNotice,
  paidNotice,
  returnedNotice,
} from '../../../src/modules/payments/notices.ts';
import { CardDecline } from '../../../src/providers/payments/index.ts';

/** What each purpose of a payment is called in a customer's SMS, in both languages. */
const WHAT: Record<PaymentPurpose, { uz: string; ru: string }> = {
  full: { uz: '#41 buyurtma uchun', ru: 'за заказ №41' },
  first: {
    uz: "#41 buyurtmaning boshlang'ich to'lovi",
    ru: 'первоначальный взнос по заказу №41',
  },
  installment: {
    uz: "#41 buyurtma muddatli to'lovi uchun",
    ru: 'по рассрочке заказа №41',
  },
  early: {
    uz: "#41 buyurtma muddatli to'lovini muddatidan oldin yopish uchun",
    ru: 'досрочное погашение рассрочки заказа №41',
  },
  autopay: {
    uz: "#41 buyurtma muddatli to'lovi uchun (avtoto'lov)",
    ru: 'по рассрочке заказа №41 (автоплатёж)',
  },
};
const PURPOSES = Object.keys(WHAT) as PaymentPurpose[];

/**
 * The customer's messages about their payments (DESIGN §6a): each names the sum, what it was for
 * and the order, in Uzbek and in Russian, so that an SMS says which of their payments it is about.
 */
describe('payment notices', () => {
  it.each(PURPOSES)('says a %s payment was paid, for what and for which order', (purpose) => {
    expect(paidNotice({ purpose, amount: 1_250_000, orderId: 41 })).toEqual({
      link: { type: 'payment', order_id: 41 },
      kind: 'payment_paid',
      text: {
        uz: `1 250 000 so'm to'landi: ${WHAT[purpose].uz}`,
        ru: `Оплачено 1 250 000 сум: ${WHAT[purpose].ru}`,
      },
    });
  });

  it.each(PURPOSES)('says a %s payment failed, and why in the customer’s words', (purpose) => {
    const decline = new CardDecline('INSUFFICIENT_FUNDS');
    expect(failedNotice({ purpose, amount: 300_000, orderId: 41 }, decline)).toEqual({
      link: { type: 'payment', order_id: 41 },
      kind: purpose === 'autopay' ? 'autopay_failed' : 'payment_failed',
      text: {
        uz: `300 000 so'm to'lov o'tmadi (${WHAT[purpose].uz}). ${decline.customerMessage('uz')}`,
        ru: `Платёж 300 000 сум не прошёл (${WHAT[purpose].ru}). ${decline.customerMessage('ru')}`,
      },
    });
  });

  it('tells the customer why a payment failed in their language, not the gateway’s code', () => {
    const { text } = failedNotice(
      { purpose: 'full', amount: 1_000, orderId: 1 },
      new CardDecline('GATEWAY_UNAVAILABLE', 'Payme -32400'),
    );
    expect(text.uz).not.toContain('Payme');
    expect(text.ru).not.toContain('GATEWAY_UNAVAILABLE');
    expect(text.uz).not.toBe(text.ru);
  });

  it.each(PURPOSES)(
    'says money for an ended order or credit (%s) goes back to the card',
    (purpose) => {
      expect(returnedNotice({ purpose, amount: 75_500, orderId: 41 })).toEqual({
        link: { type: 'payment', order_id: 41 },
        kind: 'payment_returned',
        text: {
          uz: `75 500 so'm to'lov (${WHAT[purpose].uz}) qabul qilinmadi: buyurtma yoki muddatli to'lov yopilgan. Pul kartangizga qaytariladi`,
          ru: `Платёж 75 500 сум (${WHAT[purpose].ru}) не зачислен: заказ или рассрочка уже закрыты. Деньги вернутся на карту`,
        },
      });
    },
  );

  it('says a credit is paid off, naming its order', () => {
    expect(closedNotice(41)).toEqual({
      link: { type: 'payment', order_id: 41 },
      kind: 'credit_closed',
      text: {
        uz: "#41 buyurtma bo'yicha muddatli to'lov to'liq to'landi",
        ru: 'Рассрочка по заказу №41 полностью погашена',
      },
    });
  });

  it('says which installment is overdue, and names a penalty only when there is one', () => {
    expect(overdueNotice({ orderId: 41, number: 3, penalty: 12_000 })).toEqual({
      link: { type: 'payment', order_id: 41 },
      kind: 'installment_overdue',
      text: {
        uz: "#41 buyurtmaning 3-to'lovi muddati o'tdi. Jarima: 12 000 so'm. Iltimos, to'lovni amalga oshiring",
        ru: 'Платёж №3 по заказу №41 просрочен. Штраф: 12 000 сум. Пожалуйста, оплатите его',
      },
    });
    expect(overdueNotice({ orderId: 41, number: 3, penalty: 0 })).toEqual({
      link: { type: 'payment', order_id: 41 },
      kind: 'installment_overdue',
      text: {
        uz: "#41 buyurtmaning 3-to'lovi muddati o'tdi. Iltimos, to'lovni amalga oshiring",
        ru: 'Платёж №3 по заказу №41 просрочен. Пожалуйста, оплатите его',
      },
    });
  });
});
