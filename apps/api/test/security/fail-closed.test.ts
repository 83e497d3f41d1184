import { once } from 'node:events';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { useTestApp } from '../helpers/app.ts';

let phoneCounter = 0;
const nextPhone = () => `99898${String(1_000_000 + ++phoneCounter).slice(-7)}`;

/** A Redis client for an address where nothing listens: every command fails at once. */
function unreachableRedis(): Redis {
  const redis = new Redis('redis://127.0.0.1:1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  redis.on('error', () => {});
  return redis;
}

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describe('rate limits when their store is unreachable', () => {
  const log = captureLog();
  const redis = unreachableRedis();
  const ctx = useTestApp({ redis, logger: log.logger });
  afterAll(() => redis.disconnect());

  it('refuses to send an SMS with a 503 and a message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      headers: { lang: 'ru' },
      payload: { phone: nextPhone() },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Сервис временно недоступен. Попробуйте через несколько минут',
      code: 'LIMITS_UNAVAILABLE',
    });
  });

  it('refuses to check a code, resend one or take a partner application', async () => {
    const token = 'a'.repeat(43);
    const calls = [
      { url: '/api/clients/sign-in', payload: { token, code: '123456' } },
      { url: '/api/clients/resend-code', payload: { token } },
      {
        url: '/api/partners',
        payload: {
          full_name: 'Aziz Karimov',
          phone: '998901234567',
          store_name: 'Aziz Savdo',
          stir: '123456789',
        },
      },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ method: 'POST', ...call });
      expect(res.statusCode, call.url).toBe(503);
    }
  });

  it('keeps the catalogue reads working', async () => {
    const res = await ctx.app.inject({ url: '/api/categories/top' });
    expect(res.statusCode).toBe(200);
  });

  it('logs the failure once a minute, not once a request', async () => {
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        payload: { phone: nextPhone() },
      });
    }
    const failures = log.lines.filter((l) => String(l.msg).startsWith('rate-limit store'));
    expect(failures).toHaveLength(1);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limits on a Redis that stops', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  const ctx = useTestApp({ redis });
  afterAll(() => redis.disconnect());

  it('counts in Redis, answers 503 while it is gone and counts again when it is back', async () => {
    await redis.ping();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        remoteAddress: `192.0.2.${100 + (Date.now() % 100)}`,
        payload: { phone: nextPhone() },
      });
    expect((await send()).statusCode).toBe(200);
    const ended = once(redis, 'end');
    redis.disconnect();
    await ended;
    expect((await send()).statusCode).toBe(503);
    expect((await ctx.app.inject({ url: '/api/categories/top' })).statusCode).toBe(200);
    await redis.connect();
    expect((await send()).statusCode).toBe(200);
  });
});

describe('requests when the database is out of reach', () => {
  const log = captureLog();
  // nothing listens on port 1: every connection is refused at once
  const database = openDatabase({ url: 'postgres://postgres@127.0.0.1:1/bozor' });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database, logger: log.logger });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with a message and when to try again, not a 500', async () => {
    for (const url of ['/api/categories/top', '/api/category-products/telefonlar?page=2']) {
      const res = await app.inject({ url, headers: { lang: 'ru' } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: 'Сервис временно недоступен',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    const uz = await app.inject({ url: '/api/products/famous' });
    expect(uz.json()).toEqual({
      message: 'Xizmat vaqtincha ishlamayapti',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(log.lines.some((line) => line.msg === 'the database is out of reach')).toBe(true);
  });
});
