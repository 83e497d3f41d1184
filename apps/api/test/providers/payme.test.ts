import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CardDecline,
  type DeclineCode,
  PaymeCardGateway,
} from '../../src/providers/payments/index.ts';
import {
  BLOCKED,
  PAYME_CODE as CODE,
  ERROR_AFTER_DEBIT,
  PAYME_KEY as KEY,
  LOST_ANSWER,
  PAYME_MERCHANT as MERCHANT,
  type PaymeDouble,
  PROCESSING,
  PROCESSING_STATES,
  RECEIPT,
  REFUND_REFUSED,
  startPaymeDouble,
} from '../helpers/payme-double.ts';

const CARD = '8600111111111110';

async function declineOf(promise: Promise<unknown>): Promise<DeclineCode> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CardDecline);
  return (err as CardDecline).code;
}

describe('Payme card gateway', () => {
  let fake: PaymeDouble;
  const gateway = (options: { key?: string; timeoutMs?: number } = {}) =>
    new PaymeCardGateway({
      baseUrl: fake.url,
      merchantId: MERCHANT,
      key: options.key ?? KEY,
      timeoutMs: options.timeoutMs ?? 2_000,
    });
  const bind = async (payme: PaymeCardGateway, number = CARD) => {
    const card = await payme.createCard({
      number,
      expire: '03/39',
      holderPhone: '998901234567',
      lang: 'uz',
    });
    await payme.sendVerifyCode(card.token, 'uz');
    await payme.verifyCard(card.token, CODE);
    return card;
  };

  beforeAll(async () => {
    fake = await startPaymeDouble();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('binds a card with the merchant id and verifies it with the SMS code', async () => {
    const payme = gateway();
    const card = await payme.createCard({
      number: CARD,
      expire: '03/39',
      holderPhone: '998901234567',
      lang: 'ru',
    });
    expect(card).toEqual({
      token: expect.stringMatching(/^tok-/),
      masked: '8600********1110',
      type: 'uzcard',
      expire: '03/39',
    });
    expect(await payme.sendVerifyCode(card.token, 'ru')).toEqual({
      phone: '99890*****31',
      wait: 60,
    });
    await payme.verifyCard(card.token, CODE);
    expect(fake.calls).toEqual([
      {
        method: 'cards.create',
        auth: MERCHANT,
        params: { card: { number: CARD, expire: '0339' }, save: true },
      },
      { method: 'cards.get_verify_code', auth: MERCHANT, params: { token: card.token } },
      { method: 'cards.verify', auth: MERCHANT, params: { token: card.token, code: CODE } },
    ]);
  });

  it('maps a wrong code, an expired code and a blocked card', async () => {
    const payme = gateway();
    const card = await payme.createCard({
      number: CARD,
      expire: '03/39',
      holderPhone: '998901234567',
      lang: 'uz',
    });
    expect(await declineOf(payme.verifyCard(card.token, '000000'))).toBe('WRONG_CODE');
    expect(await declineOf(payme.verifyCard(card.token, '999999'))).toBe('CODE_EXPIRED');
    const blocked = payme.createCard({
      number: BLOCKED,
      expire: '03/39',
      holderPhone: '998901234567',
      lang: 'uz',
    });
    expect(await declineOf(blocked)).toBe('CARD_BLOCKED');
  });

  it('refuses an invalid or expired card without calling Payme', async () => {
    const payme = gateway();
    const create = (number: string, expire: string) =>
      payme.createCard({ number, expire, holderPhone: '998901234567', lang: 'uz' });
    expect(await declineOf(create('8600111111111111', '03/39'))).toBe('CARD_INVALID');
    expect(await declineOf(create(CARD, '01/20'))).toBe('CARD_EXPIRED');
    expect(fake.calls).toEqual([]);
  });

  it('creates a receipt in tiyin and pays it with the card token, both with the merchant key', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    fake.calls.splice(0);
    const { receiptId } = await payme.createReceipt({
      amount: 1_250_000,
      reference: 'order-41-first',
      description: 'Bozor: buyurtma 41',
    });
    expect(await payme.payReceipt({ receiptId, token })).toBe('paid');
    expect(fake.calls).toEqual([
      {
        method: 'receipts.create',
        auth: `${MERCHANT}:${KEY}`,
        params: {
          amount: 125_000_000,
          account: { payment: 'order-41-first' },
          description: 'Bozor: buyurtma 41',
        },
      },
      { method: 'receipts.pay', auth: `${MERCHANT}:${KEY}`, params: { id: receiptId, token } },
    ]);
    expect(fake.net(receiptId)).toBe(125_000_000);
  });

  it('keeps nothing between calls: the same reference twice is two receipts at Payme', async () => {
    const payme = gateway();
    const input = { amount: 300_000, reference: 'order-42-first', description: 'x' };
    const [first, second] = await Promise.all([
      payme.createReceipt(input),
      gateway().createReceipt(input),
    ]);
    expect(first.receiptId).not.toBe(second.receiptId);
    expect(fake.calls.filter((c) => c.method === 'receipts.create')).toHaveLength(2);
  });

  it('an answer that comes too late reads as unavailable; the receipt then tells it was paid', async () => {
    const payme = gateway({ timeoutMs: 300 });
    const { token } = await bind(payme);
    const { receiptId } = await payme.createReceipt({
      amount: 450_000,
      reference: 'order-43-month-2',
      description: 'x',
    });
    fake.control.lateMs.set('receipts.pay', 1_000);
    expect(await declineOf(payme.payReceipt({ receiptId, token }))).toBe('GATEWAY_UNAVAILABLE');
    expect(await payme.checkReceipt(receiptId)).toBe('paid');
    expect(fake.receipts.get(receiptId)?.state).toBe(RECEIPT.paid);
  });

  it('maps insufficient funds, a receipt paid twice and an unknown receipt', async () => {
    const payme = gateway();
    const poor = await bind(payme, '8600333333333336');
    const rich = await bind(payme);
    const { receiptId } = await payme.createReceipt({
      amount: 100_000,
      reference: 'r',
      description: 'x',
    });
    expect(await declineOf(payme.payReceipt({ receiptId, token: poor.token }))).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(await payme.payReceipt({ receiptId, token: rich.token })).toBe('paid');
    expect(await declineOf(payme.payReceipt({ receiptId, token: rich.token }))).toBe(
      'RECEIPT_REFUSED',
    );
    expect(await declineOf(payme.checkReceipt('receipt-unknown'))).toBe('RECEIPT_REFUSED');
  });

  it('refuses amounts that are not positive whole sums before calling Payme', async () => {
    const payme = gateway();
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER]) {
      await expect(
        payme.createReceipt({ amount, reference: `k${amount}`, description: 'x' }),
      ).rejects.toThrow(RangeError);
    }
    expect(fake.calls).toEqual([]);
  });

  it('refunds by cancelling the receipt once; a second cancel and an unknown receipt are refused', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    const { receiptId } = await payme.createReceipt({
      amount: 200_000,
      reference: 'o',
      description: 'x',
    });
    await payme.payReceipt({ receiptId, token });
    expect(await payme.cancelReceipt(receiptId)).toBe('cancelling');
    expect(fake.calls.at(-1)).toEqual({
      method: 'receipts.cancel',
      auth: `${MERCHANT}:${KEY}`,
      params: { id: receiptId },
    });
    expect(await declineOf(payme.cancelReceipt(receiptId))).toBe('RECEIPT_REFUSED');
    expect(fake.net(receiptId)).toBe(0);
    expect(fake.movements.filter((m) => m.receiptId === receiptId)).toHaveLength(2);
    expect(await declineOf(payme.cancelReceipt('receipt-unknown'))).toBe('RECEIPT_REFUSED');
  });

  it('lists the receipts of a period page by page, in sum, with the payment reference', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    const from = new Date(Date.now() - 1_000);
    const made: string[] = [];
    for (let i = 0; i < 53; i += 1) {
      const { receiptId } = await payme.createReceipt({
        amount: 1_000 + i,
        reference: `ref-${i}`,
        description: 'x',
      });
      made.push(receiptId);
    }
    await payme.payReceipt({ receiptId: made[0]!, token });
    const listed = await payme.listReceipts(from, new Date(Date.now() + 1_000));
    expect(listed.map((r) => r.id)).toEqual(expect.arrayContaining(made));
    expect(listed.find((r) => r.id === made[0])).toMatchObject({
      amount: 1_000,
      reference: 'ref-0',
      state: 'paid',
      paidAt: expect.any(Date),
    });
    expect(fake.calls.filter((c) => c.method === 'receipts.get_all').length).toBeGreaterThan(1);
  });

  it('removes a card with the merchant key, and a card Payme no longer has is removed too', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    await payme.removeCard(token);
    await payme.removeCard(token);
    expect(fake.calls.slice(-2)).toEqual([
      { method: 'cards.remove', auth: `${MERCHANT}:${KEY}`, params: { token } },
      { method: 'cards.remove', auth: `${MERCHANT}:${KEY}`, params: { token } },
    ]);
  });

  it('reads codes it does not know and protocol errors as unavailable, never as the card refusing', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    const pay = async () => {
      const { receiptId } = await payme.createReceipt({
        amount: 100_000,
        reference: 'p',
        description: 'x',
      });
      return payme.payReceipt({ receiptId, token });
    };
    fake.control.errorFor.set('receipts.pay', -31999);
    expect(await declineOf(pay())).toBe('GATEWAY_UNAVAILABLE');
    fake.control.errorFor.set('receipts.pay', -31630);
    expect(await declineOf(pay())).toBe('ISSUER_DECLINED');
    fake.control.errorFor.set('receipts.pay', -31612);
    expect(await declineOf(pay())).toBe('LIMIT_EXCEEDED');
    fake.control.errorFor.clear();
    expect(await declineOf(gateway({ key: 'wrong' }).checkReceipt('receipt-1'))).toBe(
      'GATEWAY_UNAVAILABLE',
    );
  });

  it('answers GATEWAY_UNAVAILABLE to a garbled, empty or odd answer and to HTTP errors', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    for (const mode of ['garbled', 'no-result', 'odd-shape', 'http-502'] as const) {
      fake.control.mode = mode;
      expect(await declineOf(payme.sendVerifyCode(token, 'uz')), mode).toBe('GATEWAY_UNAVAILABLE');
    }
  });

  it('answers GATEWAY_UNAVAILABLE when Payme does not answer in time or cannot be reached', async () => {
    const payme = gateway({ timeoutMs: 200 });
    fake.control.lateMs.set('receipts.create', 1_000);
    const started = Date.now();
    const slow = payme.createReceipt({ amount: 1, reference: 'slow', description: 'x' });
    expect(await declineOf(slow)).toBe('GATEWAY_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(900);
    fake.control.lateMs.clear();

    fake.control.mode = 'unreachable';
    expect(await declineOf(payme.checkReceipt('any'))).toBe('GATEWAY_UNAVAILABLE');
    fake.control.mode = 'ok';

    const offline = new PaymeCardGateway({
      baseUrl: 'http://127.0.0.1:9/api',
      merchantId: 'm',
      key: 'k',
    });
    expect(await declineOf(offline.sendVerifyCode('tok', 'uz'))).toBe('GATEWAY_UNAVAILABLE');
  });

  describe('receipts in their rarer states', () => {
    let clock: number;
    const later = (ms: number) => {
      clock += ms;
    };
    const receipt = (amount = 100_000) =>
      gateway().createReceipt({ amount, reference: `rare-${amount}`, description: 'x' });

    beforeEach(() => {
      clock = Date.parse('2026-03-01T09:00:00Z');
      fake.control.now = () => clock;
    });

    it.each(PROCESSING_STATES)('reads a receipt processed in state %i as paying', async (state) => {
      fake.control.processingState = state;
      const payme = gateway();
      const { token } = await bind(payme, PROCESSING);
      const { receiptId } = await receipt();
      expect(await payme.payReceipt({ receiptId, token })).toBe('paying');
      expect(await payme.checkReceipt(receiptId)).toBe('paying');
      expect(fake.receipts.get(receiptId)?.state).toBe(state);
    });

    it.each([
      [RECEIPT.created, 'created'],
      [RECEIPT.paid, 'paid'],
      [RECEIPT.cancelling, 'cancelling'],
      [RECEIPT.cancelled, 'cancelled'],
    ] as const)('reads a receipt in state %i as %s', async (state, read) => {
      const { receiptId } = await receipt();
      fake.receipts.get(receiptId)!.state = state;
      expect(await gateway().checkReceipt(receiptId)).toBe(read);
    });

    it('pays a processed receipt ten seconds after the order to pay, and dates it then', async () => {
      const payme = gateway();
      const { token } = await bind(payme, PROCESSING);
      const { receiptId } = await receipt(80_000);
      const ordered = clock;
      expect(await payme.payReceipt({ receiptId, token })).toBe('paying');
      expect(fake.net(receiptId)).toBe(8_000_000);
      later(9_999);
      expect(await payme.checkReceipt(receiptId)).toBe('paying');
      expect(fake.paid().map((r) => r._id)).not.toContain(receiptId);
      later(5_000);
      const listed = (await payme.listReceipts(new Date(ordered), new Date(ordered + 1))).find(
        (r) => r.id === receiptId,
      );
      expect(listed?.state).toBe('paid');
      expect(listed?.paidAt?.getTime()).toBe(ordered + 10_000);
      expect(fake.net(receiptId)).toBe(8_000_000);
    });

    it("takes the lost-answer card's money at once, though its receipt is still processed", async () => {
      const payme = gateway();
      const { token } = await bind(payme, LOST_ANSWER);
      const { receiptId } = await receipt(70_000);
      expect(await declineOf(payme.payReceipt({ receiptId, token }))).toBe('GATEWAY_UNAVAILABLE');
      expect(fake.receipts.get(receiptId)).toMatchObject({ state: 2, pay_time: 0 });
      expect(fake.net(receiptId)).toBe(7_000_000);
      later(10_000);
      expect(await payme.checkReceipt(receiptId)).toBe('paid');
      expect(fake.movements.filter((m) => m.receiptId === receiptId)).toHaveLength(1);
    });

    it('takes the money of the error-after-debit card once and answers -31630', async () => {
      const payme = gateway();
      const { token } = await bind(payme, ERROR_AFTER_DEBIT);
      const { receiptId } = await receipt(60_000);
      expect(await declineOf(payme.payReceipt({ receiptId, token }))).toBe('ISSUER_DECLINED');
      expect(fake.receipts.get(receiptId)).toMatchObject({ state: RECEIPT.paid, pay_time: clock });
      expect(await declineOf(payme.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
      expect(fake.net(receiptId)).toBe(6_000_000);
    });

    it('refuses every refund of the refund-refused card and moves no money back', async () => {
      const payme = gateway();
      const { token } = await bind(payme, REFUND_REFUSED);
      const { receiptId } = await receipt(50_000);
      await payme.payReceipt({ receiptId, token });
      for (let i = 0; i < 3; i += 1) {
        expect(await declineOf(payme.cancelReceipt(receiptId))).toBe('ISSUER_DECLINED');
      }
      expect(fake.receipts.get(receiptId)?.state).toBe(RECEIPT.paid);
      expect(fake.net(receiptId)).toBe(5_000_000);
    });

    it('refunds a receipt whose refund was refused twice on the third try', async () => {
      const payme = gateway();
      const { token } = await bind(payme);
      const { receiptId } = await receipt(40_000);
      await payme.payReceipt({ receiptId, token });
      fake.control.failTimes.set('receipts.cancel', { code: -31630, times: 2 });
      expect(await declineOf(payme.cancelReceipt(receiptId))).toBe('ISSUER_DECLINED');
      expect(await declineOf(payme.cancelReceipt(receiptId))).toBe('ISSUER_DECLINED');
      expect(await payme.checkReceipt(receiptId)).toBe('paid');
      expect(fake.net(receiptId)).toBe(4_000_000);
      expect(await payme.cancelReceipt(receiptId)).toBe('cancelling');
      expect(fake.net(receiptId)).toBe(0);
    });

    it('answers the state of a receipt Payme said twice it could not find', async () => {
      const payme = gateway();
      const { token } = await bind(payme);
      const { receiptId } = await receipt(30_000);
      await payme.payReceipt({ receiptId, token });
      fake.control.failTimes.set('receipts.check', { code: -31602, times: 2 });
      expect(await declineOf(payme.checkReceipt(receiptId))).toBe('RECEIPT_REFUSED');
      expect(await declineOf(payme.checkReceipt(receiptId))).toBe('RECEIPT_REFUSED');
      expect(await payme.checkReceipt(receiptId)).toBe('paid');
    });
  });

  it('has no turnover to give: scoring needs another data source', async () => {
    expect(await declineOf(gateway().monthlyTurnover('tok-1', 6))).toBe('GATEWAY_UNAVAILABLE');
    expect(fake.calls).toEqual([]);
  });
});
