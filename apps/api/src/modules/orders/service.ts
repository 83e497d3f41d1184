import {
  buildSchedule,
  type CalculatorBody,
  creditTotal,
  type Lang,
  monthlyPayment,
  type OrderDetail,
  type OrderItem,
  type OrderProducts,
  type OrderStatusId,
  type OrderSummary,
  type PageMeta,
  type Payment,
  type PlacedOrder,
  type PlaceOrderBody,
  type TariffQuote,
  type TariffTerms,
} from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type CardGateway, declineOf } from '../../providers/payments/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { findAddress } from '../addresses/repository.ts';
import { findCard } from '../cards/repository.ts';
import { toCard } from '../cards/service.ts';
import { OutOfStockError, reserveStock } from '../catalogue/stock.ts';
import { summarizeProducts } from '../catalogue/summaries.ts';
import { lockOrderAndCredit } from '../money/locks.ts';
import { recordNotice } from '../notifications/service.ts';
import { creditLimit } from '../scoring/service.ts';
import * as repo from './repository.ts';
import { dueDates } from './schedule.ts';
import { orderStatusName, orderStatusOf } from './statuses.ts';

export interface OrderDeps {
  db: Database;
  gateway: CardGateway;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

type PlaceOrderRequest = z.output<typeof PlaceOrderBody>;
type CalculatorRequest = z.output<typeof CalculatorBody>;

/**
 * Checkout lines whose products are gone or short: a 409 naming them, in the customer's
 * language (the error handler sends `customerMessage`).
 */
export class OutOfStock extends Error {
  readonly code = 'OUT_OF_STOCK';
  readonly status = 409;
  readonly products: { nameUz: string; nameRu: string }[];

  constructor(products: { nameUz: string; nameRu: string }[]) {
    super(`out of stock: ${products.map((p) => p.nameUz).join(', ')}`);
    this.name = 'OutOfStock';
    this.products = products;
  }

