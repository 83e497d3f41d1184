import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { categories, fiscalReceipts } from '../../../src/db/schema/index.ts';
import { registerDue } from '../../../src/modules/fiscal/register.ts';
import type {
  FiscalReceiptRequest,
  FiscalRegister,
  RegisteredReceipt,
} from '../../../src/providers/fiscal/types.ts';
import { useTestApp } from '../../helpers/app.ts';
import { connectAgain, itRaces } from '../../helpers/database.ts';
import { checkoutCalls } from '../orders/buyer.ts';

const IKPU = '08517001001000000';
const DELIVERY = { ikpu: '10112006002000000', packageCode: '1209779', units: null, vatPercent: 12 };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The shop's register, counting what each receipt was sent as, slow enough for runs to overlap. */
function countingRegister(inner: FiscalRegister) {
  const sent = new Map<number, number>();
  const register: FiscalRegister = {
    ...inner,
    async register(receipt: FiscalReceiptRequest): Promise<RegisteredReceipt> {
      sent.set(receipt.id, (sent.get(receipt.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return inner.register(receipt);
    },
  };
  return { register, sent };
}

describe('two fiscal registerers at once', () => {
  const ctx = useTestApp({ publicUrl: 'https://bozor.test' });
  const shop = checkoutCalls(ctx);

  itRaces('send each receipt once between them, and every receipt is registered', async () => {
    const buyer = await shop.buyer();
    const orderIds: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const product = await shop.product({ price: 100_000 + i * 1_000 });
      await ctx.db
        .update(categories)
        .set({ ikpu: IKPU, packageCode: '1500254' })
        .where(eq(categories.id, product.categoryId));
      const placed = await shop.order(buyer, [{ id: product.id }], { payment_type: 'full' });
      const paid = await shop.call(
        buyer,
        'POST',
        `/api/orders/payment/${placed.order_id}/${buyer.cardId}`,
        undefined,
        { key: randomUUID() },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      orderIds.push(placed.order_id);
    }
    const { register, sent } = countingRegister(ctx.app.fiscalRegister!);
    // a second API process's runner, on connections of its own
    const other = connectAgain(ctx.database);
    try {
      const run = (db: typeof ctx.db) =>
        registerDue({ db, register, delivery: DELIVERY, log: silent, now: () => new Date() });
      const [first, second] = await Promise.all([run(ctx.db), run(other.db)]);
      expect(first.registered + second.registered).toBe(orderIds.length);
      expect(first.retried + second.retried + first.failed + second.failed).toBe(0);
    } finally {
      await other.close();
    }
    const rows = await ctx.db
      .select()
      .from(fiscalReceipts)
      .where(inArray(fiscalReceipts.orderId, orderIds));
    expect(rows).toHaveLength(orderIds.length);
    expect(rows.every((row) => row.state === 'registered' && row.attempts === 1)).toBe(true);
    expect(
      [...sent.values()].every((times) => times === 1),
      JSON.stringify([...sent]),
    ).toBe(true);
    expect(sent.size).toBe(orderIds.length);
  });
});
