import { passesLuhn } from '@bozor/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { decide } from '../../src/modules/scoring/decision.ts';
import {
  CardDecline,
  type DeclineCode,
  SANDBOX_CARDS,
  SandboxCardGateway,
} from '../../src/providers/payments/index.ts';
import { LogSmsProvider } from '../../src/providers/sms/index.ts';
import { openTestDatabase } from '../helpers/database.ts';

const PHONE = '998901234567';
const EXPIRE = '12/39';

function cardOf(behaviour: string, type = 'uzcard'): string {
  const card = SANDBOX_CARDS.find((c) => c.behaviour === behaviour && c.type === type);
  if (!card) throw new Error(`no sandbox card behaves ${behaviour}`);
  return card.number;
}

async function declineOf(promise: Promise<unknown>): Promise<DeclineCode> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CardDecline);
  return (err as CardDecline).code;
}

/** The sandbox's books are in a database: one for this file, shared like a real gateway's. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function setup(now?: () => Date, processingMs?: number) {
  const sms = new LogSmsProvider();
  const gateway = new SandboxCardGateway(sms, {
    db: database.db,
    ...(now ? { now } : {}),
    ...(processingMs === undefined ? {} : { processingMs }),
  });
  /** Pays `amount` from the card under a new receipt; answers the receipt. */
  const pay = async (token: string, amount = 100_000) => {
    const { receiptId } = await gateway.createReceipt({
      amount,
      reference: `test-${amount}`,
      description: 'x',
    });
    await gateway.payReceipt({ receiptId, token });
    return receiptId;
  };
  const codeFor = (phone = PHONE) => {
    const text = sms.outbox(phone)[0]?.text ?? '';
    return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  };
  /** Binds and verifies a card the way the cards module will. */
  const bind = async (number: string) => {
    const card = await gateway.createCard({
      number,
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'uz',
    });
    await gateway.sendVerifyCode(card.token, 'uz');
    await gateway.verifyCard(card.token, codeFor());
    return card;
  };
  return { sms, gateway, codeFor, bind, pay };
}

describe('SANDBOX_CARDS', () => {
  it('lists only 16-digit Luhn-valid Uzcard and Humo numbers', () => {
    for (const card of SANDBOX_CARDS) {
      expect(card.number).toMatch(/^\d{16}$/);
      expect(passesLuhn(card.number), card.number).toBe(true);
      expect(card.number.slice(0, 4)).toBe(card.type === 'humo' ? '9860' : '8600');
    }
  });

  it('has one approved Uzcard, one approved Humo and a card for each decline', () => {
    const behaviours = SANDBOX_CARDS.map((c) => `${c.behaviour}:${c.type}`);
    expect(behaviours).toEqual(
      expect.arrayContaining([
        'approved:uzcard',
        'approved:humo',
        'low-turnover:uzcard',
        'insufficient-funds:uzcard',
        'blocked:uzcard',
        'expired:humo',
        'lost-answer:uzcard',
        'error-after-debit:uzcard',
        'processing:uzcard',
        'refund-refused:uzcard',
      ]),
    );
  });
});

