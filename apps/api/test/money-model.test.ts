import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tashkentDay } from '@bozor/shared';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { creditInstallments, ledgerEntries, payments } from '../src/db/schema/index.ts';
import { runAutopay } from '../src/modules/payments/autopay.ts';
import type { PaymentDeps } from '../src/modules/payments/debit.ts';
import { reconcileDay } from '../src/modules/payments/reconciliation.ts';
import { recoverPayments } from '../src/modules/payments/recovery.ts';
import { PaymeCardGateway } from '../src/providers/payments/index.ts';
import { createCustomerSession } from './helpers/auth.ts';
import { bindCard, createInstallmentOrder } from './helpers/checkout.ts';
import { connectAgain, openTestDatabase } from './helpers/database.ts';
import {
  ERROR_AFTER_DEBIT,
  LOST_ANSWER,
  NO_FUNDS,
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  PROCESSING,
  REFUND_REFUSED,
  startPaymeDouble,
} from './helpers/payme-double.ts';
import { createFullOrder } from './modules/payments/fixtures.ts';

const MINUTE = 60_000;
const APPROVED = '8600111111111110';
const CARDS = [APPROVED, NO_FUNDS, LOST_ANSWER, ERROR_AFTER_DEBIT, PROCESSING, REFUND_REFUSED];
/** Sequences a run tries: a few in CI, many with MONEY_MODEL_RUNS (`npm run test:money-model`). */
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 25);
/** Gateway methods an outage can hit, and the errors Payme answers with. */
const METHODS = ['receipts.create', 'receipts.pay', 'receipts.check', 'receipts.cancel'] as const;
const CODES = [-32400, -31630, -31602, -31999] as const;

interface Customer {
  customerId: number;
  cardId: number;
  headers: Record<string, string>;
}

/** What the model knows: the orders placed, and the refunds made behind the shop's back. */
interface Model {
  orders: { id: number; customer: Customer; total: number; creditId: number | null }[];
  /** Receipts cancelled at the gateway by hand, by payment: reconciliation must list them. */
  planted: Map<number, string>;
}

/** The system: two API processes on one database (one on the embedded database) and Payme. */
interface Real {
  apps: FastifyInstance[];
  double: PaymeDouble;
  customers: Map<string, Customer>;
  /** How far the clocks of the shop's jobs and of Payme are ahead of the wall clock. */
  offset: { ms: number };
}

const now = (real: Real) => new Date(Date.now() + real.offset.ms);
const depsOf = (real: Real, app: FastifyInstance): PaymentDeps => ({
  db: app.db,
  gateway: app.cardGateway,
  sms: app.sms,
  log: app.log,
  now: () => now(real),
});

/** A customer's request answers; a 5xx is a defect whatever the gateway said. */
function expectNoServerError(res: { statusCode: number; body: string }) {
  // 503 is the gateway out of reach, told to the customer as such
  expect(res.statusCode === 503 || res.statusCode < 500, res.body).toBe(true);
}

/** One step of a sequence: what it does to the system, when it may run, how it reads. */
function step(
  label: string,
  run: (m: Model, r: Real) => Promise<void>,
  check: (m: Readonly<Model>) => boolean = () => true,
): fc.AsyncCommand<Model, Real> {
  return { check, run, toString: () => label };
}

const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;
/** One of the latest orders: a customer acts on what they just bought more often than not. */
const recent = (m: Model, pick: number) =>
  m.orders[m.orders.length - 1 - (pick % m.orders.length)]!;

/** A new order, paid in full at once, or bought on credit (signed, its installments to come). */
function placeAndPay(card: string, total: number, credit: boolean, appIndex: number) {
  return step(
    `PlaceAndPay(${card.slice(-4)}, ${total}, ${credit ? 'credit' : 'full'})`,
    async (m, r) => {
      const customer = r.customers.get(card)!;
      const app = r.apps[appIndex % r.apps.length]!;
      if (credit) {
        const { order, credit: row } = await createInstallmentOrder(app.db, {
          customerId: customer.customerId,
          cardId: customer.cardId,
          total,
          orderStatus: 2,
        });
        m.orders.push({ id: order.id, customer, total: row.total, creditId: row.id });
        return;
      }
      const order = await createFullOrder(app.db, {
        customerId: customer.customerId,
        cardId: customer.cardId,
        total,
      });
      m.orders.push({ id: order.id, customer, total, creditId: null });
      expectNoServerError(
        await app.inject({
          method: 'POST',
          url: `/api/orders/payment/${order.id}/${customer.cardId}`,
          headers: { ...customer.headers, 'idempotency-key': randomUUID() },
        }),
      );
    },
  );
}

