import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { as, signedInStaff } from '../helpers/staff.ts';

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const CARD_NUMBER = '8600123412341234';

/** The lines written for one request, by its id. */
const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

async function buildWith(database: DatabaseHandle, level: string): Promise<FastifyInstance> {
  const app = await buildApp({ database, logger: { level, stream }, slowRequestMs: 200 });
  app.get('/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    return { ok: true };
  });
  app.get('/test/broken', async () => {
    throw new Error('the printer is on fire');
  });
  await app.ready();
  // a first answer of each kind is slow while the code warms up
  for (const url of ['/api/products/x', '/api/clients/info', '/api/categories/top']) {
    await app.inject({ url });
  }
  return app;
}

describe('the request log', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildWith(database, 'info');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('writes one line per request when it is answered: method, route, status, time, request id', async () => {
    const res = await app.inject({
      url: `/api/products/no-such-product?card=${CARD_NUMBER}`,
      headers: { 'x-request-id': 'req-one', authorization: 'Bearer not-a-session' },
    });
    expect(res.statusCode).toBe(404);
    const written = linesOf('req-one');
    expect(written).toHaveLength(1);
    const [line] = written;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: 'req-one',
      method: 'GET',
      route: '/api/products/:id',
      status: 404,
    });
    expect(typeof line?.ms).toBe('number');
    // no headers, no URL: neither a token nor a card number can be in it
    expect(line).not.toHaveProperty('req');
    expect(JSON.stringify(lines)).not.toContain(CARD_NUMBER);
    expect(JSON.stringify(lines)).not.toContain('not-a-session');
  });

  it('names the customer or the member of staff when the request is theirs', async () => {
    const customer = await createCustomerSession(database.db);
    await app.inject({
      url: '/api/clients/info',
      headers: { ...customer.headers, 'x-request-id': 'req-customer' },
    });
    expect(linesOf('req-customer')[0]).toMatchObject({ customerId: customer.customer.id });
    expect(linesOf('req-customer')[0]).not.toHaveProperty('staffId');

    const staff = await signedInStaff(app, database.db, 'owner');
    await app.inject({
      url: '/api/admin/auth/me',
      headers: { ...as(staff), 'x-request-id': 'req-staff' },
    });
    expect(linesOf('req-staff')[0]).toMatchObject({ status: 200, staffId: staff.staffId });
    expect(JSON.stringify(lines)).not.toContain(staff.cookie.split(';')[0]?.split('=')[1]);
  });

  it('logs a slow request as a warning with its detail, secrets redacted', async () => {
    await app.inject({
      url: `/test/slow?card=${CARD_NUMBER}`,
      headers: { 'x-request-id': 'req-slow', authorization: 'Bearer secret-session-token' },
    });
    const [line] = linesOf('req-slow');
    expect(line).toMatchObject({
      level: 40,
      msg: 'slow request',
      route: '/test/slow',
      status: 200,
    });
    expect(line?.ms).toBeGreaterThanOrEqual(200);
    const req = line?.req as {
      url: string;
      headers: Record<string, string>;
      remoteAddress: string;
    };
    expect(req.url).toBe('/test/slow?card=8600…1234');
    expect(req.headers.authorization).toBe('[redacted]');
    expect(req.remoteAddress).toBe('127.0.0.1');
    expect(JSON.stringify(lines)).not.toContain('secret-session-token');
  });

  it('logs a server error as an error with its detail', async () => {
    const res = await app.inject({ url: '/test/broken', headers: { 'x-request-id': 'req-err' } });
    expect(res.statusCode).toBe(500);
    const written = linesOf('req-err');
    // the error handler's line with the error, then the request's own
    expect(written.find((line) => line.msg === 'request failed')).toMatchObject({
      err: { message: 'the printer is on fire' },
    });
    expect(written.at(-1)).toMatchObject({
      level: 50,
      msg: 'request answered with a server error',
      route: '/test/broken',
      status: 500,
      req: { method: 'GET', url: '/test/broken' },
    });
  });

  it('leaves the balancer probes out unless they fail', async () => {
    await app.inject({ url: '/healthz', headers: { 'x-request-id': 'req-probe' } });
    await app.inject({ url: '/readyz', headers: { 'x-request-id': 'req-ready' } });
    expect(linesOf('req-probe')).toEqual([]);
    expect(linesOf('req-ready')).toEqual([]);
  });
});

describe('the request log at warn', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildWith(database, 'warn');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes nothing for a quick answer, and still the slow ones and the errors', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/categories/top', headers: { 'x-request-id': 'warn-quick' } });
    await app.inject({ url: '/test/slow', headers: { 'x-request-id': 'warn-slow' } });
    await app.inject({ url: '/test/broken', headers: { 'x-request-id': 'warn-broken' } });
    expect(linesOf('warn-quick')).toEqual([]);
    expect(linesOf('warn-slow')).toMatchObject([{ msg: 'slow request' }]);
    expect(linesOf('warn-broken').at(-1)).toMatchObject({ status: 500, level: 50 });
  });
});
