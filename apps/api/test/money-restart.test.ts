import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEVELOPMENT_AUTH_SECRET } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { ledgerEntries, payments } from '../src/db/schema/index.ts';
import { keyRing } from '../src/lib/secrets.ts';
import { runAutopay } from '../src/modules/payments/autopay.ts';
import { recoverPayments } from '../src/modules/payments/recovery.ts';
import { PaymeCardGateway } from '../src/providers/payments/index.ts';
import { LogSmsProvider } from '../src/providers/sms/index.ts';
import { withDatabase } from './global-setup.ts';
import { createCustomerSession } from './helpers/auth.ts';
import { bindCard } from './helpers/checkout.ts';
import {
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  RECEIPT,
  startPaymeDouble,
} from './helpers/payme-double.ts';
import { createFullOrder } from './modules/payments/fixtures.ts';

const serverEntry = resolve(import.meta.dirname, '../src/server.ts');
const url = process.env.TEST_DATABASE_URL;
const template = inject('postgresTemplate');
const LOST_ANSWER_MS = 3_000;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * The case of DESIGN §6a on the real gateway's terms: Payme answers a payment after the shop
 * gave up waiting (the money is taken), the whole server is killed with SIGKILL and started
 * again, and the payment is asked about from both API processes and from autopay. Two processes
 * need a PostgreSQL server.
 */
describe.skipIf(!url || !template)(
  'a lost answer and a kill -9, on Payme with two processes',
  () => {
    const name = `bozor_test_${randomBytes(6).toString('hex')}`;
    let admin: pg.Client;
    let database: DatabaseHandle;
    let double: PaymeDouble;
    let server: ChildProcess | undefined;
    let base: string;
    let port: number;

    async function start(): Promise<ChildProcess> {
      const child = spawn(process.execPath, [serverEntry], {
        detached: true,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: withDatabase(url ?? '', name),
          WEB_CONCURRENCY: '2',
          SEED_ON_START: 'false',
          REDIS_URL: '',
          WEB_DIST: resolve(import.meta.dirname, 'no-web'),
          LOG_LEVEL: 'fatal',
          PAYMENT_GATEWAY: 'payme',
          PAYME_BASE_URL: double.url,
          PAYME_MERCHANT_ID: PAYME_MERCHANT,
          PAYME_KEY: PAYME_KEY,
          PAYME_TIMEOUT_MS: '500',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        try {
          if ((await fetch(`${base}/readyz`)).ok) return child;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('server did not become ready');
    }

    /** SIGKILL to the primary and its workers at once: nothing gets to finish. */
    async function killHard(child: ChildProcess) {
      const exited = once(child, 'exit');
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      await exited;
    }

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name} template ${template}`);
      database = openDatabase({ url: withDatabase(url ?? '', name) });
      double = await startPaymeDouble();
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
    });

    afterAll(async () => {
      if (server && server.exitCode === null) await killHard(server);
      await double?.close();
      await database?.close();
      await admin?.query(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    // two server starts, a kill and a restart: more than the usual 30 s on a busy machine
    it('leaves one paid receipt and one paid payment, and a cancel refunds it once', async () => {
      const gateway = new PaymeCardGateway({
        baseUrl: double.url,
        merchantId: PAYME_MERCHANT,
        key: PAYME_KEY,
        timeoutMs: 2_000,
      });
      const db = database.db;
      const alice = await createCustomerSession(db);
      const shop = { cardGateway: gateway, db, authSecret: keyRing(DEVELOPMENT_AUTH_SECRET) };
      const card = await bindCard(shop as unknown as FastifyInstance, alice.customer.id);
      await gateway.sendVerifyCode(card.gatewayToken, 'uz');
      await gateway.verifyCard(card.gatewayToken, PAYME_CODE);
      const order = await createFullOrder(db, {
        customerId: alice.customer.id,
        cardId: card.id,
        total: 169_000,
      });
      const headers = {
        ...alice.headers,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      };

      server = await start();
      // Payme takes the money at once and answers after the shop has stopped waiting; the
      // question about the receipt that follows is lost too, so the payment stays checking
      double.control.lateMs.set('receipts.pay', LOST_ANSWER_MS);
      double.control.lateMs.set('receipts.check', LOST_ANSWER_MS);
      const paying = await fetch(`${base}/api/orders/payment/${order.id}/${card.id}`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(paying.status).toBe(200);
      const { data } = (await paying.json()) as { data: { payment_id: number; state: string } };
      expect(data.state).toBe('checking');
      expect(double.paid()).toHaveLength(1);

      await killHard(server);
      double.control.lateMs.clear();
      server = await start();

      // the customer's page asks over several connections (both processes), and again later
      const ask = () =>
        fetch(`${base}/api/payments/${data.payment_id}`, { headers: alice.headers }).then(
          async (r) => ((await r.json()) as { data: { state: string } }).data.state,
        );
      await Promise.all(Array.from({ length: 6 }, ask));
      // autopay and the recovery job of a process of their own, minutes later
      const later = new Date(Date.now() + 15 * 60_000);
      const jobDeps = {
        db,
        gateway,
        sms: new LogSmsProvider(),
        log: { info() {}, warn() {}, error() {} } as never,
        now: () => later,
      };
      await runAutopay(
        { ...jobDeps, rules: { graceDays: 3, penaltyPercent: 1 } },
        '2026-01-01',
        later,
      );
      await recoverPayments(jobDeps, later);
      expect(await ask()).toBe('paid');

      const rows = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(rows.map((p) => p.state)).toEqual(['paid']);
      const receipts = [...double.receipts.values()].filter((r) =>
        r.account.some((a) => a.value === rows[0]!.gatewayKey),
      );
      expect(receipts.map((r) => r.state)).toEqual([RECEIPT.paid]);
      expect(double.calls.filter((c) => c.method === 'receipts.pay')).toHaveLength(1);

      const cancelled = await fetch(`${base}/api/orders/cancel/${order.id}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: '{}',
      });
      expect(cancelled.status).toBe(200);
      // the refund is sent (now or by the next recovery run); Payme queues a paid receipt's
      // cancel (state 21), and the run after reads it cancelled
      const [sent] = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(['refunding', 'refunded']).toContain(sent!.state);
      for (const minutes of [30, 35]) {
        const at = new Date(Date.now() + minutes * 60_000);
        await recoverPayments({ ...jobDeps, now: () => at }, at);
      }
      const [refunded] = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(refunded).toMatchObject({ state: 'refunded', refundedAt: expect.any(Date) });
      expect(receipts[0]!.state).toBe(RECEIPT.cancelled);
      expect(double.movements.filter((m) => m.receiptId === receipts[0]!._id)).toEqual([
        expect.objectContaining({ kind: 'pay', amount: 16_900_000 }),
        expect.objectContaining({ kind: 'refund', amount: 16_900_000 }),
      ]);
      const ledger = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, order.id))
        .orderBy(ledgerEntries.id);
      expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
        ['debit', 169_000],
        ['refund', 169_000],
      ]);
    }, 120_000);
  },
);
