/** Placing an order (in full or on installments) and changing its prepayment before signing. */
import {
  basketSizeClass,
  buildSchedule,
  creditTotal,
  type Lang,
  monthlyPayment,
  type PlacedOrder,
  type PlaceOrderBody,
  type TariffTerms,
} from '@bozor/shared';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { findAddress } from '../addresses/index.ts';
import { findCard } from '../cards/index.ts';
import { OutOfStockError, reserveStock } from '../catalogue/index.ts';
import { type Destination, deliveryTerms } from '../delivery/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { creditLimit } from '../scoring/index.ts';
import { ORDER } from './lifecycle.ts';
import { OutOfStock } from './out-of-stock.ts';
import * as repo from './repository.ts';
import { dueDates } from './schedule.ts';

type PlaceOrderRequest = z.output<typeof PlaceOrderBody>;

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
      to: { type: 'courier', regionId: address.regionId, districtId: address.districtId },
      row: {
        addressId: address.id,
        branchId: null,
        deliveryType: 'address' as const,
        deliveryUz: text('uz'),
        deliveryRu: text('ru'),
      },
    } satisfies { to: Destination; row: object };
  }
  const branch =
    body.branch_id === undefined ? undefined : await repo.findBranch(db, body.branch_id);
  if (!branch) throw notFound('BRANCH_NOT_FOUND');
  return {
    to: { type: 'pickup' },
    row: {
      addressId: null,
      branchId: branch.id,
      deliveryType: 'pickup' as const,
      deliveryUz: `${PICKUP.uz}: ${branch.nameUz}, ${branch.addressUz}`,
      deliveryRu: `${PICKUP.ru}: ${branch.nameRu}, ${branch.addressRu}`,
    },
  } satisfies { to: Destination; row: object };
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
 * Delivery's fee and promised day are the rates' at `now` for the goods' sum and class (bulky
 * when any line is), whatever the storefront showed; the fee is part of the order's total, so
 * it is paid with a full-price order and financed with the goods on installments.
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  body: PlaceOrderRequest,
  lang: Lang,
  now: Date,
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
    const goods = lines.reduce((sum, line) => sum + line.price * line.count, 0);
    // the goods' own class, read with them: a bulky one makes the basket bulky
    const sizeClass = basketSizeClass(lines.map((line) => line.sizeClass));
    const shipping = await deliveryTerms(tx, delivery.to, { sum: goods, sizeClass }, now);
    const total = goods + shipping.fee;

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
      status: ORDER.new,
      paymentType: body.payment_type,
      total,
      prepayment,
      tariffId,
      cardId: card.id,
      ...delivery.row,
      deliveryFee: shipping.fee,
      deliveryPromisedOn: shipping.promisedOn,
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
      row.order.status !== ORDER.new ||
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