/** A customer who changes their mind at once: the order paid, then cancelled. */
function payThenCancel(card: string, total: number) {
  const place = placeAndPay(card, total, false, 0);
  return step(`PayThenCancel(${card.slice(-4)}, ${total})`, async (m, r) => {
    await place.run(m, r);
    await cancel(0).run(m, r);
  });
}

/** The customer pays again: the order once more, or a sum of the credit. */
function payAgain(pick: number, amount: number, appIndex: number) {
  return step(
    `PayAgain(${pick}, ${amount})`,
    async (m, r) => {
      const order = recent(m, pick);
      const app = r.apps[appIndex % r.apps.length]!;
      const headers = { ...order.customer.headers, 'idempotency-key': randomUUID() };
      expectNoServerError(
        order.creditId === null
          ? await app.inject({
              method: 'POST',
              url: `/api/orders/payment/${order.id}/${order.customer.cardId}`,
              headers,
            })
          : await app.inject({
              method: 'POST',
              url: `/api/credits/payment/${order.creditId}`,
              headers,
              payload: { card_id: order.customer.cardId, amount },
            }),
      );
    },
    hasOrders,
  );
}

function cancel(pick: number) {
  return step(
    `Cancel(${pick})`,
    async (m, r) => {
      const order = recent(m, pick);
      expectNoServerError(
        await r.apps[0]!.inject({
          method: 'POST',
          url: `/api/orders/cancel/${order.id}`,
          headers: order.customer.headers,
        }),
      );
    },
    hasOrders,
  );
}

/** The next `times` calls of a gateway method answer an error without doing anything. */
function outage(method: string, code: number, times: number) {
  return step(`Outage(${method}, ${code} x${times})`, async (_m, r) => {
    r.double.control.failTimes.set(method, { code, times });
  });
}

/** Payme holds the receipts paid from now on in processing this long before they are paid. */
function slowGateway(minutes: number) {
  return step(`SlowGateway(${minutes} min)`, async (_m, r) => {
    r.double.control.processingMs = minutes * MINUTE;
  });
}

function tick(minutes: number) {
  return step(`Tick(${minutes} min)`, async (_m, r) => {
    r.offset.ms += minutes * MINUTE;
  });
}

/** The recovery job in both processes at once, as two runners would. */
const recover = step('Recover', async (_m, r) => {
  await Promise.all(r.apps.map((app) => recoverPayments(depsOf(r, app), now(r))));
});

/** Autopay's run of a day some weeks ahead: installments due by then are debited. */
function autopay(daysAhead: number) {
  return step(
    `Autopay(+${daysAhead} d)`,
    async (_m, r) => {
      const app = r.apps[0]!;
      const day = tashkentDay(new Date(now(r).getTime() + daysAhead * 24 * 60 * MINUTE));
      // a step that could not finish is retried by the job; what it left must still hold
      await runAutopay(
        { ...depsOf(r, app), rules: { graceDays: 3, penaltyPercent: 1 } },
        day,
        now(r),
      ).catch(() => undefined);
    },
    (m) => m.orders.some((o) => o.creditId !== null),
  );
}

/** A refund made at the gateway by hand: the shop is not told, reconciliation must be. */
function refundOutside(pick: number) {
  return step(
    `RefundOutside(${pick})`,
    async (m, r) => {
      const order = recent(m, pick);
      const rows = await r.apps[0]!.db.select()
        .from(payments)
        .where(eq(payments.orderId, order.id));
      const paid = rows.find((p) => p.state === 'paid' && p.receiptId !== null);
      const receipt = paid ? r.double.receipts.get(paid.receiptId!) : undefined;
      if (!paid || receipt?.state !== 4) return;
      receipt.state = 50;
      receipt.cancel_time = r.double.control.now();
      r.double.movements.push({ kind: 'refund', receiptId: receipt._id, amount: receipt.amount });
      m.planted.set(paid.id, receipt._id);
    },
    hasOrders,
  );
}

const placeAndPayArb = fc
  .record({
    card: fc.constantFrom(...CARDS),
    total: fc.integer({ min: 1, max: 40 }).map((n) => n * 50_000),
    credit: fc.boolean(),
    app: fc.nat(1),
  })
  .map((c) => placeAndPay(c.card, c.total, c.credit, c.app));

