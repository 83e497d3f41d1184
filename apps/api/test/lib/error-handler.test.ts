import { creditTotal } from '@bozor/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/lib/error-handler.ts';
import { AppError } from '../../src/lib/errors.ts';
import { LedgerError } from '../../src/modules/ledger/repository.ts';

const SECRET = 'row 42 of table customers';

const THROWERS: Record<string, () => unknown> = {
  'array-of-negative-length': () => new Array(-1),
  'bad-to-fixed': () => (1).toFixed(500),
  'range-error': () => {
    throw new RangeError(SECRET);
  },
  'amount-out-of-range': () => creditTotal(-1, { months: 3, markupPercent: 12 }),
  'column-out-of-range': () => {
    const pg = Object.assign(new Error('value "2147483648" is out of range'), { code: '22003' });
    throw new Error('Failed query', { cause: pg });
  },
  'ledger-credit-not-found': () => {
    throw new LedgerError('CREDIT_NOT_FOUND');
  },
  'ledger-overpayment': () => {
    throw new LedgerError('OVERPAYMENT');
  },
  'ledger-refund-exceeds-paid': () => {
    throw new LedgerError('REFUND_EXCEEDS_PAID');
  },
  'ledger-key-reused': () => {
    throw new LedgerError('KEY_REUSED');
  },
  'ledger-unknown-reason': () => {
    throw Object.assign(new Error(SECRET), { name: 'LedgerError', reason: 'SOMETHING_NEW' });
  },
  'app-error': () => {
    throw new AppError('ORDER_NOT_CANCELLABLE', 409);
  },
  'app-error-with-retry': () => {
    throw new AppError('RATE_LIMITED', 429, undefined, { retryAfter: 30 });
  },
  'unknown-error': () => {
    throw new Error(SECRET);
  },
  'type-error': () => {
    throw new TypeError(`Cannot read properties of undefined (${SECRET})`);
  },
};

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    for (const [name, thrower] of Object.entries(THROWERS)) {
      app.get(`/${name}`, async () => thrower());
    }
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (name: string, lang = 'ru') => app.inject({ url: `/${name}`, headers: { lang } });

  it.each([
    'array-of-negative-length',
    'bad-to-fixed',
    'range-error',
    'unknown-error',
    'type-error',
    'ledger-unknown-reason',
  ])('answers a server fault (%s) with a 500 that tells nothing of it', async (name) => {
    const res = await get(name);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Ошибка сервера', code: 'INTERNAL_ERROR' });
  });

  it('answers an amount the installment rules refuse with a 400', async () => {
    const res = await get('amount-out-of-range', 'uz');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Son ruxsat etilgan chegaradan tashqarida',
      code: 'NUMBER_OUT_OF_RANGE',
    });
  });

  it("answers a number a database column cannot hold with a 400, however deep it's wrapped", async () => {
    const res = await get('column-out-of-range');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NUMBER_OUT_OF_RANGE');
  });

  it.each([
    ['ledger-credit-not-found', 404, 'CREDIT_NOT_FOUND'],
    ['ledger-overpayment', 409, 'OVERPAYMENT'],
    ['ledger-refund-exceeds-paid', 409, 'REFUND_EXCEEDS_PAID'],
    ['ledger-key-reused', 422, 'IDEMPOTENCY_KEY_REUSED'],
  ])('answers a ledger refusal (%s) with %i and its code', async (name, status, code) => {
    const ru = await get(name, 'ru');
    const uz = await get(name, 'uz');
    expect(ru.statusCode).toBe(status);
    expect(uz.statusCode).toBe(status);
    expect(ru.json().code).toBe(code);
    expect(uz.json().code).toBe(code);
    expect(ru.json().message).toMatch(/[а-яё]/i);
    expect(uz.json().message).not.toMatch(/[а-яё]/i);
  });

  it('says in both languages that a payment is more than is left to pay', async () => {
    expect((await get('ledger-overpayment', 'ru')).json().message).toBe(
      'Сумма платежа больше оставшейся задолженности по рассрочке. Обновите страницу и проверьте сумму',
    );
    expect((await get('ledger-overpayment', 'uz')).json().message).toBe(
      "To'lov summasi muddatli to'lov bo'yicha qolgan qarzdorlikdan ko'p. Sahifani yangilab, summani tekshiring",
    );
  });

  it('answers an AppError with its own status and message', async () => {
    const res = await get('app-error');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Этот заказ уже нельзя отменить',
      code: 'ORDER_NOT_CANCELLABLE',
    });
  });

  it('sends the wait of an AppError as Retry-After', async () => {
    const res = await get('app-error-with-retry');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
  });
});
