import { apportionLines, type FiscalKind, type FiscalLine, type OrderLine } from '@bozor/shared';
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
}

async function orderLines(db: Executor, orderId: number): Promise<OrderLine[]> {
  const goods = await repo.listFiscalGoods(db, orderId);
  return goods.map((item) => {
    if (item.code === null) {
      throw new FiscalBuildError(
        `"${item.name}" has no IKPU: set one on the product or its category`,
      );
    }
    return { title: item.name, count: item.count, unitPrice: item.price, ...item.code };
  });
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
 * Money goes to the lines in proportion to their sums, so the lines add up to the receipt's sum.
 */
export async function buildReceipt(
  db: Executor,
  row: repo.FiscalReceiptRow,
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
    };
  }

  const goods = await orderLines(db, row.orderId);
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
  };
}
