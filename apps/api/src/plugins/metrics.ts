import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessage } from '../lib/errors.ts';
import type { Metrics } from '../lib/metrics.ts';
import { keptSearchMemory } from '../modules/search/index.ts';

export interface MetricsOptions {
  metrics: Metrics;
  /**
   * Who may read /metrics without a token (METRICS_ALLOW): addresses, CIDRs and the names
   * loopback, linklocal and uniquelocal; the client's address as TRUST_PROXY makes it.
   */
  allow: readonly string[];
  /** A bearer token that reads /metrics from anywhere (METRICS_TOKEN); none when absent. */
  token?: string | undefined;
  /**
   * The text to answer: the whole cluster's, asked of the primary, in a cluster worker
   * (lib/cluster-metrics.ts); this process's registry when absent.
   */
  collect?: (() => Promise<string>) | undefined;
}

/** The address ranges the names stand for (as in TRUST_PROXY). */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether an address is in the list: IPv4 addresses as IPv6 (::ffff:…) match as IPv4. */
export function addressMatcher(
  entries: readonly string[],
): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    const bare =
      address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(bare);
    if (family === 0) return false;
    return list.check(bare, family === 6 ? 'ipv6' : 'ipv4');
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus text at GET /metrics, for the addresses of `allow` or a bearer `token` only: anyone
 * else is answered as if there were no such route (404), or 401 for a wrong token. Also counts
 * every answer (its route as declared, status and time) and the response cache's hits and misses
 * (from its `x-cache` header).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const { metrics } = options;
    const allowed = addressMatcher(options.allow);
    const collect = options.collect ?? (() => metrics.registry.metrics());
    metrics.watch({
      database: app.database,
      ...(app.hasDecorator('responseCache') ? { cacheBytes: () => app.responseCache.bytes } : {}),
      searchProducts: () => keptSearchMemory(app.database.db)?.products ?? 0,
    });

    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(
        request.method,
        request.routeOptions.url ?? '*',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      const cache = reply.getHeader('x-cache');
      if (cache === 'hit' || cache === 'miss') metrics.cache(cache);
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const authorization = request.headers.authorization;
      if (authorization !== undefined) {
        const given = /^Bearer (.+)$/i.exec(authorization)?.[1] ?? '';
        if (!options.token || !sameSecret(given, options.token)) {
          return reply
            .code(401)
            .send({ message: errorMessage('UNAUTHORIZED', request.lang), code: 'UNAUTHORIZED' });
        }
      } else if (!allowed(request.ip)) {
        return reply.code(404).send({
          message: errorMessage('ROUTE_NOT_FOUND', request.lang),
          code: 'ROUTE_NOT_FOUND',
        });
      }
      const text = await collect();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(text);
    });
  },
  { name: 'metrics', dependencies: ['response-cache'] },
);
