import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';
import { PAYMENT_STATES } from '../db/schema/index.ts';
import type { CardGateway } from '../providers/payments/types.ts';
import type { SmsProvider } from '../providers/sms/types.ts';

/** One run of a scheduled job, as the job runner reports it. */
export interface JobRun {
  kind: string;
  /** From when it was due to when a runner claimed it. */
  lagMs: number;
  /** done; retry: failed, to run again; failed: failed for the last time, left for a person. */
  outcome: 'done' | 'retry' | 'failed';
}

/**
 * What one API process counts for Prometheus (GET /metrics), in a registry of its own so that
 * several apps in one process (the tests) do not share counters. In a cluster each worker counts
 * its own and the primary adds them up (lib/cluster-metrics.ts).
 */
export interface Metrics {
  readonly registry: Registry;
  /** An answer sent: its route as declared (not the URL, so the label set stays small). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A catalogue read answered from the response cache, or computed. */
  cache(result: 'hit' | 'miss'): void;
  jobRun(run: JobRun): void;
  /** The provider, counting each message sent or failed. */
  countSms(provider: SmsProvider): SmsProvider;
  /**
   * A sign-in code by the channel it went or was tried by (telegram, sms) and its outcome (sent,
   * failed; unreachable: Telegram's gateway said the number cannot receive it there).
   */
  signInCode(channel: 'telegram' | 'sms', outcome: 'sent' | 'failed' | 'unreachable'): void;
  /** The gateway, counting each call by its outcome (ok, a decline code or error) and timing it. */
  countGateway(gateway: CardGateway): CardGateway;
  /**
   * Gauges read from the database at each scrape: the pool's connections, payments by state,
   * jobs due and failed by kind, outbox messages pending; and the response cache's bytes when
   * there is a cache.
   */
  watch(sources: {
    database: DatabaseHandle;
    cacheBytes?: () => number;
    /** Products in the search index kept in memory; 0 while search asks the database. */
    searchProducts?: () => number;
  }): void;
}

/** Seconds: a cached answer takes well under a millisecond, an uncached list a few. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds a due job waits for a runner: the runner looks every minute. */
const LAG_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 900, 3600];
const CALL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const GATEWAY_CALLS = [
  'createCard',
  'sendVerifyCode',
  'verifyCard',
  'monthlyTurnover',
  'createReceipt',
  'payReceipt',
  'checkReceipt',
  'cancelReceipt',
  'listReceipts',
  'removeCard',
] as const;

/** A decline's code (CardDecline), lower case; `error` for anything else. */
function outcomeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (error as Error | null)?.name === 'CardDecline' && typeof code === 'string'
    ? code.toLowerCase()
    : 'error';
}

/**
 * The object with some of its methods counted. Other methods are called on the object itself (so
 * its private fields work), and `instanceof` still sees its class.
 */
