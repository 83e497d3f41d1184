import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  branches,
  deliveryAddresses,
  districts,
  ledgerEntries,
  type PaymentPurpose,
  payments,
  regions,
} from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { allocatePayment } from '../../../src/modules/credits/repository.ts';
import type { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import type { TestContext } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { approveScoring, bindCard } from '../../helpers/checkout.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';

export type Session = Awaited<ReturnType<typeof createCustomerSession>>;
export type Buyer = Session & { cardId: number; cardToken: string; addressId: number };

type Method = 'GET' | 'POST' | 'DELETE';

/** The calls a checkout test makes, on one test app. */
export function checkoutCalls(ctx: TestContext) {
  const call = (
    s: Session,
    method: Method,
    url: string,
    payload?: object,
    options: { lang?: 'uz' | 'ru'; key?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...s.headers,
        lang: options.lang ?? 'ru',
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        // cancel and return move money back: each call its own key unless the test gives one
        ...(!options.key && /^\/api\/orders\/(cancel|return)\//.test(url)
          ? { 'idempotency-key': randomUUID() }
          : {}),
      },
      ...(payload ? { payload } : {}),
    });

  /**
   * A customer with a confirmed card the sandbox gateway can debit, a delivery address and, when
   * `limit` is given, an approved scoring with that limit.
   */
  const buyer = async (options: { limit?: number; card?: string } = {}): Promise<Buyer> => {
    const session = await createCustomerSession(ctx.db, { isScoring: options.limit !== undefined });
    const card = await bindCard(ctx.app, session.customer.id, options.card);
    // the card's bank code, so the sandbox gateway takes debits from it
    await ctx.app.cardGateway.sendVerifyCode(card.gatewayToken, 'uz');
    const sms = ctx.app.sms as LogSmsProvider;
    const code = /(\d{6})/.exec(sms.outbox('998901234567')[0]?.text ?? '')?.[1] ?? '';
    await ctx.app.cardGateway.verifyCard(card.gatewayToken, code);
    if (options.limit !== undefined) {
      await approveScoring(ctx.db, session.customer.id, options.limit);
    }
    const [region] = await ctx.db.select().from(regions).limit(1);
    const [district] = await ctx.db
      .select()
      .from(districts)
      .where(eq(districts.regionId, region!.id))
      .limit(1);
    const [address] = await ctx.db
      .insert(deliveryAddresses)
      .values({
        customerId: session.customer.id,
        regionId: region!.id,
        districtId: district!.id,
        address: "Bunyodkor ko'chasi, 7-uy",
        apartment: '12',
        phone: session.customer.phone,
      })
      .returning();
    return { ...session, cardId: card.id, cardToken: card.gatewayToken, addressId: address!.id };
  };

  const product = async (overrides: { price?: number; stock?: number } = {}) => {
    const category = await createCategory(ctx.db);
    return createProduct(ctx.db, { categoryId: category.id, ...overrides });
  };

  const branch = async () => {
    const [row] = await ctx.db
      .insert(branches)
      .values({
        nameUz: 'Chilonzor filiali',
        nameRu: 'Филиал Чиланзар',
        addressUz: 'Toshkent, Chilonzor 5',
        addressRu: 'Ташкент, Чиланзар 5',
        phone: '+998 71 200 00 00',
        workingHours: '09:00–21:00',
      })
      .returning();
    return row!;
  };

  /** Puts the products in the basket and takes those lines to checkout. */
  const takeToCheckout = async (s: Session, lines: { id: number; count?: number }[]) => {
    const ids: number[] = [];
    for (const line of lines) {
      const res = await call(s, 'POST', '/api/baskets', {
        product_id: line.id,
        count: line.count ?? 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    const res = await call(s, 'POST', '/api/baskets/add-to-order', { ids });
    expect(res.statusCode, res.body).toBe(200);
    return ids;
  };

  const placeOrder = (s: Session, body: object, key: string = randomUUID()) =>
    call(s, 'POST', '/api/orders', body, { key });

  /** Checkout of the products, then the order placed; answers the placed order. */
  const order = async (
    b: Buyer,
    lines: { id: number; count?: number }[],
    body: { payment_type: 'full' | 'installment'; tariff_id?: number; prepayment?: number },
  ) => {
    await takeToCheckout(b, lines);
    const res = await placeOrder(b, { card_id: b.cardId, address_id: b.addressId, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      order_id: number;
      credit_id: number | null;
      need_payed_price: number;
    };
  };

  /**
   * A payment the payment routes would have made: a real sandbox debit, its `payments` row, its
   * ledger entry and, for a credit's payment, its money on the installments (a prepayment is
   * outside the credit's balance and schedule, as the payment rules say).
   */
  const recordPaid = async (
    b: Buyer,
    input: { orderId: number; creditId: number | null; purpose: PaymentPurpose; amount: number },
  ) => {
    const key = `test:${randomUUID()}`;
    const { receiptId } = await ctx.app.cardGateway.createReceipt({
      amount: input.amount,
      reference: key,
      description: `order ${input.orderId}`,
    });
    await ctx.app.cardGateway.payReceipt({ receiptId, token: b.cardToken });
    const [payment] = await ctx.db
      .insert(payments)
      .values({
        customerId: b.customer.id,
        orderId: input.orderId,
        creditId: input.creditId,
        cardId: b.cardId,
        purpose: input.purpose,
        amount: input.amount,
        gatewayKey: key,
        state: 'paid',
        gatewayPaymentId: receiptId,
        receiptId,
        receiptState: 'paid',
      })
      .returning();
    const upfront = input.purpose === 'full' || input.purpose === 'first';
    await ctx.db.insert(ledgerEntries).values({
      customerId: b.customer.id,
      orderId: input.orderId,
      creditId: upfront ? null : input.creditId,
      kind: input.purpose === 'first' ? 'prepayment' : 'debit',
      amount: input.amount,
      gatewayPaymentId: receiptId,
      idempotencyKey: key,
    });
    if (!upfront && input.creditId !== null) {
      const creditId = input.creditId;
      await inTransaction(ctx.db, (tx) => allocatePayment(tx, creditId, input.amount, new Date()));
    }
    return payment!;
  };

  return { call, buyer, product, branch, takeToCheckout, placeOrder, order, recordPaid };
}
