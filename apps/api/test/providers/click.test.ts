import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FiscalLine } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { clickReceipts } from '../../src/db/schema/index.ts';
import { clickAuth, clickItems, FISCAL_ATTEMPTS } from '../../src/providers/payments/click.ts';
import {
  CardDecline,
  ClickCardGateway,
  type DeclineCode,
  type GatewayLog,
} from '../../src/providers/payments/index.ts';
import {
  BLOCKED,
  CLICK_CODE,
  CLICK_MERCHANT_USER_ID,
  CLICK_SECRET_KEY,
  CLICK_SERVICE_ID,
  type ClickDouble,
  ERROR_AFTER_DEBIT,
  EXPIRED,
  LOST_ANSWER,
  NO_FUNDS,
  PROCESSING,
  startClickDouble,
} from '../helpers/click-double.ts';
import { openTestDatabase } from '../helpers/database.ts';

const CARD = '8600111111111110';

async function declineOf(promise: Promise<unknown>): Promise<DeclineCode> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CardDecline);
  return (err as CardDecline).code;
}

const LINES: FiscalLine[] = [
  {
    title: 'Smartfon Redmi 13, 8/256 GB',
    ikpu: '08517001001000000',
    packageCode: '1509913',
    units: null,
    vatPercent: 12,
    count: 2,
    unitPrice: 2_000_000,
    sum: 4_000_000,
    vat: 42_857_143,
  },
  {
    title: 'Yetkazib berish',
    ikpu: '10112006002000000',
    packageCode: '1209885',
    units: 1,
    vatPercent: 12,
    count: 1,
    unitPrice: 30_000,
    sum: 30_000,
    vat: 321_429,
    delivery: true,
  },
];

