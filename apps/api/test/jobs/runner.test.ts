import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { createJobRunner, type JobHandler, scheduleJob } from '../../src/jobs/runner.ts';
import { connectAgain, itRaces, openTestDatabase } from '../helpers/database.ts';

const MINUTE = 60_000;

describe('the job runner', () => {
  let database: DatabaseHandle;
  let clock: Date;
  const now = () => clock;
  const later = (ms: number) => new Date(clock.getTime() + ms);
  const moveClock = (ms: number) => {
    clock = later(ms);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(jobs);
    clock = new Date('2026-03-01T09:00:00Z');
  });

  const jobRow = async (id: number) =>
    (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  /** A handler that records what it was given, and fails while `failures` lasts. */
  function recorder(failures = 0) {
    const calls: { payload: unknown; attempts: number; now: Date }[] = [];
    let left = failures;
    const handler: JobHandler = async (payload, job) => {
      calls.push({ payload, attempts: job.attempts, now: job.now });
      if (left > 0) {
        left -= 1;
        throw new Error('the card gateway is down');
      }
    };
    return { calls, handler };
  }

  it('runs a due job once with its payload, and marks it done', async () => {
    const autopay = recorder();
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: autopay.handler },
      now,
    });
    const id = await scheduleJob(database.db, 'autopay', later(-MINUTE), { creditId: 7 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    moveClock(24 * 60 * MINUTE);
    expect(await runner.runDue()).toBe(0);
    expect(autopay.calls).toEqual([
      { payload: { creditId: 7 }, attempts: 1, now: new Date('2026-03-01T09:00:00Z') },
    ]);
    expect(await jobRow(id!)).toMatchObject({
      attempts: 1,
      doneAt: new Date('2026-03-01T09:00:00Z'),
      lockedUntil: null,
      lastError: null,
    });
  });

  it('waits for a job until the clock reaches its time', async () => {
    const autopay = recorder();
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: autopay.handler },
      now,
    });
    await scheduleJob(database.db, 'autopay', later(10 * MINUTE));
    expect(await runner.runDue()).toBe(0);
    moveClock(10 * MINUTE - 1);
    expect(await runner.runDue()).toBe(0);
    moveClock(1);
    expect(await runner.runDue()).toBe(1);
    expect(autopay.calls).toHaveLength(1);
  });

  it('runs a failed job again after the backoff, recording the error meanwhile', async () => {
    const autopay = recorder(1);
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: autopay.handler },
      now,
      backoffMs: (attempts) => attempts * 5 * MINUTE,
    });
    const id = await scheduleJob(database.db, 'autopay', clock, { creditId: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(id!)).toMatchObject({
      attempts: 1,
      doneAt: null,
      failedAt: null,
      lockedUntil: null,
      lastError: 'Error: the card gateway is down',
      runAt: later(5 * MINUTE),
    });
    expect(await runner.runDue()).toBe(0);
    moveClock(5 * MINUTE);
    expect(await runner.runDue()).toBe(1);
    expect(autopay.calls.map((c) => c.attempts)).toEqual([1, 2]);
    expect(await jobRow(id!)).toMatchObject({ attempts: 2, doneAt: clock, lastError: null });
  });

  it('gives a job up after its last allowed attempt', async () => {
    const autopay = recorder(10);
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: autopay.handler },
      now,
      maxAttempts: 3,
      backoffMs: () => MINUTE,
    });
    const id = await scheduleJob(database.db, 'autopay', clock);
    for (let i = 0; i < 5; i += 1) {
      await runner.runDue();
      moveClock(MINUTE);
    }
    expect(autopay.calls).toHaveLength(3);
    const row = await jobRow(id!);
    expect(row.failedAt).not.toBeNull();
    expect(row.doneAt).toBeNull();
  });

  it('keeps one job per dedupe key', async () => {
    const first = await scheduleJob(database.db, 'autopay', clock, { n: 1 }, 'autopay:7:2026-03');
    const second = await scheduleJob(database.db, 'autopay', clock, { n: 2 }, 'autopay:7:2026-03');
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeUndefined();
    expect(await database.db.select().from(jobs)).toMatchObject([{ payload: { n: 1 } }]);
  });

  it('takes over a job whose runner died once its lease has passed', async () => {
    const autopay = recorder();
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: autopay.handler },
      now,
      leaseMs: 5 * MINUTE,
    });
    const id = await scheduleJob(database.db, 'autopay', clock);
    // claimed by a process that never came back
    await database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: later(5 * MINUTE) })
      .where(eq(jobs.id, id!));
    expect(await runner.runDue()).toBe(0);
    moveClock(5 * MINUTE);
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(id!)).toMatchObject({ attempts: 2, doneAt: clock });
  });

  it('leaves kinds it has no handler for to runners that have one', async () => {
    const autopay = recorder();
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: autopay.handler },
      now,
    });
    const id = await scheduleJob(database.db, 'overdue', clock);
    expect(await runner.runDue()).toBe(0);
    expect(await jobRow(id!)).toMatchObject({ attempts: 0, lockedUntil: null });
  });

  it('runs due jobs on its interval from start() until stop()', async () => {
    const ran: number[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        quick: async (payload) => {
          ran.push((payload as { n: number }).n);
        },
        slow: () => slow,
      },
      batchSize: 2,
    });
    for (let n = 1; n <= 5; n += 1) await scheduleJob(database.db, 'quick', new Date(0), { n });
    runner.start({ intervalMs: 10 });
    runner.start({ intervalMs: 10 });
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(5);
    const slowId = await scheduleJob(database.db, 'slow', new Date(0));
    await expect.poll(async () => (await jobRow(slowId!)).attempts, { timeout: 5_000 }).toBe(1);
    const stopped = runner.stop();
    release();
    await stopped;
    expect((await jobRow(slowId!)).doneAt).not.toBeNull();
    await scheduleJob(database.db, 'quick', new Date(0), { n: 6 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });

  /**
   * Handlers that take `ms` of real time each and record every start, and every start of a job
   * whose earlier run has not ended yet.
   */
  function timedRuns(ms: number) {
    const starts: number[] = [];
    const overlaps: number[] = [];
    const running = new Set<number>();
    const handler: JobHandler = async (_payload, job) => {
      starts.push(job.id);
      if (running.has(job.id)) overlaps.push(job.id);
      running.add(job.id);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running.delete(job.id);
    };
    return { starts, overlaps, handler };
  }

  const allDone = async () =>
    (await database.db.select().from(jobs)).every((row) => row.doneAt !== null);

  it('leases a job when it starts, so jobs waiting behind slow ones are not taken twice', async () => {
    const other = connectAgain(database);
    const autopay = timedRuns(120);
    const runners = [database, other].map((d) =>
      createJobRunner({ db: d.db, handlers: { autopay: autopay.handler }, leaseMs: 200 }),
    );
    try {
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        ids.push((await scheduleJob(database.db, 'autopay', new Date(0), { i }))!);
      }
      runners[0]!.start({ intervalMs: 10 });
      await expect.poll(() => autopay.starts.length).toBeGreaterThan(0);
      runners[1]!.start({ intervalMs: 10 });
      await expect.poll(allDone, { timeout: 2_000 }).toBe(true);
      await Promise.all(runners.map((runner) => runner.stop()));
      expect(autopay.overlaps).toEqual([]);
      expect([...autopay.starts].sort((a, b) => a - b)).toEqual(ids);
      const rows = await database.db.select().from(jobs);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await other.close();
    }
  });

  it('renews the lease of a job running for several leases, so no other runner takes it', async () => {
    const other = connectAgain(database);
    // a lease of a second, the job five: a loaded CI machine may be late by a fraction of one
    const slow = timedRuns(5_000);
    const runners = [database, other].map((d) =>
      createJobRunner({ db: d.db, handlers: { import: slow.handler }, leaseMs: 1_000 }),
    );
    try {
      const id = await scheduleJob(database.db, 'import', new Date(0));
      runners[0]!.start({ intervalMs: 10 });
      await expect.poll(() => slow.starts.length).toBe(1);
      runners[1]!.start({ intervalMs: 10 });
      const doneOrTakenTwice = async () => slow.starts.length > 1 || (await allDone());
      await expect.poll(doneOrTakenTwice, { timeout: 10_000 }).toBe(true);
      await Promise.all(runners.map((runner) => runner.stop()));
      expect(slow.starts).toEqual([id]);
      expect(await jobRow(id!)).toMatchObject({ attempts: 1, lockedUntil: null });
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await other.close();
    }
  });

  it('stops renewing a lease another run has taken, and says so', async () => {
    const warnings: unknown[] = [];
    const slow = timedRuns(300);
    const runner = createJobRunner({
      db: database.db,
      handlers: { import: slow.handler },
      now,
      leaseMs: 90,
      log: {
        error: () => {},
        warn: (_detail: unknown, message?: string) => warnings.push(message),
      },
    });
    const id = await scheduleJob(database.db, 'import', clock);
    const running = runner.runDue();
    await expect.poll(() => slow.starts.length).toBe(1);
    // its lease passed unrenewed (a long pause of the process) and another runner claimed it
    await database.db
      .update(jobs)
      .set({ attempts: 2, lockedUntil: later(5 * MINUTE) })
      .where(eq(jobs.id, id!));
    await running;
    expect(await jobRow(id!)).toMatchObject({
      attempts: 2,
      lockedUntil: later(5 * MINUTE),
      doneAt: null,
    });
    expect(warnings).toEqual(['a running job outlived its lease and was taken by another run']);
  });

  itRaces('never runs one job twice when two processes run jobs on one database', async () => {
    const other = connectAgain(database);
    try {
      const runs = new Map<number, number>();
      const handler: JobHandler = async (_payload, job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
      const ids: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        ids.push((await scheduleJob(database.db, 'autopay', later(-MINUTE), { i }))!);
      }
      const runners = [database, other].map((d) =>
        createJobRunner({ db: d.db, handlers: { autopay: handler }, now, batchSize: 3 }),
      );
      const drain = async (runner: (typeof runners)[number]) => {
        while ((await runner.runDue()) > 0) {
          // until nothing is left for this runner
        }
      };
      await Promise.all([drain(runners[0]!), drain(runners[1]!), drain(runners[0]!)]);
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      const rows = await database.db.select().from(jobs);
      expect(rows.every((r) => r.doneAt !== null && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
