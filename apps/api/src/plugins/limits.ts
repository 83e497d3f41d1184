import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import { customerOf } from './auth.ts';

export interface LimitOptions {
  /** Distinguishes the counters of different limits on the same key. */
  name: string;
  max: number;
  timeWindow: string | number;
  key: (request: FastifyRequest) => string;
}

/** What every counter's key in Redis starts with: `bozor-rate-limit:<limit's name>:<key>`. */
export const LIMIT_KEY_PREFIX = 'bozor-rate-limit:';

/** Counts one request; a counter without an expiry (a new one) gets the limit's window. */
const COUNT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * The rate-limit plugin's store of counters in Redis. The plugin's own Redis store names a
 * limit's counters after its route (method and URL), which a limit made by `createRateLimit` has
 * not, so every key read `bozor-rate-limit:undefinedundefined-…`. Here a key is the prefix and
 * what `limitBy` counts by, which starts with the limit's name; every limit shares the store.
 */
export function redisLimitStore(
  redis: Redis,
  prefix = LIMIT_KEY_PREFIX,
): FastifyRateLimitStoreCtor {
  return class RedisLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      redis.eval(COUNT, 1, `${prefix}${key}`, timeWindow).then(
        (answer) => {
          const [current, ttl] = answer as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** The counter store's failures are logged at most this often, not once a request. */
export const STORE_FAILURE_LOG_MS = 60_000;

/** Logs a failing counter store once per interval, with how many checks failed meanwhile. */
export function storeFailureLogger(intervalMs = STORE_FAILURE_LOG_MS) {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (log: FastifyBaseLogger, err: unknown): void => {
    const now = Date.now();
    if (now - lastLogged < intervalMs) {
      suppressed += 1;
      return;
    }
    log.error({ err, suppressed }, 'rate-limit store unreachable: limited routes answer 503');
    lastLogged = now;
    suppressed = 0;
  };
}

/** One failure log per server: every limit of an app shares it. */
const failureLogs = new WeakMap<object, ReturnType<typeof storeFailureLogger>>();

/**
 * The one way a route declares a limit: a preHandler counting requests per key (an IP, a
 * phone…). Several may guard one route; the counters live where the rate-limit plugin keeps them
 * (Redis when configured). A limit fails closed: when its store cannot count, the route answers
 * 503 rather than run unlimited, since what it guards (an SMS, a code check) costs money or
 * opens an account.
 */
export function limitBy(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
  });
  let logFailure = failureLogs.get(app.server);
  if (!logFailure) {
    logFailure = storeFailureLogger();
    failureLogs.set(app.server, logFailure);
  }
  return async (request: FastifyRequest): Promise<void> => {
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(request);
    } catch (err) {
      logFailure(request.log, err);
      throw new AppError('LIMITS_UNAVAILABLE', 503);
    }
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', 429, undefined, {
        retryAfter: Math.max(1, result.ttlInSeconds),
      });
    }
  };
}

/** A limit per client address (the proxy-resolved one: see `TRUST_PROXY`). */
export function limitByIp(
  app: FastifyInstance,
  options: Omit<LimitOptions, 'key'>,
): ReturnType<typeof limitBy> {
  return limitBy(app, { ...options, key: (request) => request.ip });
}

/** A limit per signed-in customer, for a `customerRoute` (its sign-in check runs first). */
export function limitByCustomer(
  app: FastifyInstance,
  options: Omit<LimitOptions, 'key'>,
): ReturnType<typeof limitBy> {
  return limitBy(app, { ...options, key: (request) => String(customerOf(request).id) });
}
