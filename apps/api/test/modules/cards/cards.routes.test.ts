import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards, credits } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createInstallmentOrder } from '../../helpers/checkout.ts';
import { dumpDatabase } from '../../helpers/database.ts';

const APPROVED = '8600111111111110';
const HUMO = '9860111111111113';
const BLOCKED = '8600444444444449';
const EXPIRED_CARD = '9860555555555559';

const log: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    log.push(String(chunk));
    done();
  },
});

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

describe('bank cards', () => {
  const ctx = useTestApp({ logger: { level: 'trace', stream } });

  const call = (s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const lastCode = async (phone: string) => {
    const res = await ctx.app.inject({ url: `/api/dev/outbox?phone=${phone}` });
    return /(\d{6})/.exec(res.json().data[0]?.text ?? '')?.[1] ?? '';
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const addCard = async (s: Session, number = APPROVED) => {
    const res = await call(s, 'POST', '/api/cards/add', {
      card_number: number.replace(/(\d{4})(?=\d)/g, '$1 '),
      expire_date: '12/30',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { card_id: number; phone: string; wait: number };
  };
  const bindCard = async (s: Session, number = APPROVED) => {
    const added = await addCard(s, number);
    const code = await lastCode(s.customer.phone);
    const res = await call(s, 'POST', '/api/cards/confirm', { card_id: added.card_id, otp: code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number };
  };

  describe('POST /api/cards/add', () => {
    it('registers a card and sends its holder a code', async () => {
      const s = await createCustomerSession(ctx.db);
      const added = await addCard(s);
      expect(added).toEqual({ card_id: expect.any(Number), phone: expect.any(String), wait: 60 });
      expect(await lastCode(s.customer.phone)).toMatch(/^\d{6}$/);
      // Not listed before its code is confirmed.
      expect((await call(s, 'GET', '/api/cards')).json().data).toEqual([]);
    });

    it('puts each bad field under its name', async () => {
      const s = await createCustomerSession(ctx.db);
      const cases: [object, Record<string, string[]>][] = [
        [
          { card_number: '4111 1111 1111 1111', expire_date: '01/20' },
          {
            card_number: ['Принимаются только карты Uzcard (8600, 5614) и Humo (9860)'],
            expire_date: ['Срок действия карты истёк'],
          },
        ],
        [
          { card_number: '8600 1111 1111 1111', expire_date: '13/30' },
          {
            card_number: ['Неверный номер карты: проверьте 16 цифр'],
            expire_date: ['Укажите срок действия в виде ММ/ГГ'],
          },
        ],
        [{}, { card_number: ['Обязательное поле'], expire_date: ['Обязательное поле'] }],
      ];
      for (const [payload, errors] of cases) {
        const res = await call(s, 'POST', '/api/cards/add', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual(errors);
      }
    });

    it('answers the bank’s refusal of a blocked or expired card in the customer’s words', async () => {
      const s = await createCustomerSession(ctx.db);
      for (const number of [BLOCKED, EXPIRED_CARD]) {
        const res = await call(s, 'POST', '/api/cards/add', {
          card_number: number,
          expire_date: '12/30',
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toMatch(/карт/i);
      }
    });

    it('refuses the same confirmed card twice with a 409', async () => {
      const s = await createCustomerSession(ctx.db);
      await bindCard(s, HUMO);
      const again = await call(s, 'POST', '/api/cards/add', {
        card_number: HUMO,
        expire_date: '12/30',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CARD_EXISTS');
    });
  });

  describe('POST /api/cards/confirm', () => {
    it('confirms with the right code after a wrong one, and lists the card masked', async () => {
      const s = await createCustomerSession(ctx.db);
      const added = await addCard(s);
      const code = await lastCode(s.customer.phone);
      const bad = await call(s, 'POST', '/api/cards/confirm', {
        card_id: added.card_id,
        otp: wrong(code),
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().code).toBe('OTP_INVALID');
      const ok = await call(s, 'POST', '/api/cards/confirm', { card_id: added.card_id, otp: code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        message: 'Карта добавлена',
        data: {
          id: added.card_id,
          card_number: '8600********1110',
          type: 'uzcard',
          expire: '12/30',
        },
      });
      const listed = (await call(s, 'GET', '/api/cards')).json().data;
      expect(listed.map((c: { id: number }) => c.id)).toEqual([added.card_id]);
    });

    it('closes the card after five wrong codes', async () => {
      const s = await createCustomerSession(ctx.db);
      const added = await addCard(s);
      const code = await lastCode(s.customer.phone);
      const answers: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await call(s, 'POST', '/api/cards/confirm', {
          card_id: added.card_id,
          otp: wrong(code),
        });
        answers.push(res.json().code);
      }
      expect(answers).toEqual([...Array(4).fill('OTP_INVALID'), 'OTP_TOO_MANY_ATTEMPTS']);
      const late = await call(s, 'POST', '/api/cards/confirm', {
        card_id: added.card_id,
        otp: code,
      });
      expect(late.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    });

    it('refuses an expired code', async () => {
      const s = await createCustomerSession(ctx.db);
      const added = await addCard(s);
      await ctx.db
        .update(cards)
        .set({ codeExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(cards.id, added.card_id));
      const res = await call(s, 'POST', '/api/cards/confirm', {
        card_id: added.card_id,
        otp: await lastCode(s.customer.phone),
      });
      expect(res.json().code).toBe('OTP_EXPIRED');
    });

    it('refuses a malformed code and another customer’s card', async () => {
      const [alice, bob] = [
        await createCustomerSession(ctx.db),
        await createCustomerSession(ctx.db),
      ];
      const added = await addCard(alice);
      expect(
        (await call(alice, 'POST', '/api/cards/confirm', { card_id: added.card_id, otp: '12a' }))
          .statusCode,
      ).toBe(400);
      const res = await call(bob, 'POST', '/api/cards/confirm', {
        card_id: added.card_id,
        otp: await lastCode(alice.customer.phone),
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('POST /api/cards/resend-code', () => {
    it('waits 60 seconds before a new code, then sends one', async () => {
      const s = await createCustomerSession(ctx.db);
      const added = await addCard(s);
      const early = await call(s, 'POST', '/api/cards/resend-code', { card_id: added.card_id });
      expect(early.statusCode).toBe(429);
      expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
      await ctx.db
        .update(cards)
        .set({ codeSentAt: new Date(Date.now() - 61_000) })
        .where(eq(cards.id, added.card_id));
      const res = await call(s, 'POST', '/api/cards/resend-code', { card_id: added.card_id });
      expect(res.statusCode).toBe(200);
      const second = await lastCode(s.customer.phone);
      expect(
        (await call(s, 'POST', '/api/cards/confirm', { card_id: added.card_id, otp: second }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('DELETE /api/cards/{id}', () => {
    it('forgets the customer’s card and answers 404 for another’s', async () => {
      const [alice, bob] = [
        await createCustomerSession(ctx.db),
        await createCustomerSession(ctx.db),
      ];
      const card = await bindCard(alice);
      expect((await call(bob, 'DELETE', `/api/cards/${card.id}`)).statusCode).toBe(404);
      const res = await call(alice, 'DELETE', `/api/cards/${card.id}`);
      expect(res.json()).toEqual({ message: 'Карта удалена' });
      expect((await call(alice, 'GET', '/api/cards')).json().data).toEqual([]);
      expect((await call(alice, 'DELETE', `/api/cards/${card.id}`)).statusCode).toBe(404);
    });

    it('keeps a card an open credit pays from by autopay, and lets it go once the credit closes', async () => {
      const alice = await createCustomerSession(ctx.db);
      const card = await bindCard(alice);
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: card.id,
      });
      const refused = await call(alice, 'DELETE', `/api/cards/${card.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CARD_IN_USE',
        message:
          'С этой карты списывается автоплатёж по рассрочке: удалить её можно после закрытия рассрочки',
      });
      expect((await call(alice, 'GET', '/api/cards')).json().data).toHaveLength(1);
      await ctx.db.update(credits).set({ status: 'closed' }).where(eq(credits.id, credit.id));
      expect((await call(alice, 'DELETE', `/api/cards/${card.id}`)).statusCode).toBe(200);
    });
  });

  it('keeps the full card number out of the database and the log', async () => {
    const s = await createCustomerSession(ctx.db);
    await bindCard(s, '8600 3333 3333 3336'.replaceAll(' ', ''));
    const dump = await dumpDatabase(ctx.db);
    expect(dump).toContain('8600********3336');
    for (const number of [APPROVED, HUMO, '8600333333333336']) {
      expect(dump).not.toContain(number);
      expect(log.join('')).not.toContain(number);
    }
  });
});
