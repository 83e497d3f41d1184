import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../src/db/client.ts';
import { notifications, orderItems, orders } from '../../../src/db/schema/index.ts';
import { SandboxCardGateway } from '../../../src/providers/payments/index.ts';
import type { TestContext } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';

export const CARDS = {
  approved: '8600111111111110',
  insufficientFunds: '8600333333333336',
  lostAnswer: '8600666666666669',
} as const;

/** A new order bought outright (status 1, awaiting its payment), as checkout leaves it. */
export async function createFullOrder(
  db: Executor,
  options: { customerId: number; cardId: number; total?: number; status?: number },
) {
  const total = options.total ?? 2_500_000;
  const category = await createCategory(db);
  const product = await createProduct(db, { categoryId: category.id, price: total });
  const [order] = await db
    .insert(orders)
    .values({
      customerId: options.customerId,
      status: options.status ?? 1,
      paymentType: 'full',
      total,
      cardId: options.cardId,
      deliveryUz: 'Toshkent, Yunusobod 4',
      deliveryRu: 'Ташкент, Юнусабад 4',
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.id,
    nameUz: product.nameUz,
    nameRu: product.nameRu,
    image: null,
    price: total,
    count: 1,
  });
  return order!;
}

/** The app's sandbox gateway, whose books list the receipts it issued. */
export function sandboxOf(app: FastifyInstance): SandboxCardGateway {
  if (!(app.cardGateway instanceof SandboxCardGateway)) {
    throw new Error('these tests run on the sandbox gateway');
  }
  return app.cardGateway;
}

/**
 * The money the sandbox took, as its books show it: one entry per receipt that was paid (even if
 * refunded since) whose reference (the payment's key) starts with `prefix`.
 */
export async function chargesOf(app: FastifyInstance, prefix: string) {
  const receipts = await sandboxOf(app).listReceipts(new Date(0), new Date('9999-12-31T00:00:00Z'));
  return (
    receipts
      // money taken: paid (and perhaps refunded since), or still being processed
      .filter(
        (r) =>
          (r.paidAt !== null || r.state === 'paying') && (r.reference ?? '').startsWith(prefix),
      )
      .map((r) => ({
        receiptId: r.id,
        idempotencyKey: r.reference ?? '',
        amount: r.amount,
        state: r.state,
      }))
  );
}

/** Sends a paying POST under an Idempotency-Key (a new one unless given). */
export function payRequest(
  app: FastifyInstance,
  headers: Record<string, string>,
  url: string,
  options: { key?: string; body?: object; lang?: 'uz' | 'ru' } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      ...headers,
      lang: options.lang ?? 'uz',
      'idempotency-key': options.key ?? randomUUID(),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/**
 * A new customer with the card `number` bound, a new full-price order of `total`, and the
 * customer's payment of it asked for as the storefront asks: answers them with the answer.
 */
export async function payNewFullOrder(ctx: TestContext, number: string, total: number) {
  const who = await createCustomerSession(ctx.db, { isScoring: true });
  const card = await bindCard(ctx.app, who.customer.id, number);
  const order = await createFullOrder(ctx.db, {
    customerId: who.customer.id,
    cardId: card.id,
    total,
  });
  const res = await payRequest(ctx.app, who.headers, `/api/orders/payment/${order.id}/${card.id}`);
  return { ...who, card, order, res, paymentId: res.json().data.payment_id as number };
}

/** The kinds of the notices a customer was sent, oldest first. */
export async function noticeKindsOf(db: Executor, customerId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(notifications.id);
  return rows.map((n) => n.kind);
}