const commands = [
  placeAndPayArb,
  placeAndPayArb,
  fc
    .record({
      card: fc.constantFrom(...CARDS),
      total: fc.integer({ min: 1, max: 40 }).map((n) => n * 50_000),
    })
    .map((c) => payThenCancel(c.card, c.total)),
  fc
    .record({ pick: fc.nat(3), amount: fc.integer({ min: 1, max: 8 }), app: fc.nat(1) })
    .map((c) => payAgain(c.pick, c.amount * 100_000, c.app)),
  fc.nat(3).map(cancel),
  fc
    .record({
      method: fc.constantFrom(...METHODS),
      code: fc.constantFrom(...CODES),
      times: fc.integer({ min: 1, max: 3 }),
    })
    .map((c) => outage(c.method, c.code, c.times)),
  fc.constantFrom(1, 3, 10, 45, 6 * 60).map(tick),
  fc.constantFrom(1, 60, 3 * 24 * 60).map(slowGateway),
  fc.constant(recover),
  fc.integer({ min: 25, max: 40 }).map(autopay),
  fc.nat(3).map(refundOutside),
];

/**
 * Random sequences of what a customer, the gateway and the clock can do to money (DESIGN §6a):
 * payments in full and on credit with every kind of test card, lost answers, errors after the
 * money moved, receipts held in processing, refunds refused, outages of any gateway method,
 * cancels, autopay days, two processes recovering at once, refunds made at the gateway by hand.
 * After each sequence the limits pass and the jobs run, and then: every receipt the gateway
 * took is recorded as paid or refunded, or waits for a person; nothing is charged net more than
 * it owes; the ledger agrees with every payment and with each credit's schedule; no payment is
 * left checking or refunding; reconciliation lists every refund made behind the shop's back.
 */
