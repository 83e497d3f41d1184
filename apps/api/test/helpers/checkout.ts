import { buildSchedule, creditTotal, monthlyPayment } from '@bozor/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../src/db/client.ts';
import {
  cards,
  creditInstallments,
  credits,
  orderItems,
  orders,
  scoringProfiles,
  tariffs,
} from '../../src/db/schema/index.ts';
import { fingerprint } from '../../src/lib/secrets.ts';
import { createCategory, createProduct } from './factories.ts';

/**
 * A card bound and confirmed for the customer, registered with the app's card gateway (so it can
 * be debited), without the SMS round trip. The sandbox cards of `SANDBOX_CARDS` behave as
 * documented there.
 */
export async function bindCard(
  app: FastifyInstance,
  customerId: number,
  number = '8600111111111110',
  expire = '12/30',
) {
  const created = await app.cardGateway.createCard({
    number,
    expire,
    holderPhone: '998901234567',
    lang: 'uz',
  });
  const [row] = await app.db
    .insert(cards)
    .values({
      customerId,
      gatewayToken: created.token,
      masked: created.masked,
      type: created.type,
      expire: created.expire,
      fingerprint: fingerprint(app.authSecret, 'card', `${customerId}:${number}:${Date.now()}`),
      holderPhone: '+998 90 *** ** 67',
      codeExpiresAt: new Date(Date.now() + 180_000),
      verifiedAt: new Date(),
    })
    .returning();
  return row!;
}

/** Scoring decided in the customer's favour with `limit` sum to spend on installments. */
export async function approveScoring(db: Executor, customerId: number, limit = 10_000_000) {
  await db
    .insert(scoringProfiles)
    .values({ customerId, approved: true, creditLimit: limit, decidedAt: new Date() })
    .onConflictDoUpdate({
      target: scoringProfiles.customerId,
      set: { approved: true, creditLimit: limit, decidedAt: new Date() },
    });
}

/** `date` plus `months` calendar months, the day clamped to the month's last day: YYYY-MM-DD. */
export function addMonths(date: Date, months: number): string {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), last);
  return new Date(Date.UTC(y, m, day)).toISOString().slice(0, 10);
}

export interface InstallmentOrderOptions {
  customerId: number;
  cardId: number;
  /** Sum of the order (one line of a new product). */
  total?: number;
  prepayment?: number;
  months?: number;
  markupPercent?: number;
  orderStatus?: number;
  creditStatus?: 'not_signed' | 'active' | 'overdue' | 'closed' | 'cancelled';
  /** When it was placed; due dates are monthly from it. */
  placedAt?: Date;
}

/**
 * An installment order with its credit and schedule, written straight to the database as
 * `POST /api/orders` would leave it (signed and active unless told otherwise): for tests of what
 * happens after checkout.
 */
export async function createInstallmentOrder(db: Executor, options: InstallmentOrderOptions) {
  const total = options.total ?? 3_000_000;
  const prepayment = options.prepayment ?? 0;
  const months = options.months ?? 6;
  const markupPercent = options.markupPercent ?? 24;
  const placedAt = options.placedAt ?? new Date();
  const [tariff] = await db
    .insert(tariffs)
    .values({ months, markupPercent })
    .onConflictDoUpdate({ target: tariffs.months, set: { markupPercent } })
    .returning();
  const category = await createCategory(db);
  const product = await createProduct(db, { categoryId: category.id, price: total });
  const [order] = await db
    .insert(orders)
    .values({
      customerId: options.customerId,
      status: options.orderStatus ?? 2,
      paymentType: 'installment',
      total,
      prepayment,
      tariffId: tariff!.id,
      cardId: options.cardId,
      deliveryUz: 'Toshkent, Chilonzor 1',
      deliveryRu: 'Ташкент, Чиланзар 1',
      paidAt: (options.orderStatus ?? 2) >= 2 ? placedAt : null,
      createdAt: placedAt,
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
  const financed = total - prepayment;
  const terms = { months, markupPercent };
  const creditStatus = options.creditStatus ?? 'active';
  const [credit] = await db
    .insert(credits)
    .values({
      customerId: options.customerId,
      orderId: order!.id,
      status: creditStatus,
      months,
      markupPercent,
      financed,
      monthlyPayment: monthlyPayment(financed, terms),
      total: creditTotal(financed, terms),
      cardId: options.cardId,
      signedAt: creditStatus === 'not_signed' ? null : placedAt,
      createdAt: placedAt,
    })
    .returning();
  const schedule = buildSchedule(financed, terms);
  const installments = await db
    .insert(creditInstallments)
    .values(
      schedule.map((amount, i) => ({
        creditId: credit!.id,
        number: i + 1,
        dueDate: addMonths(placedAt, i + 1),
        amount,
      })),
    )
    .returning();
  return { order: order!, credit: credit!, installments, product, tariff: tariff! };
}
