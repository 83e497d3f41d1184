import {
  apportionLines,
  type FiscalCode,
  type FiscalKind,
  type FiscalLine,
  type OrderLine,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';

/** A receipt that cannot be built yet or at all; `wait` is one that waits for another receipt. */
export class FiscalBuildError extends Error {
  readonly wait: boolean;

  constructor(message: string, options: { wait: boolean } = { wait: false }) {
    super(message);
    this.name = 'FiscalBuildError';
    this.wait = options.wait;
  }
}

export interface BuiltReceipt {
  kind: FiscalKind;
  amount: number;
  lines: FiscalLine[];
  refersTo: repo.FiscalReceiptRow | null;
  receivedCard: number;
  receivedCash: number;
  phone: string;
  customerId: number;
}

/** The delivery's title on a receipt, in the receipt's language (Uzbek). */
const DELIVERY_TITLE = 'Yetkazib berish xizmati';

/** The order's goods, and its delivery as a line of its own when it was charged for. */
async function orderLines(
  db: Executor,
  order: { id: number; deliveryFee: number },
  delivery: FiscalCode,
): Promise<OrderLine[]> {
  const goods = await repo.listFiscalGoods(db, order.id);
  const lines: OrderLine[] = goods.map((item) => {
    if (item.code === null) {
      throw new FiscalBuildError(
        `"${item.name}" has no IKPU: set one on the product or its category`,
      );
    }
    return { title: item.name, count: item.count, unitPrice: item.price, ...item.code };
  });
  if (order.deliveryFee > 0) {
    lines.push({
      title: DELIVERY_TITLE,
      count: 1,
      unitPrice: order.deliveryFee,
      ...delivery,
      delivery: true,
    });
  }
  return lines;
}

/** A registered receipt this one follows, or an error saying what it waits for. */
function registered(row: repo.FiscalReceiptRow | undefined, what: string) {
  if (!row) throw new FiscalBuildError(`no ${what} receipt`, { wait: true });
  if (row.state !== 'registered') {
    throw new FiscalBuildError(`waits for the ${what} receipt ${row.id} to be registered`, {
      wait: true,
    });
  }
  return row;
}

/**
 * What a receipt says, in Uzbek practice for goods sold on credit (docs/buying.md):
 * - a full-price payment sells the goods (`sale`), lines at the order's prices;
 * - a credit's money before the goods are handed over is an advance (`advance`: the prepayment,
 *   or an early payment), spread over the goods;
 * - the handover sells the goods on credit (`credit_sale`) for their credit price (the
 *   prepayment and the credit's schedule), taking what the advances took and leaving the rest
 *   owed;
 * - a credit's payment after the handover repays it (`credit`), naming the handover's receipt;
 * - a refund returns the lines of the payment's own receipt, naming it.
 * Money goes to the lines in proportion to their sums, so the lines add up to the receipt's sum;
 * a delivery charged for is a line of its own, under the shop's delivery code.
 */
export async function buildReceipt(
  db: Executor,
  row: repo.FiscalReceiptRow,
  delivery: FiscalCode,
): Promise<BuiltReceipt> {
  const order = await repo.findOrderFacts(db, row.orderId);
  if (!order) throw new FiscalBuildError(`order ${row.orderId} is gone`);
  const received = (amount: number) =>
    row.paidBy === 'cash'
      ? { receivedCard: 0, receivedCash: amount }
      : { receivedCard: amount, receivedCash: 0 };

  if (row.event === 'refund') {
    const paymentId = row.paymentId as number;
    const original = registered(
      await repo.findByEvent(db, { paymentId, event: 'payment' }),
      'payment',
    );
    const lines = original.lines ?? [];
    return {
      kind: 'refund',
      amount: original.amount ?? 0,
      lines,
      refersTo: original,
      ...received(original.amount ?? 0),
      phone: order.phone,
      customerId: order.customerId,
    };
  }

  const goods = await orderLines(db, order, delivery);
  if (row.event === 'handover') {
    if (order.creditTotal === null) throw new FiscalBuildError(`order ${order.id} has no credit`);
    const amount = order.prepayment + order.creditTotal;
    const advances = (await repo.listForOrder(db, row.orderId)).filter(
      (r) => r.event === 'payment' && r.id < row.id && r.kind === 'advance',
    );
    const taken = (by: 'card' | 'cash') =>
      advances.filter((r) => r.paidBy === by).reduce((sum, r) => sum + (r.amount ?? 0), 0);
    return {
      kind: 'credit_sale',
      amount,
      lines: apportionLines(goods, amount),
      refersTo: null,
      receivedCard: taken('card'),
      receivedCash: taken('cash'),
      phone: order.phone,
      customerId: order.customerId,
    };
  }

  const payment = await repo.findPaymentFacts(db, row.paymentId as number);
  if (!payment) throw new FiscalBuildError(`payment ${row.paymentId} is gone`);
  const amount = row.amount ?? 0;
  if (payment.purpose === 'full') {
    return {
      kind: 'sale',
      amount,
      lines: apportionLines(goods, amount),
      refersTo: null,
      ...received(amount),
      phone: order.phone,
      customerId: order.customerId,
    };
  }
  const handover = await repo.findByEvent(db, { orderId: row.orderId, event: 'handover' });
  // money that came after the goods were handed over repays the credit; before, it is an advance
  const repays = handover !== undefined && handover.id < row.id;
  return {
    kind: repays ? 'credit' : 'advance',
    amount,
    lines: apportionLines(goods, amount),
    refersTo: repays ? registered(handover, 'handover') : null,
    ...received(amount),
    phone: order.phone,
    customerId: order.customerId,
  };
}

/**
 * What a card payment about to be taken will be fiscalised as, for a gateway that shows the
 * receipt's lines (Payme's `detail`): the same kind and lines `buildReceipt` registers once it is
 * paid. Null when the goods lack a code: the payment is taken all the same, and its receipt
 * waits for the code (`registerDue`).
 */
export async function previewPayment(
  db: Executor,
  payment: { orderId: number; purpose: string; amount: number },
  delivery: FiscalCode,
): Promise<{ kind: FiscalKind; lines: FiscalLine[] } | null> {
  const order = await repo.findOrderFacts(db, payment.orderId);
  if (!order) return null;
  let goods: OrderLine[];
  try {
    goods = await orderLines(db, order, delivery);
  } catch (error) {
    if (error instanceof FiscalBuildError) return null;
    throw error;
  }
  const handedOver =
    payment.purpose !== 'full' &&
    (await repo.findByEvent(db, { orderId: payment.orderId, event: 'handover' })) !== undefined;
  const kind: FiscalKind = payment.purpose === 'full' ? 'sale' : handedOver ? 'credit' : 'advance';
  return { kind, lines: apportionLines(goods, payment.amount) };
}
