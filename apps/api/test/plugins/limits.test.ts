import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KEY_PREFIX } from '../../src/plugins/limits.ts';
import { useTestApp } from '../helpers/app.ts';

let phoneCounter = 0;
const nextPhone = () => `99897${String(1_000_000 + ++phoneCounter).slice(-7)}`;

describe.runIf(process.env.REDIS_URL)('rate-limit counters in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  const ctx = useTestApp({ redis });
  afterAll(() => redis.disconnect());

  /** A documentation address of its own per run, so counters of earlier runs are not found. */
  const address = `198.51.100.${1 + (Date.now() % 250)}`;

  it('keys each counter by the limit’s name and the key it counts, under the shop’s prefix', async () => {
    await redis.ping();
    const phone = nextPhone();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        remoteAddress: address,
        payload: { phone },
      });
    expect((await send()).statusCode).toBe(200);
    const ipKey = `${LIMIT_KEY_PREFIX}send-code-ip:${address}`;
    const phoneKeys = await redis.keys(`${LIMIT_KEY_PREFIX}send-code-phone:*${phone}*`);
    expect(LIMIT_KEY_PREFIX).toBe('bozor-rate-limit:');
    expect(await redis.get(ipKey)).toBe('1');
    expect(phoneKeys).toHaveLength(1);
    const ttl = await redis.pttl(ipKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);

    // the window a counter started keeps running: a second request counts on, without resetting it
    await send();
    expect(await redis.get(ipKey)).toBe('2');
    expect(await redis.pttl(ipKey)).toBeLessThanOrEqual(ttl);
    await redis.del(ipKey, ...phoneKeys);
  });
});