  customerMessage(lang: Lang): string {
    const names = this.products.map((p) => `«${pick(p, 'name', lang)}»`).join(', ');
    return lang === 'uz'
      ? `${names} kerakli miqdorda qolmagan. Savatni o'zgartiring`
      : `${names} нет в наличии в нужном количестве. Измените корзину`;
  }
}

// ---- tariffs --------------------------------------------------------------------------------

/** Every active tariff applied to `price − prepayment`, by the shared installment rule. */
export async function quoteTariffs(
  db: Executor,
  input: Pick<CalculatorRequest, 'price' | 'prepayment'>,
): Promise<TariffQuote[]> {
  const financed = input.price - (input.prepayment ?? 0);
  const rows = await repo.listActiveTariffs(db);
  return rows.map((t) => {
    const terms = { months: t.months, markupPercent: t.markupPercent };
    return {
      id: t.id,
      duration: t.months,
      markup_percent: t.markupPercent,
      monthly_payment: monthlyPayment(financed, terms),
      total_price: creditTotal(financed, terms),
    };
  });
}

// ---- checkout lines -------------------------------------------------------------------------

/** The lines taken to checkout, priced now; lines whose product left the catalogue are left out. */
export async function listOrderProducts(
  db: Executor,
  customerId: number,
  lang: Lang,
): Promise<OrderProducts> {
  const rows = (await repo.listCheckoutLines(db, customerId)).filter((r) => r.isActive);
  const summaries = await summarizeProducts(db, rows, lang);
  const items = rows.map((row, i) => ({
    product_id: row.id,
    count: row.count,
    price: row.price,
    total: row.price * row.count,
    product: summaries[i]!,
  }));
  return {
    items,
    count: items.reduce((sum, item) => sum + item.count, 0),
    total: items.reduce((sum, item) => sum + item.total, 0),
  };
}

/** Takes basket lines of the caller's to checkout, replacing what was there before. */
export async function addToOrder(
  db: Database,
  customerId: number,
  ids: number[],
  lang: Lang,
): Promise<OrderProducts> {
  const unique = [...new Set(ids)];
  const position = new Map(unique.map((id, i) => [id, i]));
  const lines = (await repo.findBasketLines(db, customerId, unique)).sort(
    (a, b) => position.get(a.lineId)! - position.get(b.lineId)!,
  );
  if (lines.length !== unique.length || lines.some((line) => !line.isActive)) {
    throw notFound('BASKET_LINE_NOT_FOUND');
  }
  const short = lines.filter((line) => line.stock < line.count);
  if (short.length > 0) throw new OutOfStock(short);
  await inTransaction(db, (tx) =>
    repo.replaceCheckoutItems(
      tx,
      customerId,
      lines.map((line) => ({ productId: line.productId, count: line.count })),
    ),
  );
  return listOrderProducts(db, customerId, lang);
}

// ---- placing an order -----------------------------------------------------------------------

const PICKUP = { uz: 'Olib ketish', ru: 'Самовывоз' } as const;

async function deliveryOf(
  db: Executor,
  customerId: number,
  body: Pick<PlaceOrderRequest, 'address_id' | 'branch_id'>,
) {
  if (body.address_id !== undefined) {
    const address = await findAddress(db, customerId, body.address_id);
    if (!address) throw notFound('ADDRESS_NOT_FOUND');
    const text = (lang: Lang) =>
      [
        pick(address, 'region', lang),
        pick(address, 'district', lang),
        address.address,
        ...(address.apartment
          ? [lang === 'uz' ? `${address.apartment}-xonadon` : `кв. ${address.apartment}`]
          : []),
      ].join(', ');
    return {
      addressId: address.id,
      branchId: null,
      deliveryType: 'address' as const,
      deliveryUz: text('uz'),
      deliveryRu: text('ru'),
    };
  }
  const branch =
    body.branch_id === undefined ? undefined : await repo.findBranch(db, body.branch_id);
  if (!branch) throw notFound('BRANCH_NOT_FOUND');
  return {
    addressId: null,
    branchId: branch.id,
    deliveryType: 'pickup' as const,
    deliveryUz: `${PICKUP.uz}: ${branch.nameUz}, ${branch.addressUz}`,
    deliveryRu: `${PICKUP.ru}: ${branch.nameRu}, ${branch.addressRu}`,
  };
}

const prepaymentError = (lang: Lang) =>
  new AppError('VALIDATION_ERROR', 400, {
    prepayment: [fieldMessage('prepayment_too_large', lang)],
  });

/** The credit of `total − prepayment` on the terms: its sums and its schedule. */
function planCredit(total: number, prepayment: number, terms: TariffTerms, lang: Lang) {
  if (prepayment >= total) throw prepaymentError(lang);
  const financed = total - prepayment;
  let schedule: number[];
  try {
    schedule = buildSchedule(financed, terms);
  } catch (err) {
    // what is left to finance is too small to split into the tariff's months
    if (err instanceof RangeError) throw prepaymentError(lang);
    throw err;
  }
  return {
    financed,
    monthlyPayment: monthlyPayment(financed, terms),
    total: creditTotal(financed, terms),
    schedule,
  };
}

/**
 * The financed amount must fit the available limit. `ownOwed` is what the limit already counts
 * of the credit being changed, so a new prepayment is measured without its old self.
 */
async function checkLimit(
  tx: Transaction,
  customerId: number,
  order: { total: number; financed: number; ownOwed: number },
) {
  const limit = await creditLimit(tx, customerId);
  const available = Math.max(0, limit.limit - Math.max(0, limit.used - order.ownOwed));
  if (order.financed > available) {
    throw new AppError('LIMIT_NOT_ENOUGH', 422, undefined, {
      data: { min_prepayment: order.total - available, available, total: order.total },
    });
  }
}

async function reserveLines(tx: Transaction, lines: repo.CheckoutLineRow[]) {
  try {
    await reserveStock(
      tx,
      lines.map((line) => ({ productId: line.id, count: line.count })),
    );
  } catch (err) {
    if (err instanceof OutOfStockError) throw new OutOfStock(err.shortages);
    throw err;
  }
}

/**
 * Places the order of the checkout lines in one transaction: card, delivery, the installment
 * rules, the stock, the order with its lines, and on installments the credit with its schedule.
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  body: PlaceOrderRequest,
  lang: Lang,
): Promise<PlacedOrder> {
  return inTransaction(db, async (tx) => {
    await repo.lockCustomer(tx, customerId);
    const lines = await repo.listCheckoutLines(tx, customerId);
    if (lines.length === 0) throw new AppError('CHECKOUT_EMPTY', 422);
    const gone = lines.filter((line) => !line.isActive);
    if (gone.length > 0) throw new OutOfStock(gone);
    const card = await findCard(tx, customerId, body.card_id);
    if (!card?.verifiedAt) throw notFound('CARD_NOT_FOUND');
    const delivery = await deliveryOf(tx, customerId, body);
    const total = lines.reduce((sum, line) => sum + line.price * line.count, 0);

    let credit: { terms: TariffTerms; plan: ReturnType<typeof planCredit> } | null = null;
    let tariffId: number | null = null;
    let prepayment = 0;
    if (body.payment_type === 'installment') {
      if (!(await repo.isScoringApproved(tx, customerId))) {
        throw new AppError('SCORING_REQUIRED', 422);
      }
      if (await repo.hasOverdueCredit(tx, customerId)) throw new AppError('CREDIT_OVERDUE', 422);
      if (body.tariff_id === undefined) {
        throw new AppError('VALIDATION_ERROR', 400, {
          tariff_id: [fieldMessage('tariff_required', lang)],
        });
      }
      const tariff = await repo.findActiveTariff(tx, body.tariff_id);
      if (!tariff) throw notFound('TARIFF_NOT_FOUND');
      tariffId = tariff.id;
      prepayment = body.prepayment ?? 0;
      const terms = { months: tariff.months, markupPercent: tariff.markupPercent };
      const plan = planCredit(total, prepayment, terms, lang);
      await checkLimit(tx, customerId, { total, financed: plan.financed, ownOwed: 0 });
      credit = { terms, plan };
    }

    await reserveLines(tx, lines);
    const order = await repo.insertOrder(tx, {
      customerId,
      status: 1,
      paymentType: body.payment_type,
      total,
      prepayment,
      tariffId,
      cardId: card.id,
      ...delivery,
    });
    await repo.insertOrderItems(
      tx,
      lines.map((line) => ({
        orderId: order.id,
        productId: line.id,
        nameUz: line.nameUz,
        nameRu: line.nameRu,
        image: line.images[0] ?? null,
        price: line.price,
        count: line.count,
      })),
    );
    let creditId: number | null = null;
    if (credit) {
      const row = await repo.insertCredit(tx, {
        customerId,
        orderId: order.id,
        status: 'not_signed',
        months: credit.terms.months,
        markupPercent: credit.terms.markupPercent,
        financed: credit.plan.financed,
        monthlyPayment: credit.plan.monthlyPayment,
        total: credit.plan.total,
        cardId: card.id,
      });
      creditId = row.id;
      await writeSchedule(tx, row.id, order.createdAt, credit.plan.schedule);
    }
    await repo.clearOrderedLines(
      tx,
      customerId,
      lines.map((line) => line.id),
    );
    return {
      order_id: order.id,
      credit_id: creditId,
      need_payed_price: body.payment_type === 'full' ? total : prepayment,
    };
  });
}

function writeSchedule(tx: Transaction, creditId: number, placedAt: Date, schedule: number[]) {
  const dates = dueDates(placedAt, schedule.length);
  return repo.replaceInstallments(
    tx,
    creditId,
    schedule.map((amount, i) => ({ dueDate: dates[i]!, amount })),
  );
}

/**
 * A new prepayment for an installment order still waiting for its contract: the credit's sums
 * and schedule are drawn again on the same terms, within the limit.
 */
export async function changePrepayment(
  db: Database,
  customerId: number,
  orderId: number,
  prepayment: number,
  lang: Lang,
): Promise<PlacedOrder> {
  return inTransaction(db, async (tx) => {
    await repo.lockCustomer(tx, customerId);
    // the credit's terms change with the order's prepayment: both locked, order first
    const row = (await lockOrderAndCredit(tx, { orderId, customerId }))
      ? await repo.findOrder(tx, customerId, orderId)
      : undefined;
    if (!row) throw notFound('ORDER_NOT_FOUND');
    if (
      row.order.paymentType !== 'installment' ||
      row.order.status !== 1 ||
      row.creditId === null ||
      row.creditStatus !== 'not_signed' ||
      row.creditMonths === null ||
      row.creditMarkup === null
    ) {
      throw new AppError('PREPAYMENT_LOCKED', 409);
    }
    const terms = { months: row.creditMonths, markupPercent: row.creditMarkup };
    const plan = planCredit(row.order.total, prepayment, terms, lang);
    await checkLimit(tx, customerId, {
      total: row.order.total,
      financed: plan.financed,
      ownOwed: row.creditFinanced ?? 0,
    });
    await repo.updateOrder(tx, orderId, { prepayment });
    await repo.updateCreditTerms(tx, row.creditId, {
      financed: plan.financed,
      monthlyPayment: plan.monthlyPayment,
      total: plan.total,
    });
    await writeSchedule(tx, row.creditId, row.order.createdAt, plan.schedule);
    return { order_id: orderId, credit_id: row.creditId, need_payed_price: prepayment };
  });
}

// ---- reading orders -------------------------------------------------------------------------

/** What is still to be paid up front: the total, or the prepayment, until it is paid. */
function needPayedPrice(order: repo.OrderRow): number {
  if (order.status !== 1 || order.paidAt !== null) return 0;
  return order.paymentType === 'full' ? order.total : order.prepayment;
}

function toSummary(
  row: repo.OrderWithCredit,
  items: repo.OrderItemRow[],
  lang: Lang,
): OrderSummary {
  const status = orderStatusOf(row.order.status);
  const images = [...new Set(items.flatMap((item) => (item.image ? [item.image] : [])))];
  return {
    id: row.order.id,
    status,
    status_name: orderStatusName(status, lang),
    payment_type: row.order.paymentType,
    total: row.order.total,
    prepayment: row.order.prepayment,
    credit_id: row.creditId,
    items_count: items.reduce((sum, item) => sum + item.count, 0),
    images: images.slice(0, 4),
    created_at: row.order.createdAt.toISOString(),
  };
}

/** An order line as the customer reads it, in their language. */
export function toOrderItem(item: repo.OrderItemRow, lang: Lang): OrderItem {
  return {
    product_id: item.productId,
    slug: item.slug,
    name: pick(item, 'name', lang),
    image: item.image,
    price: item.price,
    count: item.count,
  };
}

export async function listOrders(
  db: Executor,
  customerId: number,
  page: { page: number; per_page: number },
  lang: Lang,
): Promise<{ data: OrderSummary[]; meta: PageMeta }> {
  const [total, rows] = await Promise.all([
    repo.countOrders(db, customerId),
    repo.listOrders(db, customerId, page.per_page, (page.page - 1) * page.per_page),
  ]);
  const items = await repo.listOrderItems(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    data: rows.map((row) =>
      toSummary(
        row,
        items.filter((item) => item.orderId === row.order.id),
        lang,
      ),
    ),
    meta: pageMeta(page.page, page.per_page, total),
  };
}

export async function orderDetail(
  db: Executor,
  customerId: number,
  orderId: number,
  lang: Lang,
): Promise<OrderDetail> {
  const row = await repo.findOrder(db, customerId, orderId);
  if (!row) throw notFound('ORDER_NOT_FOUND');
  const order = row.order;
  const [items, payments, card] = await Promise.all([
    repo.listOrderItems(db, [order.id]),
    repo.listPayments(db, order.id),
    order.cardId === null ? undefined : findCard(db, customerId, order.cardId),
  ]);
  const status = orderStatusOf(order.status);
  return {
    ...toSummary(row, items, lang),
    items: items.map((item) => toOrderItem(item, lang)),
    delivery: pick(order, 'delivery', lang),
    delivery_type: order.deliveryType,
    tariff:
      row.creditMonths !== null && row.creditMarkup !== null
        ? { months: row.creditMonths, markup_percent: row.creditMarkup }
        : null,
    card: card ? toCard(card) : null,
    need_payed_price: needPayedPrice(order),
    can_cancel: status === 1 || status === 2,
    can_return: status === 4 || status === 5,
    payments: payments.map(
      ({ payment, cardNumber }): Payment => ({
        id: payment.id,
        purpose: payment.purpose,
        state: payment.state,
        amount: payment.amount,
        card_number: cardNumber,
        decline:
          payment.state === 'failed'
            ? (declineOf(payment.declineCode)?.customerMessage(lang) ?? null)
            : null,
        created_at: payment.createdAt.toISOString(),
      }),
    ),
    credit_status: row.creditStatus,
  };
}

// ---- the back office's stand-in -------------------------------------------------------------

/**
 * Moves an order to its next status, as the back office will: confirmed → shipped → delivered →
 * completed (only once fully paid: paid in full, or its credit closed).
 */
export async function advanceOrder(
  db: Database,
  orderId: number,
  lang: Lang,
): Promise<OrderDetail> {
  const customerId = await repo.orderOwner(db, orderId);
  if (customerId === undefined) throw notFound('ORDER_NOT_FOUND');
  await inTransaction(db, async (tx) => {
    // completing an order reads its credit: both locked, order first
    const row = (await lockOrderAndCredit(tx, { orderId, customerId }))
      ? await repo.findOrder(tx, customerId, orderId)
      : undefined;
    if (!row) throw notFound('ORDER_NOT_FOUND');
    const now = new Date();
    let next: OrderStatusId;
    switch (row.order.status) {
      case 1:
        throw new AppError('ORDER_NOT_PAID', 409);
      case 2:
        next = 3;
        await repo.updateOrder(tx, orderId, { status: next, shippedAt: now });
        break;
      case 3:
        next = 4;
        await repo.updateOrder(tx, orderId, { status: next, deliveredAt: now });
        break;
      case 4:
        if (row.order.paymentType !== 'full' && row.creditStatus !== 'closed') {
          throw new AppError('NOT_FULLY_PAID', 409);
        }
        next = 5;
        await repo.updateOrder(tx, orderId, { status: next });
        break;
      default:
        throw new AppError('ORDER_STATUS_FINAL', 409);
    }
    await recordNotice(tx, customerId, {
      kind: 'order_status',
      text: {
        uz: `№${orderId} buyurtma: ${orderStatusName(next, 'uz')}`,
        ru: `Заказ №${orderId}: ${orderStatusName(next, 'ru')}`,
      },
    });
  });
  return orderDetail(db, customerId, orderId, lang);
}
