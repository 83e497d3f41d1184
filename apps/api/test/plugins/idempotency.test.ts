import { randomUUID } from 'node:crypto';
import { dataOf, ErrorBody, IdParams } from '@bozor/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { idempotencyKeys } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/lib/errors.ts';
import { customerRoute } from '../../src/plugins/auth.ts';
import {
  deleteExpiredIdempotencyKeys,
  idempotencyKeyOf,
  idempotent,
} from '../../src/plugins/idempotency.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { itRaces, openTestDatabase } from '../helpers/database.ts';

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

const PayBody = z.object({
  amount: z.number().int().positive(),
  outcome: z.enum(['paid', 'refused', 'fails-once', 'slow']).default('paid'),
});
const Paid = dataOf(
  z.object({ payment: z.number().int(), amount: z.number().int(), key: z.string() }),
);

/**
 * A throwaway payment route: counts its runs, and per body is refused (404), fails once with a
 * 500, or takes its time so that repeats arrive while it runs.
 */
function addPaymentRoute(app: FastifyInstance) {
  const runs = { count: 0 };
  const failedOnce = new Set<string>();
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test-payments/:id',
    customerRoute(
      idempotent({
        schema: {
          params: IdParams,
          body: PayBody,
          response: { 201: Paid, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
        },
      }),
    ),
    async (request, reply) => {
      runs.count += 1;
      const key = idempotencyKeyOf(request);
      const { outcome, amount } = request.body;
      if (outcome === 'refused') throw new AppError('CARD_NOT_FOUND', 404);
      if (outcome === 'fails-once' && !failedOnce.has(key)) {
        failedOnce.add(key);
        throw new Error('the card gateway is down');
      }
      if (outcome === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
      return reply.code(201).send({ data: { payment: runs.count, amount, key } });
    },
  );
  return runs;
}

describe('idempotent() routes', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let runs: { count: number };
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ database });
    runs = addPaymentRoute(app);
    await app.ready();
    alice = await createCustomerSession(database.db);
    bob = await createCustomerSession(database.db);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const pay = (
    who: Session,
    key: string | undefined,
    body: object = { amount: 100_000 },
    options: { id?: number; lang?: 'uz' | 'ru' } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/test-payments/${options.id ?? 1}`,
      headers: {
        ...who.headers,
        lang: options.lang ?? 'uz',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });

  it('refuses a payment without a key, in both languages, before the handler runs', async () => {
    const before = runs.count;
    const uz = await pay(alice, undefined);
    expect(uz.statusCode).toBe(400);
    expect(uz.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: "So'rovga Idempotency-Key sarlavhasini qo'shing",
    });
    const ru = await pay(alice, undefined, undefined, { lang: 'ru' });
    expect(ru.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: 'Добавьте к запросу заголовок Idempotency-Key',
    });
    expect(runs.count).toBe(before);
  });

  it('refuses a key that is empty, too long or not made of A–Z a–z 0–9 _ -', async () => {
    for (const key of ['', 'a'.repeat(256), 'has space', 'ключ', 'a/b', 'a.b']) {
      const res = await pay(alice, key, undefined, { lang: 'ru' });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    for (const key of ['a'.repeat(255), 'A-z_09', randomUUID()]) {
      expect((await pay(alice, key)).statusCode, key).toBe(201);
    }
  });

  it('answers a repeat with the first answer, same status and body, without paying again', async () => {
    const key = randomUUID();
    const first = await pay(alice, key);
    expect(first.statusCode).toBe(201);
    const before = runs.count;
    const again = await pay(alice, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.count).toBe(before);
  });

  it('gives the handler a key unique to the customer, route and key', async () => {
    const res = await pay(alice, 'order-7');
    expect(res.json().data.key).toBe(`${alice.customer.id}:POST /api/test-payments/:id:order-7`);
  });

  it('refuses the same key with another body or path (422)', async () => {
    const key = randomUUID();
    expect((await pay(alice, key, { amount: 100_000 })).statusCode).toBe(201);
    const before = runs.count;
    const otherBody = await pay(alice, key, { amount: 200_000 }, { lang: 'ru' });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Этот Idempotency-Key уже использован с другим запросом',
    });
    expect((await pay(alice, key, { amount: 100_000 }, { id: 2 })).statusCode).toBe(422);
    expect(runs.count).toBe(before);
  });

  it('fingerprints the body whatever the order of its fields', async () => {
    const key = randomUUID();
    const first = await pay(alice, key, { amount: 5_000, outcome: 'paid' });
    const again = await pay(alice, key, { outcome: 'paid', amount: 5_000 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it("keeps one customer's keys apart from another's", async () => {
    const key = randomUUID();
    const a = await pay(alice, key);
    const b = await pay(bob, key);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().data.payment).not.toBe(a.json().data.payment);
  });

  it('keeps a business refusal (4xx): the repeat gets it without running', async () => {
    const key = randomUUID();
    const first = await pay(alice, key, { amount: 1_000, outcome: 'refused' });
    expect(first.statusCode).toBe(404);
    const before = runs.count;
    const again = await pay(alice, key, { amount: 1_000, outcome: 'refused' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(first.body);
    expect(runs.count).toBe(before);
  });

  it('releases the key after a server failure (5xx), so the retry runs', async () => {
    const key = randomUUID();
    const body = { amount: 1_000, outcome: 'fails-once' };
    expect((await pay(alice, key, body)).statusCode).toBe(500);
    const [row] = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row).toBeUndefined();
    const retry = await pay(alice, key, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await pay(alice, key, body)).body).toBe(retry.body);
  });

  it('answers 409 with Retry-After while the first request still runs', async () => {
    const key = randomUUID();
    const body = { amount: 1_000, outcome: 'slow' };
    const first = pay(alice, key, body);
    // the first request has taken the key once its row exists
    for (let i = 0; i < 100; i += 1) {
      const [row] = await database.db
        .select({ id: idempotencyKeys.id })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key));
      if (row) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const during = await pay(alice, key, body, { lang: 'ru' });
    expect(during.statusCode).toBe(409);
    expect(during.headers['retry-after']).toBe('1');
    expect(during.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_IN_USE',
      message: 'Этот запрос ещё выполняется. Повторите чуть позже',
    });
    const done = await first;
    expect(done.statusCode).toBe(201);
    expect((await pay(alice, key, body)).body).toBe(done.body);
  });

  it('lets a repeat take over a key left pending by a process that died', async () => {
    const key = randomUUID();
    const route = 'POST /api/test-payments/:id';
    const taken = {
      customerId: alice.customer.id,
      route,
      key,
      fingerprint: 'f'.repeat(64),
    };
    await database.db.insert(idempotencyKeys).values(taken);
    // a different request under the key is still refused
    expect((await pay(alice, key)).statusCode).toBe(422);
    await database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));

    const fresh = await pay(alice, key);
    const [row] = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    await database.db
      .update(idempotencyKeys)
      .set({ state: 'pending', statusCode: null, response: null })
      .where(eq(idempotencyKeys.id, row!.id));
    expect((await pay(alice, key)).statusCode).toBe(409);
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.id, row!.id));
    const before = runs.count;
    const retaken = await pay(alice, key);
    expect(retaken.statusCode).toBe(201);
    expect(retaken.headers['idempotent-replayed']).toBeUndefined();
    expect(retaken.json().data.payment).not.toBe(fresh.json().data.payment);
    expect(runs.count).toBe(before + 1);
  });

  it('forgets keys after 24 hours', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    await pay(alice, old);
    await pay(alice, recent);
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, old));

    // an expired key runs again even before the cleanup has removed it
    const before = runs.count;
    const again = await pay(alice, old);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.count).toBe(before + 1);

    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, old));
    expect(await deleteExpiredIdempotencyKeys(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in (${old}, ${recent})`);
    expect(left).toEqual([{ key: recent }]);
    const dayLater = new Date(Date.now() + 24 * 3600 * 1000 + 60_000);
    expect(await deleteExpiredIdempotencyKeys(database.db, dayLater)).toBeGreaterThanOrEqual(1);
    expect(
      await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, recent)),
    ).toEqual([]);
  });

  itRaces('runs the handler once for ten duplicates sent at once', async () => {
    const key = randomUUID();
    const body = { amount: 2_500, outcome: 'slow' };
    const before = runs.count;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(alice, key, body)));
    expect(runs.count).toBe(before + 1);
    const paid = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(paid.length + busy.length).toBe(10);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((a) => a.body)).size).toBe(1);
    expect((await pay(alice, key, body)).body).toBe(paid[0]!.body);
  });

  it('documents the header on the route', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const parameters = doc.paths['/api/test-payments/{id}']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
    );
  });
});