function counted<T extends object>(
  target: T,
  methods: readonly string[],
  record: (method: string, outcome: string, seconds: number) => void,
  okOutcome: string,
): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      let fn = wrapped.get(property);
      if (fn) return fn;
      const name = String(property);
      fn = methods.includes(name)
        ? async (...args: unknown[]) => {
            const started = performance.now();
            try {
              const result = await value.apply(object, args);
              record(name, okOutcome, (performance.now() - started) / 1000);
              return result;
            } catch (error) {
              record(name, outcomeOf(error), (performance.now() - started) / 1000);
              throw error;
            }
          }
        : value.bind(object);
      wrapped.set(property, fn);
      return fn;
    },
  });
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route as declared and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const cacheRequests = new Counter({
    name: 'bozor_response_cache_requests_total',
    help: 'Catalogue reads answered from the response cache (hit) or computed (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  for (const result of ['hit', 'miss']) cacheRequests.inc({ result }, 0);
  const jobRuns = new Counter({
    name: 'bozor_job_runs_total',
    help: 'Runs of scheduled jobs by kind and outcome (done; retry: failed, runs again; failed: given up)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobLag = new Histogram({
    name: 'bozor_job_lag_seconds',
    help: 'From when a job was due to when a runner claimed it, by kind',
    labelNames: ['kind'] as const,
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const sms = new Counter({
    name: 'bozor_sms_total',
    help: 'Text messages by provider and outcome (sent, failed)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const signInCodes = new Counter({
    name: 'bozor_sign_in_codes_total',
    help: 'Sign-in codes by channel (telegram, sms) and outcome (sent, failed, unreachable)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  for (const channel of ['telegram', 'sms']) signInCodes.inc({ channel, outcome: 'sent' }, 0);
  const gatewayCalls = new Counter({
    name: 'bozor_gateway_calls_total',
    help: 'Calls to the card gateway by call and outcome (ok, a decline code in lower case, error)',
    labelNames: ['gateway', 'call', 'outcome'] as const,
    registers: [registry],
  });
  const gatewayTime = new Histogram({
    name: 'bozor_gateway_call_duration_seconds',
    help: 'Time the card gateway took to answer, by call',
    labelNames: ['gateway', 'call'] as const,
    buckets: CALL_BUCKETS,
    registers: [registry],
  });

  return {
    registry,
    request(method, route, status, seconds) {
      requests.observe({ method, route, status }, seconds);
    },
    cache(result) {
      cacheRequests.inc({ result });
    },
    jobRun({ kind, lagMs, outcome }) {
      jobRuns.inc({ kind, outcome });
      jobLag.observe({ kind }, Math.max(0, lagMs) / 1000);
    },
    countSms(provider) {
      return counted(
        provider,
        ['send'],
        (_call, outcome) =>
          sms.inc({ provider: provider.name, outcome: outcome === 'sent' ? 'sent' : 'failed' }),
        'sent',
      );
    },
    signInCode(channel, outcome) {
      signInCodes.inc({ channel, outcome });
    },
    countGateway(gateway) {
      return counted(
        gateway,
        GATEWAY_CALLS,
        (call, outcome, seconds) => {
          gatewayCalls.inc({ gateway: gateway.name, call, outcome });
          gatewayTime.observe({ gateway: gateway.name, call }, seconds);
        },
        'ok',
      );
    },
    watch({ database, cacheBytes, searchProducts }) {
      watchDatabase(registry, database);
      if (searchProducts) {
        new Gauge({
          name: 'bozor_search_index_products',
          help: 'Products in the search index kept in memory; 0 while search asks the database (the fewest of all processes)',
          aggregator: 'min',
          registers: [registry],
          collect() {
            this.set(searchProducts());
          },
        });
      }
      if (cacheBytes) {
        new Gauge({
          name: 'bozor_response_cache_bytes',
          help: 'Bytes of answers the response cache holds',
          registers: [registry],
          collect() {
            this.set(cacheBytes());
          },
        });
      }
    },
  };
}

interface Rows<T> {
  rows: T[];
}

interface JobRow {
  kind: string;
  due: number;
  waited: number;
  failed: number;
}

/**
 * The gauges a scrape reads from the database. Every process of a cluster sees the same rows, so
 * these are taken once (the largest), not added up; the pool's are each process's own and added.
 * A database that does not answer leaves the last values (its readiness says it is down).
 */
function watchDatabase(registry: Registry, database: DatabaseHandle): void {
  new Gauge({
    name: 'bozor_db_pool_connections_in_use',
    help: "Connections to PostgreSQL running a statement (the pool's size minus the idle)",
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (pool) this.set(pool.total - pool.idle);
    },
  });
  new Gauge({
    name: 'bozor_db_pool_waiting',
    help: 'Statements waiting for a connection to PostgreSQL',
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (pool) this.set(pool.waiting);
    },
  });
  new Gauge({
    name: 'bozor_payments',
    help: 'Card and cash payments by state (checking, paid, failed, refunding, refunded, needs_attention)',
    labelNames: ['state'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      try {
        const counted = (await database.db.execute(
          sql`select state, count(*)::int as n from payments group by state`,
        )) as unknown as Rows<{ state: string; n: number }>;
        const byState = new Map(counted.rows.map((row) => [row.state, row.n]));
        for (const state of PAYMENT_STATES) this.set({ state }, byState.get(state) ?? 0);
      } catch {
        // left as they were
      }
    },
  });
  new Gauge({
    name: 'bozor_outbox_messages_pending',
    help: 'Messages in the outbox waiting to be sent: neither sent nor given up',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      try {
        const counted = (await database.db.execute(
          sql`select count(*)::int as n from message_outbox where sent_at is null and failed_at is null`,
        )) as unknown as Rows<{ n: number }>;
        this.set(counted.rows[0]?.n ?? 0);
      } catch {
        // left as it was
      }
    },
  });
  // one query for the three job gauges, whose collects a scrape starts together
  let pending: Promise<JobRow[] | undefined> | undefined;
  const jobRows = () => {
    pending ??= (
      database.db.execute(
        sql`select kind,
              count(*) filter (where failed_at is null and run_at <= now())::int as due,
              coalesce(extract(epoch from now() - min(run_at) filter (where failed_at is null and run_at <= now())), 0)::float8 as waited,
              count(*) filter (where failed_at is not null)::int as failed
            from jobs where done_at is null group by kind`,
      ) as unknown as Promise<Rows<JobRow>>
    )
      .then(
        (found) => found.rows,
        () => undefined,
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  const jobGauge = (name: string, help: string, value: (row: JobRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        const rows = await jobRows();
        if (!rows) return;
        this.reset();
        for (const row of rows) this.set({ kind: row.kind }, value(row));
      },
    });
  jobGauge('bozor_jobs_due', 'Scheduled jobs due and not yet done, by kind', (row) => row.due);
  jobGauge(
    'bozor_jobs_oldest_due_seconds',
    'How long the oldest job due and not done has waited, by kind',
    (row) => row.waited,
  );
  jobGauge(
    'bozor_jobs_failed',
    'Jobs given up after their last attempt, left for a person, by kind',
    (row) => row.failed,
  );
}
