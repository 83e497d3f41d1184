import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { idempotencyKeys, jobs } from '../../src/db/schema/index.ts';
import {
  IDEMPOTENCY_CLEANUP_JOB,
  idempotencyCleanupHandler,
  scheduleIdempotencyCleanup,
} from '../../src/jobs/idempotency-cleanup.ts';
import { createJobRunner } from '../../src/jobs/runner.ts';
import { deleteExpiredIdempotencyKeys } from '../../src/plugins/idempotency.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/database.ts';

const NOW = new Date('2027-03-01T10:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const silent = { info: () => {} };

describe('the idempotency key cleanup', () => {
  let database: DatabaseHandle;
  let customerId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    customerId = (await createCustomerSession(database.db)).customer.id;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(jobs);
    await database.db.delete(idempotencyKeys);
  });

  async function keyTaken(key: string, createdAt: Date) {
    await database.db.insert(idempotencyKeys).values({
      customerId,
      route: 'POST /api/orders',
      key,
      fingerprint: 'f'.repeat(64),
      state: 'done',
      statusCode: 200,
      response: '{"message":"ok"}',
      createdAt,
    });
  }

  const keysLeft = async () =>
    (await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys))
      .map((row) => row.key)
      .sort();

  const cleanupJobs = () =>
    database.db
      .select({ runAt: jobs.runAt, doneAt: jobs.doneAt })
      .from(jobs)
      .where(eq(jobs.kind, IDEMPOTENCY_CLEANUP_JOB))
      .orderBy(asc(jobs.runAt));

  it('deletes keys older than 24 hours and keeps younger ones', async () => {
    await keyTaken('two-days-old', hoursAgo(48));
    await keyTaken('a-day-and-a-minute-old', new Date(hoursAgo(24).getTime() - 60_000));
    await keyTaken('almost-a-day-old', new Date(hoursAgo(24).getTime() + 60_000));
    await keyTaken('an-hour-old', hoursAgo(1));
    const handler = idempotencyCleanupHandler({ db: database.db, log: silent });
    await handler({}, { id: 1, kind: IDEMPOTENCY_CLEANUP_JOB, attempts: 1, now: NOW });
    expect(await keysLeft()).toEqual(['almost-a-day-old', 'an-hour-old']);
  });

  it('deletes a backlog in batches until none is left, and counts them all', async () => {
    for (let i = 0; i < 7; i++) await keyTaken(`old-${i}`, hoursAgo(30 + i));
    await keyTaken('young', hoursAgo(2));
    expect(await deleteExpiredIdempotencyKeys(database.db, NOW, 3)).toBe(7);
    expect(await keysLeft()).toEqual(['young']);
    expect(await deleteExpiredIdempotencyKeys(database.db, NOW, 3)).toBe(0);
  });

  it('runs every hour by the job runner, each run scheduling the next once', async () => {
    await keyTaken('two-days-old', hoursAgo(48));
    let clock = NOW;
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        [IDEMPOTENCY_CLEANUP_JOB]: idempotencyCleanupHandler({ db: database.db, log: silent }),
      },
      now: () => clock,
    });
    await scheduleIdempotencyCleanup(database.db, NOW);
    await scheduleIdempotencyCleanup(database.db, new Date(NOW.getTime() - 60_000));
    expect(await runner.runDue()).toBe(1);
    expect(await keysLeft()).toEqual([]);
    expect(await cleanupJobs()).toEqual([
      { runAt: NOW, doneAt: NOW },
      { runAt: new Date('2027-03-01T11:00:00Z'), doneAt: null },
    ]);

    clock = new Date('2027-03-01T10:30:00Z');
    expect(await runner.runDue()).toBe(0);
    clock = new Date('2027-03-01T11:00:00Z');
    expect(await runner.runDue()).toBe(1);
    const runs = (await cleanupJobs()).map((job) => job.runAt.toISOString());
    expect(runs).toEqual([
      '2027-03-01T10:00:00.000Z',
      '2027-03-01T11:00:00.000Z',
      '2027-03-01T12:00:00.000Z',
    ]);
  });

  it('schedules the next run once when a run is repeated or two processes ask', async () => {
    const handler = idempotencyCleanupHandler({ db: database.db, log: silent });
    const job = { id: 1, kind: IDEMPOTENCY_CLEANUP_JOB, attempts: 1, now: NOW };
    await handler({}, job);
    await handler({}, { ...job, attempts: 2 });
    expect(await scheduleIdempotencyCleanup(database.db, NOW)).toBeDefined();
    expect(await scheduleIdempotencyCleanup(database.db, NOW)).toBeUndefined();
    const runs = (await cleanupJobs()).map((row) => row.runAt.toISOString());
    expect(runs).toEqual(['2027-03-01T10:00:00.000Z', '2027-03-01T11:00:00.000Z']);
  });
});
