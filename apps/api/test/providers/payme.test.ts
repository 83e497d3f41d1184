import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CardDecline,
  type DeclineCode,
  PaymeCardGateway,
} from '../../src/providers/payments/index.ts';

const MERCHANT = '5e730e8e0b852a417aa49ceb';
const KEY = 'ZPDODSiTYKuX0jyO7Kl2to4rQbNwG3OSd5';
const CARD = '8600111111111110';
const BLOCKED = '8600444444444449';
const POOR = '9860111111111113';
const CODE = '666666';

/** Methods a shop's front end may call: Payme wants the merchant id alone for them. */
const CLIENT_METHODS = new Set(['cards.create', 'cards.get_verify_code', 'cards.verify']);

interface Call {
  method: string;
  auth: string | undefined;
  params: Record<string, unknown>;
}

/**
 * A stand-in for Payme's Subscribe API: one JSON-RPC endpoint that checks the X-Auth header of
 * each method, keeps cards and receipts, and answers with Payme's error codes.
 */
function fakePayme() {
  const calls: Call[] = [];
  const state = {
    cards: new Map<string, { number: string }>(),
    receipts: new Map<string, { amount: number; state: number }>(),
    issued: 0,
    /** How the next answers misbehave. */
    mode: 'ok' as 'ok' | 'garbled' | 'no-result' | 'odd-shape' | 'http-502',
    /** Milliseconds receipts.pay waits before answering (it has paid already). */
    payDelayMs: 0,
    errorFor: new Map<string, number>(),
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });

  const answer = (
    method: string,
    params: Record<string, unknown>,
  ): { result: unknown } | { error: { code: number; message: string } } => {
    const fail = (code: number) => ({ error: { code, message: `${method} failed` } });
    const forced = state.errorFor.get(method);
    if (forced !== undefined) return fail(forced);
    const token = params.token as string;
    switch (method) {
      case 'cards.create': {
        const card = params.card as { number: string; expire: string };
        if (!/^\d{4}$/.test(card.expire) || params.save !== true) return fail(-32602);
        if (card.number === BLOCKED) return fail(-31301);
        state.issued += 1;
        const newToken = `tok-${state.issued}`;
        state.cards.set(newToken, { number: card.number });
        return {
          result: {
            card: {
              number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
              expire: `${card.expire.slice(0, 2)}/${card.expire.slice(2)}`,
              token: newToken,
              recurrent: true,
              verify: false,
            },
          },
        };
      }
      case 'cards.get_verify_code':
        if (!state.cards.has(token)) return fail(-31400);
        return { result: { sent: true, phone: '99890*****31', wait: 60000 } };
      case 'cards.verify':
        if (!state.cards.has(token)) return fail(-31400);
        if (params.code === '999999') return fail(-31101);
        if (params.code !== CODE) return fail(-31103);
        return { result: { card: { token, recurrent: true, verify: true } } };
      case 'cards.remove':
        if (!state.cards.delete(token)) return fail(-31400);
        return { result: { success: true } };
      case 'receipts.create': {
        state.issued += 1;
        const id = `receipt-${state.issued}`;
        state.receipts.set(id, { amount: params.amount as number, state: 0 });
        return { result: { receipt: { _id: id, state: 0, amount: params.amount } } };
      }
      case 'receipts.pay': {
        const receipt = state.receipts.get(params.id as string);
        if (!receipt || receipt.state === 4) return fail(-31602);
        const card = state.cards.get(token);
        if (!card) return fail(-31400);
        if (card.number === POOR) return fail(-31303);
        receipt.state = 4;
        return { result: { receipt: { _id: params.id, state: 4 } } };
      }
      case 'receipts.check': {
        const receipt = state.receipts.get(params.id as string);
        if (!receipt) return fail(-31008);
        return { result: { state: receipt.state } };
      }
      case 'receipts.cancel': {
        const receipt = state.receipts.get(params.id as string);
        if (!receipt) return fail(-31008);
        receipt.state = 21;
        return { result: { receipt: { _id: params.id, state: 21 } } };
      }
      default:
        return fail(-32601);
    }
  };

  const server: Server = createServer(async (req, res) => {
    const request = JSON.parse(await read(req)) as {
      id: number;
      method: string;
      params: Record<string, unknown>;
    };
    const auth = req.headers['x-auth'] as string | undefined;
    calls.push({ method: request.method, auth, params: request.params });
    res.setHeader('content-type', 'application/json');
    const expected = CLIENT_METHODS.has(request.method) ? MERCHANT : `${MERCHANT}:${KEY}`;
    const body =
      auth === expected
        ? answer(request.method, request.params)
        : { error: { code: -32504, message: 'Insufficient privilege' } };
    if (state.mode === 'http-502') {
      res.statusCode = 502;
      return res.end('<html>Bad Gateway</html>');
    }
    if (state.mode === 'garbled') return res.end('{"jsonrpc":"2.0","result":');
    if (state.mode === 'no-result') return res.end(JSON.stringify({ jsonrpc: '2.0', id: 1 }));
    if (state.mode === 'odd-shape') {
      return res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { ok: 1 } }));
    }
    const reply = JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body });
    if (request.method === 'receipts.pay' && state.payDelayMs > 0) {
      setTimeout(() => res.end(reply), state.payDelayMs);
      return;
    }
    res.end(reply);
  });
  return { server, calls, state };
}

