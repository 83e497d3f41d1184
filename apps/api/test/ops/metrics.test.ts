import { describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema/index.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { createJobRunner, scheduleJob } from '../../src/jobs/runner.ts';
import { createMetrics } from '../../src/lib/metrics.ts';
import { deliverNotice } from '../../src/modules/notifications/service.ts';
import { addressMatcher } from '../../src/plugins/metrics.ts';
import { SandboxCardGateway } from '../../src/providers/payments/index.ts';
import { LogSmsProvider } from '../../src/providers/sms/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../helpers/checkout.ts';
import { createCategory, createProduct } from '../helpers/factories.ts';

const TOKEN = 'metrics-token-of-at-least-32-characters';

/** The value of one sample of the Prometheus text, undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

describe('GET /metrics', () => {
  const metrics = createMetrics();
  const ctx = useTestApp({
    // the balancer in front: its X-Forwarded-For names the client
    trustProxy: ['127.0.0.1'],
    responseCacheBytes: 1024 * 1024,
    sms: (log) => metrics.countSms(new LogSmsProvider(log)),
    cardGateway: (sms, db) => metrics.countGateway(new SandboxCardGateway(sms, { db })),
    metrics: { metrics, allow: ['loopback'], token: TOKEN },
  });
  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts answers by route and status, and the response cache hits and misses', async () => {
    const category = await createCategory(ctx.db);
    await createProduct(ctx.db, { categoryId: category.id });
    const url = `/api/category-products/${category.slug}`;
    // on PostgreSQL the rows' announcements arrive after the commit: until they are heard an
    // answer kept now would be dropped, so the list is read (another page of it) until one is kept
    await expect
      .poll(async () => (await ctx.app.inject({ url: `${url}?page=2` })).headers['x-cache'])
      .toBe('hit');
    const before = await scrape();
    const route = { method: 'GET', route: '/api/category-products/:categoryId', status: '200' };
    const counted = (text: string, name: string, labels: Record<string, string>) =>
      (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

    const first = await ctx.app.inject({ url });
    const second = await ctx.app.inject({ url });
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    await ctx.app.inject({ url: '/api/products/no-such-product' });

    const text = await scrape();
    expect(counted(text, 'http_request_duration_seconds_count', route)).toBe(2);
    expect(counted(text, 'http_request_duration_seconds_bucket', { ...route, le: '10' })).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/products/:id',
        status: '404',
      }),
    ).toBe(1);
    expect(counted(text, 'bozor_response_cache_requests_total', { result: 'hit' })).toBe(1);
    // the missing product is a catalogue read too, computed (and not kept)
    expect(counted(text, 'bozor_response_cache_requests_total', { result: 'miss' })).toBe(2);
    expect(sample(text, 'bozor_response_cache_bytes')).toBeGreaterThan(0);
    // the event loop's delay and the process's own, from prom-client's default metrics
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // the embedded database has no pool, but the families are there
    expect(text).toContain('# TYPE bozor_db_pool_connections_in_use gauge');
    expect(text).toContain('# TYPE bozor_db_pool_waiting gauge');
  });

  it('counts text messages and card gateway calls by outcome', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      payload: { phone: '998931112244' },
    });
    const { customer } = await createCustomerSession(ctx.db);
    await bindCard(ctx.app, customer.id);
    // a blocked card (SANDBOX_CARDS) is declined
    await expect(bindCard(ctx.app, customer.id, '8600444444444449')).rejects.toThrow();

    // a provider that cannot send is counted as failed
    const failing = metrics.countSms({
      name: 'eskiz',
      send: async () => {
        throw new Error('Eskiz answered 500');
      },
    });
    await expect(failing.send({ phone: '998931112244', text: 'x' })).rejects.toThrow();

    const text = await scrape();
    expect(sample(text, 'bozor_sms_total', { provider: 'log', outcome: 'sent' })).toBe(1);
    expect(sample(text, 'bozor_sms_total', { provider: 'eskiz', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'bozor_gateway_calls_total', { call: 'createCard', outcome: 'ok' })).toBe(
      1,
    );
    const declines = text
      .split('\n')
      .filter((line) => /^bozor_gateway_calls_total\{.*call="createCard"/.test(line))
      .filter((line) => !line.includes('outcome="ok"'));
    expect(declines).toHaveLength(1);
    expect(declines[0]).toMatch(/outcome="card_[a-z_]+"/);
    expect(sample(text, 'bozor_gateway_call_duration_seconds_count', { call: 'createCard' })).toBe(
      2,
    );
  });

  it('reads payments by state, the job queue and the messages not sent from the database', async () => {
    const { customer } = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, customer.id);
    const { order } = await createInstallmentOrder(ctx.db, {
      customerId: customer.id,
      cardId: card.id,
    });
    await ctx.db.insert(payments).values([
      {
        customerId: customer.id,
        orderId: order.id,
        purpose: 'installment',
        amount: 500_000,
        gatewayKey: 'm1',
        state: 'checking',
      },
      {
        customerId: customer.id,
        orderId: order.id,
        purpose: 'installment',
        amount: 500_000,
        gatewayKey: 'm2',
        state: 'needs_attention',
        attentionKind: 'settle_failed',
        attentionReason: 'test',
      },
    ]);
    await scheduleJob(ctx.db, 'reminders', new Date(Date.now() - 120_000));
    // committed with its change, not sent yet
    await inTransaction(ctx.db, (tx) =>
      deliverNotice(tx, customer.id, { kind: 'payment_paid', text: { uz: 'ok', ru: 'ok' } }),
    );
    const text = await scrape();
    expect(sample(text, 'bozor_outbox_messages_pending')).toBe(1);
    expect(sample(text, 'bozor_payments', { state: 'checking' })).toBe(1);
    expect(sample(text, 'bozor_payments', { state: 'needs_attention' })).toBe(1);
    expect(sample(text, 'bozor_payments', { state: 'paid' })).toBe(0);
    expect(sample(text, 'bozor_jobs_due', { kind: 'reminders' })).toBe(1);
    expect(sample(text, 'bozor_jobs_oldest_due_seconds', { kind: 'reminders' })).toBeGreaterThan(
      100,
    );

    // a runner told to report its runs: one done, one failing for good
    const runner = createJobRunner({
      db: ctx.db,
      handlers: {
        reminders: async () => {},
        autopay: async () => {
          throw new Error('the gateway is down');
        },
      },
      maxAttempts: 1,
      observe: (run) => metrics.jobRun(run),
    });
    await scheduleJob(ctx.db, 'autopay', new Date(Date.now() - 1_000));
    expect(await runner.runDue()).toBe(2);
    const after = await scrape();
    expect(sample(after, 'bozor_job_runs_total', { kind: 'reminders', outcome: 'done' })).toBe(1);
    expect(sample(after, 'bozor_job_runs_total', { kind: 'autopay', outcome: 'failed' })).toBe(1);
    expect(sample(after, 'bozor_job_lag_seconds_count', { kind: 'reminders' })).toBe(1);
    expect(sample(after, 'bozor_job_lag_seconds_sum', { kind: 'reminders' })).toBeGreaterThan(100);
    expect(sample(after, 'bozor_jobs_failed', { kind: 'autopay' })).toBe(1);
    expect(sample(after, 'bozor_jobs_due', { kind: 'reminders' })).toBeUndefined();
  });

  it('is refused to any other address, including one a trusted proxy forwards', async () => {
    const outside = await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('http_request');
    const forwarded = await ctx.app.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(404);
    // a client cannot claim loopback through a proxy it is not
    const claimed = await ctx.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(claimed.statusCode).toBe(404);
  });

  it('is served to any address with the bearer token, and 401 with a wrong one', async () => {
    const withToken = await ctx.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_request_duration_seconds');
    const wrong = await ctx.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN.replace('m', 'n')}` },
    });
    expect(wrong.statusCode).toBe(401);
    const wrongFromLoopback = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrongFromLoopback.statusCode).toBe(401);
  });
});

describe('METRICS_ALLOW addresses', () => {
  it('matches addresses, CIDRs and named ranges, IPv4 also as IPv6', () => {
    const allowed = addressMatcher(['loopback', '10.1.0.0/16', '2001:db8::5']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('10.1.200.3')).toBe(true);
    expect(allowed('::ffff:10.1.200.3')).toBe(true);
    expect(allowed('10.2.0.1')).toBe(false);
    expect(allowed('2001:db8::5')).toBe(true);
    expect(allowed('2001:db8::6')).toBe(false);
    expect(allowed('203.0.113.9')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});
