import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { logUnhandledRejection } from '../../src/lib/request-context.ts';
import { openTestDatabase } from '../helpers/database.ts';

describe('a promise rejection nobody handled', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let reported: Promise<void>;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ database, logger: { level: 'info', stream } });
    const report = logUnhandledRejection(app.log);
    // Work a request starts and leaves behind; what the process listener would be handed.
    app.get('/test/background', async () => {
      reported = new Promise((resolve) =>
        setTimeout(() => {
          report(new Error('background task failed'));
          resolve();
        }, 5),
      );
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is logged with the id of the request that started it', async () => {
    const res = await app.inject({
      url: '/test/background',
      headers: { 'x-request-id': 'req-42' },
    });
    expect(res.statusCode).toBe(200);
    await reported;
    const line = lines.find((l) => l.msg === 'unhandled promise rejection');
    expect(line).toMatchObject({ level: 50, reqId: 'req-42' });
    expect(JSON.stringify(line)).toContain('background task failed');
  });
});