describe('SandboxCardGateway', () => {
  it('binds a card under a random token that does not contain the number', async () => {
    const { gateway } = setup();
    const number = cardOf('approved');
    const first = await gateway.createCard({
      number,
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'uz',
    });
    const second = await gateway.createCard({
      number,
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'uz',
    });
    expect(first).toMatchObject({ masked: '8600********1110', type: 'uzcard', expire: EXPIRE });
    expect(first.token).not.toContain(number);
    expect(first.token).not.toContain(number.slice(0, 12));
    expect(first.token).not.toBe(second.token);
  });

  it('sends the code by SMS in the customer language and verifies the card with it', async () => {
    const { gateway, sms, codeFor } = setup();
    const card = await gateway.createCard({
      number: cardOf('approved', 'humo'),
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'ru',
    });
    expect(card.type).toBe('humo');

    const sent = await gateway.sendVerifyCode(card.token, 'ru');
    expect(sent).toEqual({ phone: '99890*****67', wait: 60 });
    const text = sms.outbox(PHONE)[0]?.text;
    expect(text).toMatch(/^Bozor: код подтверждения карты \d{6}\. Никому не сообщайте код\.$/);
    expect(text).not.toContain(cardOf('approved', 'humo'));

    await gateway.sendVerifyCode(card.token, 'uz');
    expect(sms.outbox(PHONE)[0]?.text).toMatch(
      /^Bozor: kartani tasdiqlash kodi \d{6}\. Kodni hech kimga aytmang\.$/,
    );
    await expect(gateway.verifyCard(card.token, codeFor())).resolves.toBeUndefined();
  });

  it('refuses a wrong code, and drops the code after five wrong tries', async () => {
    const { gateway, codeFor } = setup();
    const card = await gateway.createCard({
      number: cardOf('approved'),
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'uz',
    });
    await gateway.sendVerifyCode(card.token, 'uz');
    const wrong = codeFor() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(await declineOf(gateway.verifyCard(card.token, wrong))).toBe('WRONG_CODE');
    }
    expect(await declineOf(gateway.verifyCard(card.token, codeFor()))).toBe('CODE_EXPIRED');
  });

  it('answers CODE_EXPIRED before a code is sent and once it is three minutes old', async () => {
    let now = new Date('2026-03-01T09:00:00Z');
    const { gateway, codeFor } = setup(() => now);
    const card = await gateway.createCard({
      number: cardOf('approved'),
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'uz',
    });
    expect(await declineOf(gateway.verifyCard(card.token, '123456'))).toBe('CODE_EXPIRED');
    await gateway.sendVerifyCode(card.token, 'uz');
    now = new Date(now.getTime() + 180_001);
    expect(await declineOf(gateway.verifyCard(card.token, codeFor()))).toBe('CODE_EXPIRED');
  });

  it('answers GATEWAY_UNAVAILABLE when the SMS cannot be sent', async () => {
    const gateway = new SandboxCardGateway(
      { name: 'down', send: () => Promise.reject(new Error('network down')) },
      { db: database.db },
    );
    const card = await gateway.createCard({
      number: cardOf('approved'),
      expire: EXPIRE,
      holderPhone: PHONE,
      lang: 'uz',
    });
    const err = await gateway.sendVerifyCode(card.token, 'uz').catch((e: CardDecline) => e);
    expect(err).toBeInstanceOf(CardDecline);
    expect(err).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', status: 503 });
  });

  it('gives the approved cards 12–15 million sum a month, the same months for the same number', async () => {
    for (const type of ['uzcard', 'humo']) {
      const number = cardOf('approved', type);
      const one = setup();
      const other = setup();
      const months = await one.gateway.monthlyTurnover((await one.bind(number)).token, 6);
      const again = await other.gateway.monthlyTurnover((await other.bind(number)).token, 6);
      expect(months).toHaveLength(6);
      expect(again).toEqual(months);
      for (const sum of months) {
        expect(Number.isSafeInteger(sum)).toBe(true);
        expect(sum).toBeGreaterThanOrEqual(12_000_000);
        expect(sum).toBeLessThanOrEqual(15_000_000);
      }
    }
  });

  it('keeps each month in place when fewer months are asked (oldest first)', async () => {
    const { gateway, bind } = setup();
    const { token } = await bind(cardOf('approved'));
    const six = await gateway.monthlyTurnover(token, 6);
    expect(await gateway.monthlyTurnover(token, 3)).toEqual(six.slice(3));
  });

  it('gives the low-turnover card 50–90 thousand sum a month', async () => {
    const { gateway, bind } = setup();
    const months = await gateway.monthlyTurnover((await bind(cardOf('low-turnover'))).token, 6);
    for (const sum of months) {
      expect(sum).toBeGreaterThanOrEqual(50_000);
      expect(sum).toBeLessThanOrEqual(90_000);
    }
  });

  it('lets scoring approve the approved cards and reject the low-turnover card', async () => {
    const { gateway, bind } = setup();
    const decisionFor = async (number: string) =>
      decide({
        birthDate: new Date('1990-01-20'),
        today: new Date(),
        monthlyTurnover: await gateway.monthlyTurnover((await bind(number)).token, 6),
        existingMonthlyDebtService: 0,
        existingDebt: 0,
        hasOverdue: false,
        firstLimitCap: 2_000_000,
        hasCreditHistory: false,
        longestTariff: { months: 12, markupPercent: 44 },
      });
    for (const number of [cardOf('approved'), cardOf('approved', 'humo'), '8600123456789012']) {
      expect(await decisionFor(number)).toMatchObject({ approved: true, limit: 2_000_000 });
    }
    expect(await decisionFor(cardOf('low-turnover'))).toMatchObject({
      approved: false,
      reason: 'LOW_INCOME',
    });
  });

  it('treats any other valid Uzcard or Humo number as approved with 3–8 million a month', async () => {
    const { gateway, bind, pay } = setup();
    for (const number of ['5614111111111110', '8600123456789012']) {
      const { token, type } = await bind(number);
      expect(type).toBe('uzcard');
      for (const sum of await gateway.monthlyTurnover(token, 6)) {
        expect(sum).toBeGreaterThanOrEqual(3_000_000);
        expect(sum).toBeLessThanOrEqual(8_000_000);
      }
      expect(await gateway.checkReceipt(await pay(token, 150_000))).toBe('paid');
    }
  });

  it('refuses the blocked and the expired test cards at binding', async () => {
    const { gateway } = setup();
    const create = (number: string) =>
      gateway.createCard({ number, expire: EXPIRE, holderPhone: PHONE, lang: 'uz' });
    expect(await declineOf(create(cardOf('blocked')))).toBe('CARD_BLOCKED');
    expect(await declineOf(create(cardOf('expired', 'humo')))).toBe('CARD_EXPIRED');
  });

  it('refuses invalid numbers and expiries', async () => {
    const { gateway } = setup(() => new Date('2026-03-01T09:00:00Z'));
    const create = (number: string, expire = EXPIRE) =>
      gateway.createCard({ number, expire, holderPhone: PHONE, lang: 'uz' });
    expect(await declineOf(create('8600111111111111'))).toBe('CARD_INVALID');
    expect(await declineOf(create('4111111111111111'))).toBe('CARD_INVALID');
    expect(await declineOf(create('860011111111110'))).toBe('CARD_INVALID');
    expect(await declineOf(create('8600 1111 1111 1110'))).toBe('CARD_INVALID');
    expect(await declineOf(create(cardOf('approved'), '13/30'))).toBe('CARD_INVALID');
    expect(await declineOf(create(cardOf('approved'), '0230'))).toBe('CARD_INVALID');
    expect(await declineOf(create(cardOf('approved'), '02/26'))).toBe('CARD_EXPIRED');
    await expect(create(cardOf('approved'), '03/26')).resolves.toHaveProperty('token');
  });

  it('fails every payment of the insufficient-funds card, though it binds', async () => {
    const { gateway, bind, pay } = setup();
    const { token } = await bind(cardOf('insufficient-funds'));
    expect(await declineOf(pay(token))).toBe('INSUFFICIENT_FUNDS');
    const { receiptId } = await gateway.createReceipt({
      amount: 5_000,
      reference: 'r',
      description: 'x',
    });
    expect(await declineOf(gateway.payReceipt({ receiptId, token }))).toBe('INSUFFICIENT_FUNDS');
    expect(await gateway.checkReceipt(receiptId)).toBe('created');
  });

  it('pays with any card it bound, and refuses unknown, mangled and removed tokens', async () => {
    const { gateway, bind, pay } = setup();
    const { token } = await bind(cardOf('approved'));
    expect(await gateway.checkReceipt(await pay(token))).toBe('paid');
    expect(await declineOf(pay('sbx_unknown'))).toBe('CARD_INVALID');
    const mangled = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(await declineOf(pay(mangled))).toBe('CARD_INVALID');

    await gateway.removeCard(token);
    await gateway.removeCard(token);
    expect(await declineOf(pay(token))).toBe('CARD_INVALID');
  });

  it('keeps a bound card working after a restart: the token carries it, not the memory', async () => {
    const before = setup();
    const rich = await before.bind(cardOf('approved'));
    const poor = await before.bind(cardOf('insufficient-funds'));
    const months = await before.gateway.monthlyTurnover(rich.token, 6);
    expect(rich.token).not.toContain(cardOf('approved').slice(4, 12));

    const after = setup();
    expect(await after.gateway.monthlyTurnover(rich.token, 6)).toEqual(months);
    expect(await after.gateway.checkReceipt(await after.pay(rich.token, 1_000))).toBe('paid');
    expect(await declineOf(after.pay(poor.token, 1_000))).toBe('INSUFFICIENT_FUNDS');
  });

  it('keeps its receipts in its books: another process checks and cancels one it did not create', async () => {
    const one = setup();
    const other = setup();
    const { token } = await one.bind(cardOf('approved'));
    const receiptId = await one.pay(token, 300_000);
    expect(await other.gateway.checkReceipt(receiptId)).toBe('paid');
    expect(await other.gateway.cancelReceipt(receiptId)).toBe('cancelled');
    expect(await one.gateway.checkReceipt(receiptId)).toBe('cancelled');
  });

  describe('with the slow and the refusing test cards', () => {
    const start = new Date('2026-04-02T10:00:00Z');
    let now: Date;
    const later = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    const receipt = (gateway: SandboxCardGateway, amount = 100_000) =>
      gateway.createReceipt({ amount, reference: `slow-${amount}`, description: 'x' });

    beforeEach(() => {
      now = start;
    });

    it('takes the money of the lost-answer card, loses the answer and pays 10 seconds later', async () => {
      const { gateway, bind } = setup(() => now);
      const { token } = await bind(cardOf('lost-answer'));
      const { receiptId } = await receipt(gateway, 700_000);
      const lost = await gateway.payReceipt({ receiptId, token }).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(Error);
      expect(lost).not.toBeInstanceOf(CardDecline);
      later(9_999);
      expect(await gateway.checkReceipt(receiptId)).toBe('paying');
      // paying it again is refused: the money moved once
      expect(await declineOf(gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
      later(1);
      expect(await gateway.checkReceipt(receiptId)).toBe('paid');
      expect(await declineOf(gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
    });

    it('takes the money of the error-after-debit card and then declines the payment', async () => {
      const { gateway, bind } = setup(() => now);
      const { token } = await bind(cardOf('error-after-debit'));
      const { receiptId } = await receipt(gateway, 600_000);
      expect(await declineOf(gateway.payReceipt({ receiptId, token }))).toBe('ISSUER_DECLINED');
      expect(await gateway.checkReceipt(receiptId)).toBe('paid');
      expect(await declineOf(gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
    });

    it("processes the processing card's receipt for the time it is given, then pays it at its end", async () => {
      const { gateway, bind } = setup(() => now, 500);
      const { token } = await bind(cardOf('processing'));
      const { receiptId } = await receipt(gateway, 500_000);
      expect(await gateway.payReceipt({ receiptId, token })).toBe('paying');
      later(499);
      expect(await gateway.checkReceipt(receiptId)).toBe('paying');
      expect(await declineOf(gateway.cancelReceipt(receiptId))).toBe('RECEIPT_REFUSED');
      later(100);
      const listed = (await gateway.listReceipts(start, new Date(start.getTime() + 1))).find(
        (r) => r.id === receiptId,
      );
      expect(listed).toMatchObject({ state: 'paid', paidAt: new Date(start.getTime() + 500) });
      expect(await gateway.cancelReceipt(receiptId)).toBe('cancelled');
    });

    it('refuses every refund of the refund-refused card and keeps its receipt paid', async () => {
      const { gateway, bind, pay } = setup(() => now);
      const { token } = await bind(cardOf('refund-refused'));
      const receiptId = await pay(token, 400_000);
      expect(await gateway.checkReceipt(receiptId)).toBe('paid');
      for (let i = 0; i < 3; i += 1) {
        expect(await declineOf(gateway.cancelReceipt(receiptId))).toBe('RECEIPT_REFUSED');
      }
      expect(await gateway.checkReceipt(receiptId)).toBe('paid');
    });
  });

  it('refuses to tell the state of a receipt it never issued', async () => {
    const { gateway } = setup();
    expect(await declineOf(gateway.checkReceipt('sbx_rcpt_unknown'))).toBe('RECEIPT_REFUSED');
  });
});

describe('CardDecline', () => {
  const codes: DeclineCode[] = [
    'INSUFFICIENT_FUNDS',
    'CARD_BLOCKED',
    'CARD_INVALID',
    'CARD_EXPIRED',
    'LIMIT_EXCEEDED',
    'WRONG_CODE',
    'CODE_EXPIRED',
    'ISSUER_DECLINED',
    'RECEIPT_REFUSED',
    'GATEWAY_UNAVAILABLE',
  ];

  it('has a customer message in Uzbek and Russian for every code', () => {
    for (const code of codes) {
      const decline = new CardDecline(code);
      expect(decline.customerMessage('uz')).toMatch(/\S/);
      expect(decline.customerMessage('ru')).toMatch(/[а-яё]/i);
      expect(decline.customerMessage('uz')).not.toBe(decline.customerMessage('ru'));
    }
  });

  it('is a 503 only when the gateway is unavailable', () => {
    for (const code of codes) {
      expect(new CardDecline(code).status).toBe(code === 'GATEWAY_UNAVAILABLE' ? 503 : 422);
    }
  });
});