async function declineOf(promise: Promise<unknown>): Promise<DeclineCode> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CardDecline);
  return (err as CardDecline).code;
}

describe('Payme card gateway', () => {
  const fake = fakePayme();
  let baseUrl = '';
  const gateway = (options: { key?: string; timeoutMs?: number } = {}) =>
    new PaymeCardGateway({
      baseUrl,
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
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/api`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        fake.server.closeAllConnections();
        fake.server.close(() => resolve());
      }),
  );
  beforeEach(() => {
    fake.calls.splice(0);
    fake.state.mode = 'ok';
    fake.state.payDelayMs = 0;
    fake.state.errorFor.clear();
  });

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

  it('debits through a receipt in tiyin, paid with the card token and the merchant key', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    fake.calls.splice(0);
    const { paymentId } = await payme.debit({
      token,
      amount: 1_250_000,
      idempotencyKey: 'order-41-first',
      description: 'Bozor: buyurtma 41',
    });
    expect(paymentId).toMatch(/^receipt-/);
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
      { method: 'receipts.pay', auth: `${MERCHANT}:${KEY}`, params: { id: paymentId, token } },
    ]);
  });

  it('answers the first payment to a repeated key without calling Payme again', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    const input = { token, amount: 300_000, idempotencyKey: 'order-42-first', description: 'x' };
    const [first, concurrent] = await Promise.all([payme.debit(input), payme.debit(input)]);
    expect(concurrent).toEqual(first);
    expect(await payme.debit(input)).toEqual(first);
    expect(fake.calls.filter((c) => c.method === 'receipts.create')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.method === 'receipts.pay')).toHaveLength(1);
  });

  it('after a timed-out payment, a retry finds the receipt paid instead of paying twice', async () => {
    const payme = gateway({ timeoutMs: 300 });
    const { token } = await bind(payme);
    fake.state.payDelayMs = 1_000;
    const input = { token, amount: 450_000, idempotencyKey: 'order-43-month-2', description: 'x' };
    expect(await declineOf(payme.debit(input))).toBe('GATEWAY_UNAVAILABLE');
    fake.state.payDelayMs = 0;
    const { paymentId } = await payme.debit(input);
    expect(fake.state.receipts.get(paymentId)?.state).toBe(4);
    expect(fake.calls.map((c) => c.method).slice(-3)).toEqual([
      'receipts.create',
      'receipts.pay',
      'receipts.check',
    ]);
  });

  it('maps insufficient funds, and pays the same receipt when the customer retries', async () => {
    const payme = gateway();
    const poor = await bind(payme, POOR);
    const input = {
      token: poor.token,
      amount: 100_000,
      idempotencyKey: 'order-44',
      description: 'x',
    };
    expect(await declineOf(payme.debit(input))).toBe('INSUFFICIENT_FUNDS');
    expect(await declineOf(payme.debit(input))).toBe('INSUFFICIENT_FUNDS');
    expect(fake.calls.filter((c) => c.method === 'receipts.create')).toHaveLength(1);
  });

  it('refuses amounts that are not positive whole sums before calling Payme', async () => {
    const payme = gateway();
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER]) {
      await expect(
        payme.debit({ token: 'tok-1', amount, idempotencyKey: `k${amount}`, description: 'x' }),
      ).rejects.toThrow(RangeError);
    }
    expect(fake.calls).toEqual([]);
  });

  it('refunds by cancelling the receipt, and declines an unknown one', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    const { paymentId } = await payme.debit({
      token,
      amount: 200_000,
      idempotencyKey: 'order-45',
      description: 'x',
    });
    await payme.refund(paymentId);
    expect(fake.calls.at(-1)).toEqual({
      method: 'receipts.cancel',
      auth: `${MERCHANT}:${KEY}`,
      params: { id: paymentId },
    });
    expect(fake.state.receipts.get(paymentId)?.state).toBe(21);
    expect(await declineOf(payme.refund('receipt-unknown'))).toBe('ISSUER_DECLINED');
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

  it('reads unknown decline codes as the issuer declining and protocol errors as unavailable', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    const debit = (idempotencyKey: string) =>
      payme.debit({ token, amount: 100_000, idempotencyKey, description: 'x' });
    fake.state.errorFor.set('receipts.pay', -31999);
    expect(await declineOf(debit('a'))).toBe('ISSUER_DECLINED');
    fake.state.errorFor.set('receipts.pay', -31630);
    expect(await declineOf(debit('b'))).toBe('ISSUER_DECLINED');
    fake.state.errorFor.set('receipts.pay', -31612);
    expect(await declineOf(debit('c'))).toBe('LIMIT_EXCEEDED');
    fake.state.errorFor.clear();
    expect(await declineOf(gateway({ key: 'wrong' }).refund('receipt-1'))).toBe(
      'GATEWAY_UNAVAILABLE',
    );
  });

  it('answers GATEWAY_UNAVAILABLE to a garbled, empty or odd answer and to HTTP errors', async () => {
    const payme = gateway();
    const { token } = await bind(payme);
    for (const mode of ['garbled', 'no-result', 'odd-shape', 'http-502'] as const) {
      fake.state.mode = mode;
      expect(await declineOf(payme.sendVerifyCode(token, 'uz')), mode).toBe('GATEWAY_UNAVAILABLE');
    }
  });

  it('answers GATEWAY_UNAVAILABLE when Payme does not answer in time or cannot be reached', async () => {
    const payme = gateway({ timeoutMs: 200 });
    const { token } = await bind(payme);
    fake.state.payDelayMs = 1_000;
    const started = Date.now();
    const debit = payme.debit({ token, amount: 1, idempotencyKey: 'slow', description: 'x' });
    expect(await declineOf(debit)).toBe('GATEWAY_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(900);

    const offline = new PaymeCardGateway({
      baseUrl: 'http://127.0.0.1:9/api',
      merchantId: 'm',
      key: 'k',
    });
    expect(await declineOf(offline.sendVerifyCode('tok', 'uz'))).toBe('GATEWAY_UNAVAILABLE');
  });

  it('has no turnover to give: scoring needs another data source', async () => {
    expect(await declineOf(gateway().monthlyTurnover('tok-1', 6))).toBe('GATEWAY_UNAVAILABLE');
    expect(fake.calls).toEqual([]);
  });
});
