import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

export interface LimitOptions {
  /** Distinguishes the counters of different limits on the same key. */
  name: string;
  max: number;
  timeWindow: string | number;
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler counting requests per key (an IP, a phone…). Several may guard one route; the
 * counters live where the rate-limit plugin keeps them (Redis when configured).
 */
export function limitBy(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', 429, undefined, {
        retryAfter: Math.max(1, result.ttlInSeconds),
      });
    }
  };
}
