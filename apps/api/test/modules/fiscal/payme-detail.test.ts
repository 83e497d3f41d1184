import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, orderItems, orders, products } from '../../../src/db/schema/index.ts';
import { PaymeCardGateway } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import {
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  startPaymeDouble,
} from '../../helpers/payme-double.ts';
import { createFullOrder, payRequest } from '../payments/fixtures.ts';

const DELIVERY = { ikpu: '10112006002000000', packageCode: '1209779', units: null, vatPercent: 12 };

/** The receipt's lines as Payme's fiscalisation takes them (`receipts.create`'s `detail`). */
describe("a card payment's fiscal detail at Payme", () => {
  let double: PaymeDouble;
  let gateway: PaymeCardGateway;
  beforeAll(async () => {
    double = await startPaymeDouble();
    gateway = new PaymeCardGateway({
      baseUrl: double.url,
      merchantId: PAYME_MERCHANT,
      key: PAYME_KEY,
      timeoutMs: 2_000,
    });
  });
  afterAll(() => double.close());
  beforeEach(() => double.reset());
  const ctx = useTestApp({ cardGateway: () => gateway, fiscalDelivery: DELIVERY });

  async function paidOrder(options: { coded: boolean }) {
    const session = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, session.customer.id);
    await gateway.sendVerifyCode(card.gatewayToken, 'uz');
    await gateway.verifyCard(card.gatewayToken, PAYME_CODE);
    const order = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 1_200_000,
    });
    // two pieces of the goods and 35 000 of delivery
    await ctx.db
      .update(orderItems)
      .set({ price: 600_000, count: 2 })
      .where(eq(orderItems.orderId, order.id));
    await ctx.db
      .update(orders)
      .set({ deliveryFee: 35_000, total: 1_235_000 })
      .where(eq(orders.id, order.id));
    if (options.coded) {
      const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const [product] = await ctx.db
        .select()
        .from(products)
        .where(eq(products.id, item!.productId));
      await ctx.db
        .update(categories)
        .set({ ikpu: '08517001001000000', packageCode: '1500254', units: 796, vatPercent: 12 })
        .where(eq(categories.id, product!.categoryId));
    }
    const paid = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${order.id}/${card.id}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const created = double.calls.filter((c) => c.method === 'receipts.create');
    expect(created).toHaveLength(1);
    return created[0]!.params;
  }

  it('sends each piece of goods with its IKPU, package code, unit and VAT, and the delivery as shipping', async () => {
    const params = await paidOrder({ coded: true });
    expect(params.amount).toBe(123_500_000);
    expect(params.detail).toEqual({
      receipt_type: 0,
      shipping: { title: 'Yetkazib berish xizmati', price: 3_500_000 },
      items: [
        {
          title: expect.any(String),
          price: 60_000_000,
          count: 2,
          code: '08517001001000000',
          package_code: '1500254',
          units: 796,
          vat_percent: 12,
          discount: 0,
        },
      ],
    });
    // the double checked the detail adds up to the amount (else it would have refused the receipt)
    expect([...double.receipts.values()][0]?.detail).toEqual(params.detail);
  });

  it('sends no detail for goods without a code, and takes the payment all the same', async () => {
    const params = await paidOrder({ coded: false });
    expect(params.detail).toBeUndefined();
  });
});