describe('Click card gateway', () => {
  let fake: ClickDouble;
  let database: DatabaseHandle;
  let clock: number;
  const warnings: { detail: object; message: string }[] = [];
  const log: GatewayLog = { warn: (detail, message) => warnings.push({ detail, message }) };
  const gateway = (options: { secretKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    new ClickCardGateway({
      baseUrl: options.baseUrl ?? fake.url,
      serviceId: CLICK_SERVICE_ID,
      merchantUserId: CLICK_MERCHANT_USER_ID,
      secretKey: options.secretKey ?? CLICK_SECRET_KEY,
      db: database.db,
      timeoutMs: options.timeoutMs ?? 2_000,
      now: () => new Date(clock),
      log,
    });
  const bind = async (click: ClickCardGateway, number = CARD) => {
    const card = await click.createCard({
      number,
      expire: '03/39',
      holderPhone: '998901234567',
      lang: 'uz',
    });
    await click.sendVerifyCode(card.token, 'uz');
    await click.verifyCard(card.token, CLICK_CODE);
    return card.token;
  };
  const receipt = (click: ClickCardGateway, amount = 100_000, fiscal?: FiscalLine[]) =>
    click.createReceipt({
      amount,
      reference: `order-${amount}`,
      description: 'Bozor order 1',
      ...(fiscal ? { fiscal: { kind: 'sale' as const, lines: fiscal } } : {}),
    });
  const row = async (id: string) =>
    (await database.db.select().from(clickReceipts).where(eq(clickReceipts.id, id)))[0];

  beforeAll(async () => {
    fake = await startClickDouble();
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(() => {
    fake.reset();
    warnings.splice(0);
    clock = Date.parse('2026-03-10T09:00:00Z');
    fake.control.now = () => clock;
  });

  it('signs every call with merchant_user_id, sha1(timestamp + secret_key) and the timestamp', async () => {
    const at = new Date('2026-03-10T09:00:00Z');
    const digest = createHash('sha1').update(`1773133200${CLICK_SECRET_KEY}`).digest('hex');
    expect(clickAuth('4', CLICK_SECRET_KEY, at)).toBe(`4:${digest}:1773133200`);
    const click = gateway();
    await bind(click);
    expect(fake.calls.map((c) => c.auth)).toEqual([
      `4:${digest}:1773133200`,
      `4:${digest}:1773133200`,
    ]);
    // a wrong key is refused with HTTP 401: Click's trouble or Bozor's, never the card's
    expect(await declineOf(bind(gateway({ secretKey: 'wrong' })))).toBe('GATEWAY_UNAVAILABLE');
    // so is a stale timestamp
    fake.control.now = () => clock + 10 * 60_000;
    expect(await declineOf(bind(click))).toBe('GATEWAY_UNAVAILABLE');
  });

  it('binds a card with a lasting token and the SMS code as a number, telling where the code went', async () => {
    const click = gateway();
    const card = await click.createCard({
      number: CARD,
      expire: '03/39',
      holderPhone: '998901234567',
      lang: 'ru',
    });
    expect(card).toEqual({
      token: expect.stringMatching(/^[0-9A-F-]{36}$/),
      masked: '8600********1110',
      type: 'uzcard',
      expire: '03/39',
    });
    expect(await click.sendVerifyCode(card.token, 'ru')).toEqual({
      phone: '99890***1234',
      wait: 60,
    });
    // Click sends a code only when a card is registered: a second ask is a new binding
    expect(await declineOf(click.sendVerifyCode(card.token, 'ru'))).toBe('CODE_EXPIRED');
    expect(await declineOf(click.verifyCard(card.token, '000000'))).toBe('WRONG_CODE');
    expect(await declineOf(click.verifyCard(card.token, '999999'))).toBe('WRONG_CODE');
    await click.verifyCard(card.token, CLICK_CODE);
    expect(fake.calls.map((c) => [c.call, c.body])).toEqual([
      [
        'card_token/request',
        { service_id: 31, card_number: CARD, expire_date: '0339', temporary: 0 },
      ],
      ['card_token/verify', { service_id: 31, card_token: card.token, sms_code: 0 }],
      ['card_token/verify', { service_id: 31, card_token: card.token, sms_code: 999999 }],
      ['card_token/verify', { service_id: 31, card_token: card.token, sms_code: 666666 }],
    ]);
  });

  it('refuses a blocked or expired card as the bank refusing, and an invalid one without calling Click', async () => {
    const click = gateway();
    const create = (number: string, expire = '03/39') =>
      click.createCard({ number, expire, holderPhone: '998901234567', lang: 'uz' });
    expect(await declineOf(create(BLOCKED))).toBe('ISSUER_DECLINED');
    expect(await declineOf(create(EXPIRED))).toBe('ISSUER_DECLINED');
    fake.calls.splice(0);
    expect(await declineOf(create('8600111111111111'))).toBe('CARD_INVALID');
    expect(await declineOf(create(CARD, '01/20'))).toBe('CARD_EXPIRED');
    expect(fake.calls).toEqual([]);
  });

  it('creates a receipt without calling Click and pays it in sum under its merchant_trans_id', async () => {
    const click = gateway();
    const token = await bind(click);
    fake.calls.splice(0);
    const { receiptId } = await receipt(click, 1_250_000);
    expect(fake.calls).toEqual([]);
    expect(await click.payReceipt({ receiptId, token })).toBe('paid');
    expect(fake.calls.map((c) => [c.call, c.body])).toEqual([
      [
        'card_token/payment',
        {
          service_id: 31,
          card_token: token,
          amount: 1_250_000,
          transaction_parameter: `${receiptId}-1`,
        },
      ],
    ]);
    expect(fake.net(receiptId)).toBe(1_250_000);
    expect(await row(receiptId)).toMatchObject({ state: 'paid', attempt: 1 });
  });

  it('reads a failed payment as the bank refusing, and pays the receipt anew under a new merchant_trans_id', async () => {
    const click = gateway();
    const poor = await bind(click, NO_FUNDS);
    const rich = await bind(click);
    const { receiptId } = await receipt(click, 200_000);
    expect(await declineOf(click.payReceipt({ receiptId, token: poor }))).toBe('ISSUER_DECLINED');
    expect(await click.checkReceipt(receiptId)).toBe('created');
    expect(await click.payReceipt({ receiptId, token: rich })).toBe('paid');
    expect(fake.paymentsOf(receiptId).map((p) => [p.merchant_trans_id, p.payment_status])).toEqual([
      [`${receiptId}-1`, -5017],
      [`${receiptId}-2`, 2],
    ]);
    expect(fake.net(receiptId)).toBe(200_000);
  });

  it('reads codes it does not know, HTTP errors and odd answers as unavailable, never as the card refusing', async () => {
    const click = gateway();
    const token = await bind(click);
    const pay = async () => click.payReceipt({ ...(await receipt(click, 10_000)), token });
    fake.control.errorFor.set('card_token/payment', { errorCode: -31999 });
    expect(await declineOf(pay())).toBe('GATEWAY_UNAVAILABLE');
    fake.control.errorFor.set('card_token/payment', { httpStatus: 500 });
    expect(await declineOf(pay())).toBe('GATEWAY_UNAVAILABLE');
    fake.control.errorFor.clear();
    for (const mode of ['garbled', 'http-502'] as const) {
      fake.control.mode = mode;
      expect(await declineOf(pay()), mode).toBe('GATEWAY_UNAVAILABLE');
    }
  });

  it('asks about a lost answer by merchant_trans_id and day, from another process after a restart', async () => {
    const click = gateway();
    const token = await bind(click, LOST_ANSWER);
    const { receiptId } = await receipt(click, 70_000);
    expect(await declineOf(click.payReceipt({ receiptId, token }))).toBe('GATEWAY_UNAVAILABLE');
    expect(fake.net(receiptId)).toBe(70_000);
    const restarted = gateway();
    fake.calls.splice(0);
    expect(await restarted.checkReceipt(receiptId)).toBe('paying');
    expect(fake.calls.map((c) => c.path)).toEqual([
      `/v2/merchant/payment/status_by_mti/31/${receiptId}-1/2026-03-10`,
    ]);
    clock += 10_000;
    fake.calls.splice(0);
    expect(await restarted.checkReceipt(receiptId)).toBe('paid');
    // the payment_id is known now: Click is asked by it
    expect(fake.calls.map((c) => c.call)).toEqual(['payment/status']);
    expect(await declineOf(restarted.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
    expect(fake.movements.filter((m) => m.kind === 'pay' && m.amount === 70_000)).toHaveLength(1);
  });

  it('asks the next day too about an attempt sent just before midnight in Tashkent', async () => {
    clock = Date.parse('2026-03-10T18:59:59.500Z'); // 23:59:59.5 in Tashkent
    const click = gateway({ timeoutMs: 2_000 });
    const token = await bind(click);
    const { receiptId } = await receipt(click, 60_000);
    await click.payReceipt({ receiptId, token });
    await database.db
      .update(clickReceipts)
      .set({ state: 'paying', paymentId: null })
      .where(eq(clickReceipts.id, receiptId));
    // Click dated the payment on the next day
    const [payment] = fake.paymentsOf(receiptId);
    payment!.created = Date.parse('2026-03-10T19:00:00.200Z');
    fake.calls.splice(0);
    expect(await click.checkReceipt(receiptId)).toBe('paid');
    expect(fake.calls.map((c) => c.path.split('/').at(-1))).toEqual(['2026-03-10', '2026-03-11']);
  });

  it('keeps asking while Click does not know a payment yet, and takes it as never made after a while', async () => {
    const click = gateway();
    const token = await bind(click, LOST_ANSWER);
    const { receiptId } = await receipt(click, 50_000);
    await declineOf(click.payReceipt({ receiptId, token }));
    fake.control.failTimes.set('payment/status_by_mti', { httpStatus: 404, times: 2 });
    expect(await declineOf(click.checkReceipt(receiptId))).toBe('RECEIPT_REFUSED');
    expect(await declineOf(click.checkReceipt(receiptId))).toBe('RECEIPT_REFUSED');
    expect(await click.checkReceipt(receiptId)).toBe('paying');

    // an attempt Click never heard of: after ten minutes it counts as never made
    const lost = await receipt(click, 40_000);
    await database.db
      .update(clickReceipts)
      .set({ state: 'paying', attempt: 1, attemptedAt: new Date(clock) })
      .where(eq(clickReceipts.id, lost.receiptId));
    expect(await declineOf(click.checkReceipt(lost.receiptId))).toBe('RECEIPT_REFUSED');
    clock += 10 * 60_000;
    expect(await click.checkReceipt(lost.receiptId)).toBe('created');
    expect(await click.cancelReceipt(lost.receiptId)).toBe('cancelled');
  });

  it('takes the money of the error-after-debit card once and learns from its status that it was paid', async () => {
    const click = gateway();
    const token = await bind(click, ERROR_AFTER_DEBIT);
    const { receiptId } = await receipt(click, 30_000);
    expect(await declineOf(click.payReceipt({ receiptId, token }))).toBe('GATEWAY_UNAVAILABLE');
    expect(await click.checkReceipt(receiptId)).toBe('paid');
    expect(fake.net(receiptId)).toBe(30_000);
  });

  it('puts back an attempt that never reached Click, so the payment fails at once', async () => {
    const click = gateway();
    const token = await bind(click);
    const { receiptId } = await receipt(click, 20_000);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = gateway({ baseUrl: `http://127.0.0.1:${port}/v2/merchant` });
    expect(await declineOf(offline.payReceipt({ receiptId, token }))).toBe('GATEWAY_UNAVAILABLE');
    expect(await row(receiptId)).toMatchObject({ state: 'created', attempt: 1 });
    expect(await offline.cancelReceipt(receiptId)).toBe('cancelled');
  });

  it('reverses a paid receipt once; refused N times it is reversed on the next, refused for ever it stays paid', async () => {
    const click = gateway();
    const token = await bind(click);
    const { receiptId } = await receipt(click, 80_000);
    await click.payReceipt({ receiptId, token });
    fake.control.failTimes.set('payment/reversal', { errorCode: -5030, times: 2 });
    expect(await declineOf(click.cancelReceipt(receiptId))).toBe('ISSUER_DECLINED');
    expect(await declineOf(click.cancelReceipt(receiptId))).toBe('ISSUER_DECLINED');
    expect(await click.checkReceipt(receiptId)).toBe('paid');
    expect(await click.cancelReceipt(receiptId)).toBe('cancelled');
    expect(fake.net(receiptId)).toBe(0);
    expect(await declineOf(click.cancelReceipt(receiptId))).toBe('RECEIPT_REFUSED');

    const second = await receipt(click, 81_000);
    await click.payReceipt({ ...second, token });
    fake.control.errorFor.set('payment/reversal', { errorCode: -5030 });
    for (let i = 0; i < 3; i += 1) {
      expect(await declineOf(click.cancelReceipt(second.receiptId))).toBe('ISSUER_DECLINED');
    }
    expect(fake.net(second.receiptId)).toBe(81_000);
  });

  it('reads a reversal refused after its lost answer as done when the payment is no longer paid', async () => {
    const click = gateway({ timeoutMs: 300 });
    const token = await bind(click);
    const { receiptId } = await receipt(click, 90_000);
    await click.payReceipt({ receiptId, token });
    fake.control.lateMs.set('payment/reversal', 1_000);
    expect(await declineOf(click.cancelReceipt(receiptId))).toBe('GATEWAY_UNAVAILABLE');
    fake.control.lateMs.clear();
    expect(fake.net(receiptId)).toBe(0);
    expect(await click.cancelReceipt(receiptId)).toBe('cancelled');
  });

  it("cannot reverse a payment of last month except on the month's first day", async () => {
    const click = gateway();
    const token = await bind(click);
    const { receiptId } = await receipt(click, 15_000);
    await click.payReceipt({ receiptId, token });
    clock = Date.parse('2026-04-02T09:00:00Z');
    expect(await declineOf(click.cancelReceipt(receiptId))).toBe('ISSUER_DECLINED');
    clock = Date.parse('2026-04-01T09:00:00Z');
    expect(await click.cancelReceipt(receiptId)).toBe('cancelled');
  });

  it("sends a paid receipt's fiscal lines to Click's OFD in tiyin, the delivery an item of its own", async () => {
    const click = gateway();
    const token = await bind(click);
    const { receiptId } = await receipt(click, 4_030_000, LINES);
    expect(await click.payReceipt({ receiptId, token })).toBe('paid');
    const [payment] = fake.paymentsOf(receiptId);
    expect(fake.ofd.filter((o) => o.payment_id === payment!.payment_id)).toEqual([
      {
        payment_id: payment!.payment_id,
        items: [
          {
            Name: 'Smartfon Redmi 13, 8/256 GB',
            SPIC: '08517001001000000',
            PackageCode: '1509913',
            GoodPrice: 200_000_000,
            Price: 400_000_000,
            Amount: 2,
            VAT: 42_857_143,
            VATPercent: 12,
          },
          {
            Name: 'Yetkazib berish',
            SPIC: '10112006002000000',
            PackageCode: '1209885',
            Units: 1,
            GoodPrice: 3_000_000,
            Price: 3_000_000,
            Amount: 1,
            VAT: 321_429,
            VATPercent: 12,
          },
        ],
        received_ecash: 0,
        received_cash: 0,
        received_card: 403_000_000,
      },
    ]);
    expect(await row(receiptId)).toMatchObject({ fiscalSubmittedAt: expect.any(Date) });
  });

  it('gives a part of a line (an installment) as one piece at that part, so the items add up', () => {
    const [part] = clickItems([{ ...LINES[0]!, sum: 1_234_567, vat: 13_227_504 }]);
    expect(part).toMatchObject({ GoodPrice: 123_456_700, Price: 123_456_700, Amount: 1 });
    expect(clickItems([{ ...LINES[0]!, title: 'x'.repeat(80) }])[0]?.Name).toHaveLength(63);
  });

  it('never fails a payment for its fiscal lines: a refusal is logged and they are offered again', async () => {
    const click = gateway();
    const token = await bind(click);
    const { receiptId } = await receipt(click, 4_030_000, LINES);
    const submitted = () =>
      fake.ofd.filter((o) => fake.paymentsOf(receiptId).some((p) => p.payment_id === o.payment_id));
    fake.control.failTimes.set('ofd_data/submit_items', { errorCode: -8, times: 1 });
    expect(await click.payReceipt({ receiptId, token })).toBe('paid');
    expect(submitted()).toEqual([]);
    expect(warnings).toEqual([
      {
        detail: expect.objectContaining({ receiptId, attempts: 1 }),
        message: "Click's OFD refused a paid receipt's fiscal lines; they are offered again later",
      },
    ]);
    expect(await row(receiptId)).toMatchObject({ fiscalAttempts: 1, fiscalSubmittedAt: null });
    await click.listReceipts(new Date(clock - 1_000), new Date(clock + 1_000));
    expect(submitted()).toHaveLength(1);
    expect(await row(receiptId)).toMatchObject({ fiscalSubmittedAt: expect.any(Date) });

    // past the limit they are no longer offered
    const other = await receipt(click, 4_030_000, LINES);
    fake.control.errorFor.set('ofd_data/submit_items', { httpStatus: 502 });
    await click.payReceipt({ ...other, token });
    for (let i = 0; i < FISCAL_ATTEMPTS + 2; i += 1) {
      await click.listReceipts(new Date(clock - 1_000), new Date(clock + 1_000));
    }
    expect(fake.calls.filter((c) => c.call === 'ofd_data/submit_items')).toHaveLength(
      2 + FISCAL_ATTEMPTS,
    );
  });

  it('lists the receipts it created with their states, asking Click about those being paid', async () => {
    const click = gateway();
    const token = await bind(click, PROCESSING);
    const from = new Date(clock - 1_000);
    const { receiptId } = await receipt(click, 120_000);
    expect(await click.payReceipt({ receiptId, token })).toBe('paying');
    const listed = async () =>
      (await click.listReceipts(from, new Date(clock + 1_000))).find((r) => r.id === receiptId);
    expect(await listed()).toMatchObject({ state: 'paying', reference: 'order-120000' });
    clock += 11_000;
    expect(await listed()).toMatchObject({ state: 'paid', amount: 120_000 });
  });

  it('removes a card token, and one Click no longer has is removed too', async () => {
    const click = gateway();
    const token = await bind(click);
    await click.removeCard(token);
    await click.removeCard(token);
    expect(fake.calls.slice(-2).map((c) => [c.method, c.path])).toEqual([
      ['DELETE', `/v2/merchant/card_token/31/${token}`],
      ['DELETE', `/v2/merchant/card_token/31/${token}`],
    ]);
  });

  it('has no turnover to give: scoring needs another data source', async () => {
    expect(await declineOf(gateway().monthlyTurnover('tok', 6))).toBe('GATEWAY_UNAVAILABLE');
    expect(fake.calls).toEqual([]);
  });
});
