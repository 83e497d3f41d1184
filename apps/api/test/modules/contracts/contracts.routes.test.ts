import { createHash } from 'node:crypto';
import type { ContractDocument, CreditDetail } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import {
  contracts,
  credits,
  notifications,
  orderItems,
  orders,
  scoringProfiles,
} from '../../../src/db/schema/index.ts';
import type { Seller } from '../../../src/modules/contracts/seller.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { approveScoring, bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { connectAgain, itRaces } from '../../helpers/database.ts';
import { createContacts } from '../../helpers/factories.ts';
import { pdfText } from './pdf-text.ts';

type Session = Awaited<ReturnType<typeof createCustomerSession>>;
type Lang = 'uz' | 'ru';

const SELLER: Seller = {
  name: '«Bozor Savdo» MChJ',
  tin: '305123456',
  address: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108",
  bank: '«Kapitalbank» ATB',
  account: '20208000500123456001',
  mfo: '01018',
};

describe('the installment contract', () => {
  const ctx = useTestApp({ seller: SELLER });

  const call = (
    s: Session | null,
    method: 'GET' | 'POST',
    url: string,
    options: { lang?: Lang; payload?: object } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(s?.headers ?? {}), lang: options.lang ?? 'uz' },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const contractOf = async (s: Session, creditId: number, lang: Lang = 'uz') => {
    const res = await call(s, 'GET', `/api/credits/${creditId}/contract`, { lang });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ContractDocument;
  };
  const textOf = (doc: ContractDocument) =>
    [doc.title, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
  const lastCode = async (phone: string) => {
    const res = await ctx.app.inject({ url: `/api/dev/outbox?phone=${phone}` });
    return /(\d{6})/.exec(res.json().data[0]?.text ?? '')?.[1] ?? '';
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const storedContract = async (creditId: number) => {
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.creditId, creditId));
    return row!;
  };

  /** A scored customer with a card and an installment order waiting for its contract. */
  const pendingCredit = async (
    options: { prepayment?: number; total?: number; placedAt?: Date } = {},
  ) => {
    const s = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, s.customer.id);
    await approveScoring(ctx.db, s.customer.id);
    await ctx.db
      .update(scoringProfiles)
      .set({ passportMasked: 'AA*****67', pinflMasked: '31**********45', birthDate: '1990-02-01' })
      .where(eq(scoringProfiles.customerId, s.customer.id));
    const placed = await createInstallmentOrder(ctx.db, {
      customerId: s.customer.id,
      cardId: card.id,
      total: options.total ?? 3_000_000,
      prepayment: options.prepayment ?? 0,
      months: 6,
      markupPercent: 24,
      orderStatus: 1,
      creditStatus: 'not_signed',
      ...(options.placedAt ? { placedAt: options.placedAt } : {}),
    });
    return { s, card, ...placed };
  };
  const sign = async (s: Session, creditId: number) => {
    const sent = await call(s, 'POST', `/api/credits/${creditId}/contract/send-code`);
    expect(sent.statusCode, sent.body).toBe(200);
    return call(s, 'POST', `/api/credits/confirm/${creditId}`, {
      payload: { otp: await lastCode(s.customer.phone) },
    });
  };

  describe('GET /api/credits/:id/contract', () => {
    it('names the parties, goods, terms and schedule in uz and ru, with sums that add up', async () => {
      await createContacts(ctx.db);
      const { s, credit, product } = await pendingCredit({
        prepayment: 500_000,
        placedAt: new Date('2026-01-31T08:00:00Z'),
      });
      const uz = await contractOf(s, credit.id, 'uz');
      const ru = await contractOf(s, credit.id, 'ru');

      // 3 000 000 less 500 000 is financed; +24 % is 3 100 000 over 6 months, each rounded up
      // to 100 sum, the last one taking the remainder.
      const schedule = [516_700, 516_700, 516_700, 516_700, 516_700, 516_500];
      const dueDates = [
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
        '2026-07-31',
      ];
      for (const doc of [uz, ru]) {
        expect(doc.credit_id).toBe(credit.id);
        expect(doc.number).toBe(`BZ-2026-${String(credit.id).padStart(6, '0')}`);
        expect(doc.signed_at).toBeNull();
        expect(doc.hash).toBeNull();
        expect(doc.schedule.map((r) => r.amount)).toEqual(schedule);
        expect(doc.schedule.map((r) => r.due_date)).toEqual(dueDates);
        expect(doc.schedule.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(doc.schedule.reduce((sum, r) => sum + r.amount, 0)).toBe(3_100_000);
        expect(doc.sections.length).toBeGreaterThanOrEqual(8);
      }

      const uzText = textOf(uz);
      expect(uz.title).toBe("Muddatli to'lov asosida oldi-sotdi shartnomasi");
      for (const phrase of [
        "Sotuvchi: «Bozor Savdo» MChJ, STIR 305123456, manzili: Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108, hisob raqami 20208000500123456001, «Kapitalbank» ATB, MFO 01018,",
        '+998 71 200 00 00',
        `+99890 ${s.customer.phone.slice(5, 8)}`,
        'pasport AA*****67',
        'JSHSHIR 31**********45',
        "tug'ilgan sanasi 01.02.1990",
        `${product.nameUz} — 1 dona × 3 000 000 so'm = 3 000 000 so'm`,
        "Tovarlarning umumiy narxi: 3 000 000 so'm.",
        "Boshlang'ich to'lov: 500 000 so'm.",
        "(asosiy qarz): 2 500 000 so'm.",
        "Muddat: 6 oy. Ustama butun muddat uchun 24 %, ya'ni 600 000 so'm.",
        "(asosiy qarz va ustama): 3 100 000 so'm.",
        "Oylik to'lov: 516 700 so'm, oxirgi to'lov — 516 500 so'm.",
        'birinchisi 28-fevral, 2026, oxirgisi 31-iyul, 2026',
        "hech qanday qo'shimcha to'lov yoki jarima olinmaydi",
        "bir marta shu to'lov summasining 1 foizi",
        // 50 % of 2 500 000 a year over half a year
        "jami 625 000 so'mdan ko'p emas",
        'Uzcard 8600',
        '10 kun ichida',
        'SHA-256',
      ]) {
        expect(uzText).toContain(phrase);
      }

      const ruText = textOf(ru);
      expect(ru.title).toBe('Договор купли-продажи в рассрочку');
      for (const phrase of [
        "Продавец: «Bozor Savdo» MChJ, ИНН 305123456, адрес: Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108, р/с 20208000500123456001, банк «Kapitalbank» ATB, МФО 01018,",
        'паспорт AA*****67',
        'ПИНФЛ 31**********45',
        'дата рождения 01.02.1990',
        `${product.nameRu} — 1 шт. × 3 000 000 сум = 3 000 000 сум`,
        'Первоначальный взнос: 500 000 сум.',
        '(основной долг): 2 500 000 сум.',
        'Наценка за весь срок — 24 %, то есть 600 000 сум.',
        '(основной долг и наценка): 3 100 000 сум.',
        'Ежемесячный платёж: 516 700 сум, последний платёж — 516 500 сум.',
        'первый 28 февраля 2026, последний 31 июля 2026',
        'погасить долг досрочно',
        'один раз начисляется штраф в размере 1 %',
        'не более 625 000 сум',
        'Ташкент, Чиланзар 1',
      ]) {
        expect(ruText).toContain(phrase);
      }

      // both languages are stored, each as the document's JSON
      const row = await storedContract(credit.id);
      expect(row.number).toBe(uz.number);
      expect(JSON.parse(row.bodyUz)).toEqual(uz);
      expect(JSON.parse(row.bodyRu)).toEqual(ru);
      expect(row.signedAt).toBeNull();
    });

    itRaces('is drawn once when first read many times at once', async () => {
      const { s, credit } = await pendingCredit();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call(s, 'GET', `/api/credits/${credit.id}/contract`)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const numbers = new Set(answers.map((r) => r.json().data.number));
      expect([...numbers]).toEqual([(await storedContract(credit.id)).number]);
    });

    it('is drawn anew from the order while unsigned', async () => {
      const { s, credit, order } = await pendingCredit();
      await contractOf(s, credit.id);
      await ctx.db
        .update(orderItems)
        .set({ nameUz: 'Changan televizori', nameRu: 'Телевизор Changan' })
        .where(eq(orderItems.orderId, order.id));
      expect(textOf(await contractOf(s, credit.id, 'ru'))).toContain('Телевизор Changan');
      expect((await storedContract(credit.id)).bodyUz).toContain('Changan televizori');
    });

    it('lists delivery charged for as a line beside the goods, in uz and ru', async () => {
      const { s, credit, order } = await pendingCredit();
      expect(textOf(await contractOf(s, credit.id, 'ru'))).not.toContain('Доставка —');
      await ctx.db
        .update(orders)
        .set({ deliveryFee: 25_000, total: order.total + 25_000 })
        .where(eq(orders.id, order.id));
      expect(textOf(await contractOf(s, credit.id, 'ru'))).toContain('2) Доставка — 25 000 сум');
      expect(textOf(await contractOf(s, credit.id, 'uz'))).toContain(
        "2) Yetkazib berish xizmati — 25 000 so'm",
      );
    });

    it('names the buyer as in the passport once scoring asked it, by the documents before', async () => {
      const { s, credit } = await pendingCredit();
      expect(textOf(await contractOf(s, credit.id, 'uz'))).toContain('Xaridor: telefon raqami');
      const named = (name: { surname: string; givenName: string; patronymic: string }) =>
        ctx.db
          .update(scoringProfiles)
          .set(name)
          .where(eq(scoringProfiles.customerId, s.customer.id));
      await named({ surname: 'Aliyev', givenName: 'Karim', patronymic: 'Anvar o‘g‘li' });
      expect(textOf(await contractOf(s, credit.id, 'uz'))).toContain(
        'Xaridor: Aliyev Karim Anvar o‘g‘li, telefon raqami',
      );
      await named({ surname: 'Алиев', givenName: 'Карим', patronymic: 'Анварович' });
      expect(textOf(await contractOf(s, credit.id, 'ru'))).toContain(
        'Покупатель: Алиев Карим Анварович, телефон',
      );
      const pdf = await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=ru`);
      expect(pdfText(pdf.rawPayload)).toContain('Алиев Карим Анварович');
    });

    it('answers 404 for another customer’s credit, and 400 for a bad id', async () => {
      const { credit } = await pendingCredit();
      const other = await createCustomerSession(ctx.db);
      for (const url of [
        `/api/credits/${credit.id}/contract`,
        `/api/credits/${credit.id}/contract.pdf`,
      ]) {
        const res = await call(other, 'GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('CREDIT_NOT_FOUND');
      }
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await call(other, 'GET', `/api/credits/${id}/contract`);
        expect(res.statusCode, id).toBe(400);
      }
      expect((await call(null, 'GET', `/api/credits/${credit.id}/contract`)).statusCode).toBe(401);
    });
  });

  describe('GET /api/credits/:id/contract.pdf', () => {
    it('is a PDF of the same text with a font that writes Cyrillic and Uzbek Latin', async () => {
      const { s, credit, product } = await pendingCredit();
      const ru = await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=ru`);
      expect(ru.statusCode, ru.body).toBe(200);
      expect(ru.headers['content-type']).toBe('application/pdf');
      const number = `BZ-${new Date().getUTCFullYear()}-${String(credit.id).padStart(6, '0')}`;
      expect(ru.headers['content-disposition']).toBe(
        `attachment; filename="contract-${number}-ru.pdf"`,
      );
      expect(ru.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(ru.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
      expect(ru.rawPayload.toString('latin1')).toContain('/FontFile2');
      const ruText = pdfText(ru.rawPayload);
      expect(ruText).toContain('Договор купли-продажи в рассрочку');
      expect(ruText).toContain(`Договор № ${number}`);
      expect(ruText).toContain(product.nameRu);
      expect(ruText).toContain('620 000 сум');

      // the query's language wins over the header's
      const uz = await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=uz`, {
        lang: 'ru',
      });
      expect(uz.statusCode).toBe(200);
      const uzText = pdfText(uz.rawPayload);
      expect(uzText).toContain("Muddatli to'lov asosida oldi-sotdi shartnomasi");
      expect(uzText).toContain("O'zbekiston Respublikasi");
    });

    it('names the buyer as in the passport and the seller by all its details, in uz and ru', async () => {
      const { s, credit } = await pendingCredit({ placedAt: new Date('2027-02-25T08:00:00Z') });
      await ctx.db
        .update(scoringProfiles)
        .set({ surname: 'Aliyev', givenName: 'Karim', patronymic: 'Anvar o‘g‘li' })
        .where(eq(scoringProfiles.customerId, s.customer.id));
      const texts = {
        uz: pdfText(
          (await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=uz`)).rawPayload,
        ),
        ru: pdfText(
          (await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=ru`)).rawPayload,
        ),
      };
      for (const text of Object.values(texts)) {
        for (const part of [
          'Aliyev Karim Anvar o‘g‘li',
          'AA*****67',
          '«Bozor Savdo» MChJ',
          '305123456',
          'Amir Temur',
          '«Kapitalbank» ATB',
          '20208000500123456001',
          '01018',
        ]) {
          expect(text).toContain(part);
        }
        expect(text).not.toContain('(demo)');
      }
      expect(texts.uz).toContain('STIR');
      expect(texts.ru).toContain('ИНН');
      // the schedule's days as people write them, the first a month after the order
      expect(texts.uz).toContain('25-mart, 2027');
      expect(texts.uz).toContain('25-avgust, 2027');
      expect(texts.ru).toContain('25 марта 2027');
      expect(texts.ru).toContain('25 августа 2027');
      expect(texts.uz).not.toMatch(/\d - \p{L}/u);
    });

    it('refuses a language it does not write', async () => {
      const { s, credit } = await pendingCredit();
      const res = await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=en`);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('signing with an SMS code', () => {
    it('activates the credit, confirms an order with nothing to pay first, and keeps the text as signed', async () => {
      const { s, credit, order } = await pendingCredit({ prepayment: 0 });
      const shown = await contractOf(s, credit.id, 'ru');
      const sent = await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`, {
        lang: 'ru',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({
        message: 'Код для подписания договора отправлен на ваш телефон',
        data: { phone: expect.stringMatching(/^\+99890 \*\*\* \*\* \d{2}$/), wait: 60 },
      });
      const before = await storedContract(credit.id);
      expect(before.codeHash).toMatch(/^[0-9a-f]{64}$/);
      const code = await lastCode(s.customer.phone);
      expect(before.codeHash).not.toContain(code);

      const res = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        lang: 'ru',
        payload: { otp: code },
      });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().data as CreditDetail;
      expect(res.json().message).toBe('Договор подписан. Рассрочка оформлена');
      expect(detail).toMatchObject({
        id: credit.id,
        code: shown.number,
        order_id: order.id,
        status: 'active',
        status_name: 'Активна',
        months: 6,
        markup_percent: 24,
        financed: 3_000_000,
        total: 3_720_000,
        paid: 0,
        debt_summa: 3_720_000,
        need_payed_price: 0,
        monthly_payment: 620_000,
        next_payment: 620_000,
        card: { card_number: '8600********1110', type: 'uzcard' },
        payments: [],
        prepayment_due: 0,
      });
      expect(detail.signed_at).not.toBeNull();
      expect(detail.schedule.map((r) => [r.amount, r.state])).toEqual(
        Array.from({ length: 6 }, () => [620_000, 'upcoming']),
      );
      expect(detail.next_due_date).toBe(detail.schedule[0]!.due_date);
      expect(detail.items).toHaveLength(1);

      const [creditRow] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
      expect(creditRow!.status).toBe('active');
      expect(creditRow!.signedAt).not.toBeNull();
      const [orderRow] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(orderRow!.status).toBe(2);
      expect(orderRow!.paidAt).not.toBeNull();
      const notices = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.customerId, s.customer.id));
      expect(notices.map((n) => n.kind)).toContain('contract_signed');

      const signed = await storedContract(credit.id);
      expect(signed.bodyUz).toBe(before.bodyUz);
      expect(signed.bodyRu).toBe(before.bodyRu);
      expect(signed.hash).toBe(
        createHash('sha256')
          .update(before.bodyUz + before.bodyRu)
          .digest('hex'),
      );
      expect(signed.signedAt).not.toBeNull();
      expect(signed.codeHash).toBeNull();

      // a change to the order no longer reaches the signed text
      await ctx.db
        .update(orderItems)
        .set({ nameUz: 'Boshqa tovar', nameRu: 'Другой товар' })
        .where(eq(orderItems.orderId, order.id));
      const after = await contractOf(s, credit.id, 'ru');
      expect(after).toEqual({
        ...shown,
        signed_at: signed.signedAt!.toISOString(),
        hash: signed.hash,
      });
      const stored = await storedContract(credit.id);
      expect(stored.bodyUz).toBe(before.bodyUz);
      expect(stored.bodyRu).toBe(before.bodyRu);
      const pdf = await call(s, 'GET', `/api/credits/${credit.id}/contract.pdf?lang=ru`);
      expect(pdfText(pdf.rawPayload)).not.toContain('Другой товар');

      const again = await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONTRACT_SIGNED');
      const twice = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: code },
      });
      expect(twice.statusCode).toBe(409);
    });

    it('keeps the seller it was signed with after the seller’s details change', async () => {
      const { s, credit } = await pendingCredit();
      const signed = await sign(s, credit.id);
      expect(signed.statusCode, signed.body).toBe(200);
      const before = await storedContract(credit.id);
      const pending = await pendingCredit();

      // the shop starts again with a new address and bank account
      const moved: Seller = {
        ...SELLER,
        address: "Toshkent sh., Mirzo Ulug'bek tumani, Buyuk Ipak Yo'li ko'chasi, 5",
        account: '20208000900987654001',
      };
      const database = connectAgain(ctx.database);
      const restarted = await buildApp({ database, seller: moved });
      try {
        const read = (session: Session, url: string) =>
          restarted.inject({ url, headers: { ...session.headers, lang: 'ru' } });
        const kept = (await read(s, `/api/credits/${credit.id}/contract`)).json()
          .data as ContractDocument;
        expect(textOf(kept)).toContain(SELLER.address);
        expect(textOf(kept)).toContain(SELLER.account);
        expect(textOf(kept)).not.toContain(moved.account);
        const pdf = pdfText((await read(s, `/api/credits/${credit.id}/contract.pdf`)).rawPayload);
        expect(pdf).toContain(SELLER.account);
        expect(pdf).not.toContain(moved.account);
        const stored = await storedContract(credit.id);
        expect([stored.bodyUz, stored.bodyRu, stored.hash]).toEqual([
          before.bodyUz,
          before.bodyRu,
          before.hash,
        ]);

        // a contract not signed yet names the seller as it is now
        const drawn = (await read(pending.s, `/api/credits/${pending.credit.id}/contract`)).json()
          .data as ContractDocument;
        expect(textOf(drawn)).toContain(moved.account);
        expect(textOf(drawn)).toContain('Mirzo Ulug');
      } finally {
        await restarted.close();
        await database.close();
      }
    });

    it('leaves an order with a prepayment waiting for it, and says how much is due', async () => {
      const { s, credit, order } = await pendingCredit({ prepayment: 1_000_000 });
      const res = await sign(s, credit.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'active', prepayment_due: 1_000_000 });
      const [orderRow] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(orderRow!.status).toBe(1);
      expect(orderRow!.paidAt).toBeNull();
    });

    it('counts wrong codes and refuses the right one after five', async () => {
      const { s, credit } = await pendingCredit();
      await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      const code = await lastCode(s.customer.phone);
      const answers: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
          payload: { otp: wrong(code) },
        });
        expect(res.statusCode).toBe(422);
        answers.push(res.json().code);
        expect((await storedContract(credit.id)).codeAttempts).toBe(i + 1);
      }
      expect(answers).toEqual([
        'OTP_INVALID',
        'OTP_INVALID',
        'OTP_INVALID',
        'OTP_INVALID',
        'OTP_TOO_MANY_ATTEMPTS',
      ]);
      const right = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: code },
      });
      expect(right.statusCode).toBe(422);
      expect(right.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
      const [row] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
      expect(row!.status).toBe('not_signed');

      // a new code, a minute later, starts the tries again
      await ctx.db
        .update(contracts)
        .set({ codeSentAt: new Date(Date.now() - 61_000) })
        .where(eq(contracts.creditId, credit.id));
      expect(
        (await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`)).statusCode,
      ).toBe(200);
      const fresh = await lastCode(s.customer.phone);
      const ok = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: fresh },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses an expired code, and a confirmation before any code', async () => {
      const { s, credit } = await pendingCredit();
      const early = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: '123456' },
      });
      expect(early.statusCode).toBe(422);
      expect(early.json().code).toBe('OTP_EXPIRED');

      await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      const code = await lastCode(s.customer.phone);
      await ctx.db
        .update(contracts)
        .set({ codeExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(contracts.creditId, credit.id));
      const res = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: code },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('OTP_EXPIRED');
    });

    it('sends another code only after 60 seconds', async () => {
      const { s, credit } = await pendingCredit();
      const url = `/api/credits/${credit.id}/contract/send-code`;
      expect((await call(s, 'POST', url)).statusCode).toBe(200);
      const again = await call(s, 'POST', url);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('OTP_RESEND_TOO_EARLY');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    itRaces('sends one code when asked twice at once', async () => {
      const { s, credit } = await pendingCredit();
      const url = `/api/credits/${credit.id}/contract/send-code`;
      const answers = await Promise.all([call(s, 'POST', url), call(s, 'POST', url)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
      expect((await storedContract(credit.id)).codeSends).toBe(1);
    });

    itRaces('counts parallel guesses: no more than five are compared', async () => {
      const { s, credit } = await pendingCredit();
      await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      const code = await lastCode(s.customer.phone);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(s, 'POST', `/api/credits/confirm/${credit.id}`, { payload: { otp: wrong(code) } }),
        ),
      );
      expect(answers.every((r) => r.statusCode === 422)).toBe(true);
      expect((await storedContract(credit.id)).codeAttempts).toBe(5);
    });

    it('refuses to sign a text that changed since it was shown', async () => {
      const { s, credit, order } = await pendingCredit();
      await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      const code = await lastCode(s.customer.phone);
      await ctx.db
        .update(orderItems)
        .set({ nameUz: 'Yangi nom', nameRu: 'Новое название' })
        .where(eq(orderItems.orderId, order.id));
      const res = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: code },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONTRACT_CHANGED');

      // read again, the same code signs the text now shown
      expect(textOf(await contractOf(s, credit.id))).toContain('Yangi nom');
      const ok = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: code },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await storedContract(credit.id)).bodyUz).toContain('Yangi nom');
    });

    it('answers 404 for another customer’s credit', async () => {
      const { s, credit } = await pendingCredit();
      await call(s, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      const code = await lastCode(s.customer.phone);
      const other = await createCustomerSession(ctx.db);
      const send = await call(other, 'POST', `/api/credits/${credit.id}/contract/send-code`);
      expect(send.statusCode).toBe(404);
      const confirm = await call(other, 'POST', `/api/credits/confirm/${credit.id}`, {
        payload: { otp: code },
      });
      expect(confirm.statusCode).toBe(404);
      expect((await storedContract(credit.id)).codeAttempts).toBe(0);
    });

    it('puts a bad id or code under its field, never a 500', async () => {
      const { s, credit } = await pendingCredit();
      const cases: [string, object | undefined][] = [
        [`/api/credits/confirm/${credit.id}`, {}],
        [`/api/credits/confirm/${credit.id}`, { otp: '12345' }],
        [`/api/credits/confirm/${credit.id}`, { otp: 'abcdef' }],
        [`/api/credits/confirm/${credit.id}`, { otp: 123456 }],
        ['/api/credits/confirm/abc', { otp: '123456' }],
        ['/api/credits/confirm/0', { otp: '123456' }],
        ['/api/credits/confirm/99999999999', { otp: '123456' }],
        ['/api/credits/abc/contract/send-code', undefined],
        ['/api/credits/2147483648/contract/send-code', undefined],
      ];
      for (const [url, payload] of cases) {
        const res = await call(s, 'POST', url, { lang: 'ru', ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      }
      const missing = await call(s, 'POST', `/api/credits/confirm/${credit.id}`, {
        lang: 'ru',
        payload: { otp: '12' },
      });
      expect(missing.json().errors).toEqual({ otp: ['Код состоит из 6 цифр'] });
      expect((await call(s, 'POST', '/api/credits/2147483647/contract/send-code')).statusCode).toBe(
        404,
      );
    });
  });
});