describe('money under any sequence of answers (model-based)', () => {
  let database: DatabaseHandle;
  let second: DatabaseHandle | undefined;
  let double: PaymeDouble;
  const apps: FastifyInstance[] = [];
  const uploadDir = mkdtempSync(join(tmpdir(), 'bozor-money-model-'));

  beforeAll(async () => {
    double = await startPaymeDouble();
    const gateway = () =>
      new PaymeCardGateway({
        baseUrl: double.url,
        merchantId: PAYME_MERCHANT,
        key: PAYME_KEY,
        // the double answers at once or drops the connection: only a loaded machine runs this long
        timeoutMs: 5_000,
      });
    database = await openTestDatabase();
    apps.push(await buildApp({ database, uploadDir, cardGateway: gateway }));
    // a second API process where there is a database server to share
    if (process.env.TEST_DATABASE_URL) {
      second = connectAgain(database);
      apps.push(await buildApp({ database: second, uploadDir, cardGateway: gateway }));
    }
    for (const app of apps) await app.ready();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.close();
    await double?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function setup(): Promise<{ model: Model; real: Real }> {
    const offset = { ms: 0 };
    double.reset();
    double.control.processingMs = 10_000;
    double.control.now = () => Date.now() + offset.ms;
    const app = apps[0]!;
    const customers = new Map<string, Customer>();
    for (const number of CARDS) {
      const session = await createCustomerSession(app.db, { isScoring: true });
      const card = await bindCard(app, session.customer.id, number);
      await app.cardGateway.sendVerifyCode(card.gatewayToken, 'uz');
      await app.cardGateway.verifyCard(card.gatewayToken, PAYME_CODE);
      customers.set(number, {
        customerId: session.customer.id,
        cardId: card.id,
        headers: session.headers,
      });
    }
    return {
      model: { orders: [], planted: new Map() },
      real: { apps, double, customers, offset },
    };
  }

  /** The limits pass with the gateway back to normal, and every job runs its course. */
  async function settle(real: Real) {
    real.double.control.failTimes.clear();
    real.double.control.errorFor.clear();
    for (let i = 0; i < 8; i += 1) {
      real.offset.ms += 4 * 60 * MINUTE;
      await Promise.all(real.apps.map((app) => recoverPayments(depsOf(real, app), now(real))));
    }
  }

  async function checkInvariants(model: Model, real: Real) {
    const db = real.apps[0]!.db;
    const orderIds = model.orders.map((o) => o.id);
    if (orderIds.length === 0) return;
    const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
    const ledger = await db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderId, orderIds));
    const entry = (customerId: number, key: string) =>
      ledger.find((e) => e.customerId === customerId && e.idempotencyKey === key);

    for (const p of rows) {
      const what = `payment ${p.id} (${p.purpose}, receipt ${p.receiptId})`;
      // nothing is left on its way past its limits
      expect(['checking', 'refunding'], `${what} is ${p.state}`).not.toContain(p.state);
      // the ledger agrees with the payment
      const taken = entry(p.customerId, p.gatewayKey);
      const back = entry(p.customerId, p.refundKey ?? `refund:${p.gatewayKey}`);
      if (p.state === 'paid') expect(taken?.amount, `${what} paid`).toBe(p.amount);
      if (p.state === 'paid') expect(back, `${what} paid`).toBeUndefined();
      if (p.state === 'refunded')
        expect([taken?.amount, back?.amount], what).toEqual([p.amount, p.amount]);
      if (p.state === 'failed') expect(taken, `${what} failed`).toBeUndefined();
      // every receipt the gateway took money on is recorded, or waits for a person
      if (p.receiptId === null) continue;
      const net = real.double.net(p.receiptId) / 100;
      const planted = model.planted.get(p.id) === p.receiptId;
      if (net > 0) expect(['paid', 'needs_attention'], `${what} holds ${net}`).toContain(p.state);
      if (net === 0 && real.double.movements.some((m) => m.receiptId === p.receiptId)) {
        const expected = planted
          ? ['paid', 'refunded', 'needs_attention']
          : ['refunded', 'needs_attention'];
        expect(expected, `${what} was paid and refunded at the gateway`).toContain(p.state);
      }
    }
    // no receipt the shop does not know of took money
    const known = new Set(rows.map((p) => p.receiptId));
    const keys = new Set(rows.map((p) => p.gatewayKey));
    for (const receipt of real.double.receipts.values()) {
      const key = receipt.account.find((a) => a.name === 'payment')?.value;
      if (typeof key !== 'string' || !keys.has(key)) continue;
      if (real.double.net(receipt._id) > 0) {
        expect(known.has(receipt._id), `receipt ${receipt._id} took money unrecorded`).toBe(true);
      }
    }
    // nothing is charged net more than it owes
    for (const order of model.orders) {
      const receipts = rows.filter((p) => p.orderId === order.id && p.receiptId !== null);
      const net = receipts.reduce((sum, p) => sum + real.double.net(p.receiptId!) / 100, 0);
      expect(net, `order ${order.id} charged ${net} of ${order.total}`).toBeLessThanOrEqual(
        order.total,
      );
    }
    // each credit's schedule agrees with the money its ledger holds for it
    const creditIds = model.orders.flatMap((o) => (o.creditId === null ? [] : [o.creditId]));
    if (creditIds.length > 0) {
      const schedule = await db
        .select()
        .from(creditInstallments)
        .where(inArray(creditInstallments.creditId, creditIds));
      for (const order of model.orders) {
        if (order.creditId === null) continue;
        const paidOn = schedule
          .filter((i) => i.creditId === order.creditId)
          .reduce((sum, i) => sum + i.paid, 0);
        const onCredit = ledger.filter((e) => e.creditId === order.creditId);
        const sum = (kind: string) =>
          onCredit.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
        // refunds come off the schedule too, so this holds for ended credits as well
        expect(paidOn, `credit ${order.creditId}`).toBe(sum('debit') - sum('refund'));
      }
    }
    // reconciliation lists every refund made behind the shop's back
    if (model.planted.size > 0) {
      const report = await reconcileDay(
        { db, gateway: real.apps[0]!.cardGateway, log: real.apps[0]!.log },
        tashkentDay(new Date()),
      );
      for (const [paymentId] of model.planted) {
        const p = rows.find((row) => row.id === paymentId)!;
        if (p.state !== 'paid') continue;
        expect(
          report.mismatches.some(
            (m) => m.paymentId === paymentId && m.kind === 'refund_not_recorded',
          ),
          `refund of payment ${paymentId} made at the gateway`,
        ).toBe(true);
      }
    }
  }

  it(
    'keeps every receipt recorded, no one overcharged, the ledger true and nothing stuck',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
          const { model, real } = await setup();
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          await settle(real);
          await checkInvariants(model, real);
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: (process.env.CI ? 4 : 10) * 60_000 },
      );
    },
    15 * 60_000,
  );
});
