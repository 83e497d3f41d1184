import { describe, expect, it } from 'vitest';
import { type Reminder, reminderNotice } from '../../../src/modules/credits/reminder-notices.ts';

/** Every reminder's words in both languages, with and without a card and the shop's address. */
describe('reminder texts', () => {
  const reminder = (over: Partial<Reminder> = {}): Reminder => ({
    kind: 'before',
    orderId: 42,
    number: 2,
    dueDate: '2027-03-10',
    owed: 620_000,
    cardLast4: '0001',
    link: 'https://bozor.uz/installment/7',
    creditId: 7,
    ...over,
  });

  it('three days ahead: the day, the sum, the card and the link', () => {
    expect(reminderNotice(reminder())).toEqual({
      kind: 'installment_due_soon',
      text: {
        uz: "#42 buyurtmaning 2-to'lovi 10.03.2027 kuni: 620 000 so'm. Summa *0001 kartangizdan avtomatik yechiladi. Hozir to'lash: https://bozor.uz/installment/7",
        ru: 'Платёж №2 по заказу №42 — 10.03.2027: 620 000 сум. Сумма спишется с карты *0001 автоматически. Оплатить сейчас: https://bozor.uz/installment/7',
      },
      link: { type: 'credit', id: 7 },
    });
  });

  it('on the day, with no autopay card and no address of the shop', () => {
    expect(reminderNotice(reminder({ kind: 'due', cardLast4: null, link: null }))).toEqual({
      kind: 'installment_due_today',
      text: {
        uz: "Bugun #42 buyurtmaning 2-to'lovi kuni: 620 000 so'm. Avtoto'lov uchun karta bog'lanmagan. Hozir to'lash: Kabinet → Muddatli to'lovlarim",
        ru: 'Сегодня день платежа №2 по заказу №42: 620 000 сум. Карта для автоплатежа не привязана. Оплатить сейчас: Кабинет → Мои рассрочки',
      },
      link: { type: 'credit', id: 7 },
    });
  });
});
