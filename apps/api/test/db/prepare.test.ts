import { randomBytes } from 'node:crypto';
import { DEFAULT_PRODUCTS } from '@bozor/demo';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import { products } from '../../src/db/schema/index.ts';
import { withDatabase } from '../global-setup.ts';
import { connectAgain, itRaces, openTestDatabase } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withAdvisoryLock', () => {
  let database: DatabaseHandle;
  let other: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    other = connectAgain(database);
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });

  itRaces('lets one holder in at a time, from two handles on one database', async () => {
    const events: string[] = [];
    const hold = (name: string, handle: DatabaseHandle, fail = false) =>
      handle.withAdvisoryLock(42, async () => {
        events.push(`${name} in`);
        await sleep(100);
        events.push(`${name} out`);
        if (fail) throw new Error(`${name} failed`);
      });
    const first = hold('a', database, true);
    // b asks only once a holds the lock: on a busy machine a head start of a few milliseconds
    // does not say who gets there first
    while (!events.includes('a in')) await sleep(5);
    const second = hold('b', other);
    await expect(first).rejects.toThrow('a failed');
    await second;
    // the lock is given back after a failure too
    await hold('c', database);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('does not hold back a holder of another key', async () => {
    const events: string[] = [];
    const slow = database.withAdvisoryLock(1, async () => {
      await sleep(200);
      events.push('slow');
    });
    await sleep(20);
    await other.withAdvisoryLock(2, async () => {
      events.push('other key');
    });
    await slow;
    expect(events).toEqual(['other key', 'slow']);
  });
});

// An empty database is made for it, which only a PostgreSQL server can give cheaply.
describe.runIf(process.env.TEST_DATABASE_URL)('two starts at once on an empty database', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `bozor_prepare_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  itRaces('both succeed, and the demo shop is seeded once', async () => {
    const handles = [0, 1].map(() => openDatabase({ url: withDatabase(url, name) }));
    const seeded: unknown[] = [];
    const log = { info: (...args: unknown[]) => seeded.push(args) };
    try {
      await Promise.all(handles.map((h) => prepareDatabase(h, { seed: true, log })));
      expect(seeded).toHaveLength(1);
      const [row] = await handles[0]!.db.select({ n: count() }).from(products);
      expect(row!.n).toBe(DEFAULT_PRODUCTS);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
