import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { cards, payments } from '../../../src/db/schema/index.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { type PaymentDeps, runDebit } from '../../../src/modules/payments/debit.ts';
import { CardDecline } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, createFullOrder } from './fixtures.ts';

/**
 * The branches of one card debit (`runDebit`, DESIGN §6a) that only a race, a repeat or a rare
 * answer of the gateway reaches, each driven on purpose so that a test fails when its guard goes.
 */
describe('debit guards', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  const deps = (): PaymentDeps => ({
    db: ctx.db,
    gateway: ctx.app.cardGateway,
    sms: ctx.app.sms,
    log: ctx.app.log,
  });
  afterEach(() => vi.restoreAllMocks());

  const paymentsOf = async (orderId: number) =>
    ctx.db.select().from(payments).where(eq(payments.orderId, orderId));

  /** A new full-price order of a customer with a bound card, and a debit of it under `key`. */
  async function fullOrder() {
    const who = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, who.customer.id, CARDS.approved);
    const order = await createFullOrder(ctx.db, {
      customerId: who.customer.id,
      cardId: card.id,
      total: 300_000,
    });
    const debit = (key = randomUUID(), customerId = who.customer.id) =>
      runDebit(deps(), {
        customerId,
        gatewayKey: key,
        lock: { orderId: order.id, customerId: who.customer.id },
        prepare: async () => ({
          orderId: order.id,
          creditId: null,
          cardId: card.id,
          purpose: 'full',
          amount: order.total,
        }),
      });
    return { ...who, card, order, debit };
  }

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, status: (error as AppError).status };
  };

  it('names the order in the receipt it asks the gateway for', async () => {
    const ann = await fullOrder();
    const create = vi.spyOn(ctx.app.cardGateway, 'createReceipt');
    const { payment } = await ann.debit();
    expect(payment.state).toBe('paid');
    expect(create).toHaveBeenCalledWith({
      amount: 300_000,
      reference: payment.gatewayKey,
      description: `Bozor order ${ann.order.id}`,
      // the card it will be paid from, so a gateway of several gateways routes it
      token: expect.stringMatching(/.+/),
    });
  });

  it('answers a repeat of a key with its payment and asks the gateway nothing; another customer’s repeat is not found', async () => {
    const ben = await fullOrder();
    const key = randomUUID();
    const first = await ben.debit(key);
    const create = vi.spyOn(ctx.app.cardGateway, 'createReceipt');
    const again = await ben.debit(key);
    expect(again).toEqual({ payment: first.payment, decline: null });
    expect(create).not.toHaveBeenCalled();
    const other = await createCustomerSession(ctx.db);
    expect(await refusal(ben.debit(key, other.customer.id))).toEqual({
      code: 'PAYMENT_NOT_FOUND',
      status: 404,
    });
  });

  it('refuses a second up-front debit of an order by what the first one did', async () => {
    const cat = await fullOrder();
    await cat.debit();
    // the first is paid: a second key finds the order's up-front payment taken
    expect(await refusal(cat.debit())).toEqual({ code: 'NOTHING_TO_PAY', status: 409 });
    await ctx.db
      .update(payments)
      .set({ state: 'checking', receiptId: null })
      .where(eq(payments.orderId, cat.order.id));
    expect(await refusal(cat.debit())).toEqual({ code: 'PAYMENT_IN_PROGRESS', status: 409 });
    expect(await paymentsOf(cat.order.id)).toHaveLength(1);
  });

  it('lets an error of its own checks through unchanged', async () => {
    const dan = await fullOrder();
    const own = new AppError('NOTHING_TO_PAY', 409);
    const error = await runDebit(deps(), {
      customerId: dan.customer.id,
      gatewayKey: randomUUID(),
      lock: { orderId: dan.order.id, customerId: dan.customer.id },
      prepare: async () => {
        throw own;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(own);
  });

  it('fails a debit whose card was removed before the gateway is asked', async () => {
    const eve = await fullOrder();
    // the customer removes the card just after the payment is written
    let removed = false;
    const db = new Proxy(ctx.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && !removed) {
          return async (...args: Parameters<Database['transaction']>) => {
            const result = await target.transaction(...args);
            removed = true;
            await target.delete(cards).where(eq(cards.id, eve.card.id));
            return result;
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const create = vi.spyOn(ctx.app.cardGateway, 'createReceipt');
    const { payment, decline } = await runDebit(
      { ...deps(), db },
      {
        customerId: eve.customer.id,
        gatewayKey: randomUUID(),
        lock: { orderId: eve.order.id, customerId: eve.customer.id },
        prepare: async () => ({
          orderId: eve.order.id,
          creditId: null,
          cardId: eve.card.id,
          purpose: 'full',
          amount: eve.order.total,
        }),
      },
    );
    expect(removed).toBe(true);
    expect(payment).toMatchObject({ state: 'failed', declineCode: 'CARD_INVALID' });
    expect(decline?.code).toBe('CARD_INVALID');
    expect(create).not.toHaveBeenCalled();
  });

  it('fails at once on a refusal of receipts.create, but waits when the gateway did not answer it', async () => {
    const fay = await fullOrder();
    const create = vi.spyOn(ctx.app.cardGateway, 'createReceipt');
    create.mockRejectedValueOnce(new CardDecline('CARD_BLOCKED', 'blocked'));
    const blocked = await fay.debit();
    expect(blocked.payment).toMatchObject({ state: 'failed', declineCode: 'CARD_BLOCKED' });
    expect(blocked.decline?.code).toBe('CARD_BLOCKED');
    for (const code of ['GATEWAY_UNAVAILABLE', 'RECEIPT_REFUSED'] as const) {
      const gus = await fullOrder();
      create.mockRejectedValueOnce(new CardDecline(code, 'no answer'));
      const waiting = await gus.debit();
      expect(waiting, code).toEqual({
        payment: expect.objectContaining({ state: 'checking', receiptId: null }),
        decline: null,
      });
    }
  });

  it('keeps a payment checking while receipts.pay says it is still paying', async () => {
    const hal = await fullOrder();
    vi.spyOn(ctx.app.cardGateway, 'payReceipt').mockResolvedValue('paying');
    const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt');
    const { payment, decline } = await hal.debit();
    expect(payment.state).toBe('checking');
    expect(decline).toBeNull();
    const [stored] = await paymentsOf(hal.order.id);
    expect(stored?.state).toBe('checking');
    expect(stored?.receiptId).not.toBeNull();
    expect(check).not.toHaveBeenCalled();
  });

  it('fails a payment whose receipts.pay answered cancelled once the receipt reads cancelled', async () => {
    const ivy = await fullOrder();
    vi.spyOn(ctx.app.cardGateway, 'payReceipt').mockResolvedValue('cancelled');
    vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockResolvedValue('cancelled');
    const { payment, decline } = await ivy.debit();
    expect(payment).toMatchObject({ state: 'failed', declineCode: 'ISSUER_DECLINED' });
    expect(decline?.message).toBe('receipts.pay answered cancelled');
  });

  it('hands a receipt paid just as the shop cancelled it to a person', async () => {
    const jon = await fullOrder();
    vi.spyOn(ctx.app.cardGateway, 'payReceipt').mockRejectedValue(new Error('socket hang up'));
    vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockResolvedValue('created');
    vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockResolvedValue('cancelling');
    const { payment, decline } = await jon.debit();
    expect(decline).toBeNull();
    expect(payment).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'paid_cancelled',
      attentionReason: `receipt ${payment.receiptId} was paid and cancelled`,
    });
  });

  it('cancels a receipt that came after its payment was failed, and never pays it', async () => {
    const kim = await fullOrder();
    const create = ctx.app.cardGateway.createReceipt.bind(ctx.app.cardGateway);
    let paymentKey = '';
    vi.spyOn(ctx.app.cardGateway, 'createReceipt').mockImplementation(async (input) => {
      paymentKey = input.reference;
      // the payment is failed (no receipt past its window) while the gateway is creating one
      await ctx.db
        .update(payments)
        .set({ state: 'failed', declineCode: 'GATEWAY_UNAVAILABLE' })
        .where(eq(payments.gatewayKey, input.reference));
      return create(input);
    });
    const pay = vi.spyOn(ctx.app.cardGateway, 'payReceipt');
    const cancel = vi.spyOn(ctx.app.cardGateway, 'cancelReceipt');
    const { payment, decline } = await kim.debit();
    expect(paymentKey).not.toBe('');
    expect(decline).toBeNull();
    expect(payment).toMatchObject({ state: 'failed', receiptId: null });
    expect(pay).not.toHaveBeenCalled();
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});
