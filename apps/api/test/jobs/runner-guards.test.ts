import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { createJobRunner, type JobHandler, scheduleJob } from '../../src/jobs/runner.ts';
import { openTestDatabase } from '../helpers/database.ts';

const MINUTE = 60_000;

/**
 * The job runner's defaults, its reports and its readiness, each with a case that fails when the
 * rule is deleted (found by mutation testing, docs/testing.md).
 */
describe('the job runner, by its own defaults', () => {
  let database: DatabaseHandle;
  let clock: Date;
  const now = () => clock;
  const later = (ms: number) => new Date(clock.getTime() + ms);

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
  const failing: JobHandler = async () => {
    throw new Error('the card gateway is down');
  };

  it('waits a minute after the first failure, doubling after each, and never more than 6 hours', async () => {
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: failing },
      now,
      maxAttempts: 20,
    });
    const id = (await scheduleJob(database.db, 'autopay', clock))!;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await runner.runDue()).toBe(1);
      const { runAt } = await jobRow(id);
      waits.push((runAt.getTime() - clock.getTime()) / MINUTE);
      clock = runAt;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360]);
  });

  it('runs at most its batch of due jobs in one call', async () => {
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: async () => {} },
      now,
      batchSize: 2,
    });
    for (let i = 0; i < 3; i += 1) await scheduleJob(database.db, 'autopay', clock);
    expect(await runner.runDue()).toBe(2);
    expect(await runner.runDue()).toBe(1);
  });

  it('keeps the first 2,000 characters of an error', async () => {
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        import: async () => {
          throw new Error('x'.repeat(10_000));
        },
      },
      now,
    });
    const id = (await scheduleJob(database.db, 'import', clock))!;
    await runner.runDue();
    expect((await jobRow(id)).lastError).toBe(`Error: ${'x'.repeat(1_993)}`);
  });

  it('reports each run with how late it was claimed, and logs a retry as a warning and the last failure as an error', async () => {
    const runs: unknown[] = [];
    const logged: { level: string; detail: unknown; message: string | undefined }[] = [];
    const runner = createJobRunner({
      db: database.db,
      handlers: { autopay: failing },
      now,
      maxAttempts: 2,
      backoffMs: () => MINUTE,
      observe: (run) => runs.push(run),
      log: {
        warn: (detail: unknown, message?: string) =>
          logged.push({ level: 'warn', detail, message }),
        error: (detail: unknown, message?: string) =>
          logged.push({ level: 'error', detail, message }),
      },
    });
    const id = (await scheduleJob(database.db, 'autopay', later(-5 * MINUTE)))!;
    await runner.runDue();
    clock = later(MINUTE);
    await runner.runDue();
    expect(runs).toEqual([
      { kind: 'autopay', lagMs: 5 * MINUTE, outcome: 'retry' },
      { kind: 'autopay', lagMs: 0, outcome: 'failed' },
    ]);
    expect(logged).toEqual([
      {
        level: 'warn',
        detail: { err: expect.any(Error), job: { id, kind: 'autopay', attempts: 1 } },
        message: 'a job failed; it will run again',
      },
      {
        level: 'error',
        detail: { err: expect.any(Error), job: { id, kind: 'autopay', attempts: 2 } },
        message: 'a job failed for the last time',
      },
    ]);
  });

  it('is stuck while one run lasts longer than its lease', async () => {
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        import: () => {
          started = true;
          return hanging;
        },
      },
      leaseMs: 50,
    });
    await scheduleJob(database.db, 'import', new Date(0));
    runner.start({ intervalMs: MINUTE });
    try {
      await expect.poll(() => started).toBe(true);
      await expect.poll(() => runner.alive()).toBe(false);
    } finally {
      const stopped = runner.stop();
      release();
      await stopped;
    }
  });

  it('is alive between runs for two intervals and 5 seconds after it last looked for jobs', async () => {
    // a lease of 1 ms: a runner still in its first run is not alive 5 ms later, one between runs is
    const runner = createJobRunner({ db: database.db, handlers: {}, leaseMs: 1 });
    const aliveSoonAfter = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runner.alive();
    };
    runner.start({ intervalMs: MINUTE });
    try {
      await expect.poll(aliveSoonAfter).toBe(true);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * MINUTE });
      expect(runner.alive()).toBe(true);
      vi.setSystemTime(Date.now() + 10_000);
      expect(runner.alive()).toBe(false);
    } finally {
      vi.useRealTimers();
      await runner.stop();
    }
  });
});
