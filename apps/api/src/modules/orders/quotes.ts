/** What an order would cost before it is placed: tariffs for a price, and the checkout's lines. */
import {
  basketSizeClass,
  type CalculatorBody,
  creditTotal,
  type Lang,
  monthlyPayment,
  type OrderProducts,
  type TariffQuote,
} from '@bozor/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { summarizeProducts } from '../catalogue/index.ts';
import { OutOfStock } from './out-of-stock.ts';
import * as repo from './repository.ts';

type CalculatorRequest = z.output<typeof CalculatorBody>;

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
    size_class: basketSizeClass(rows.map((row) => row.sizeClass)),
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
