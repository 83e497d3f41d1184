import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { inTransaction } from '../db/transaction.ts';

export interface JobContext {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempts: number;
  /** The runner's clock when the job was claimed. */
  now: Date;
}

/**
 * Does one job. It may run again after a failure, or twice when its process dies halfway, so it
 * is idempotent (a debit carries its key). Its lease is renewed while it runs, so no other
 * process takes a slow run over; yet a run longer than one lease makes the runner report itself
 * stuck (`alive()`), since a run that hangs would hold its job for ever.
 */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

/** Failed runs before a job is given up, unless the runner is told otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export interface JobRunnerOptions {
  db: Database;
  /** The handler of each kind; a runner claims only kinds it has a handler for. */
  handlers: Record<string, JobHandler>;
  /** The clock: tests move it. */
  now?: () => Date;
  /** Jobs run at most by one `runDue()`, each claimed as it starts (default 10). */
  batchSize?: number;
  /**
   * How long a claimed job is the runner's before another may take it (default 5 minutes);
   * renewed every third of it while the job runs.
   */
  leaseMs?: number;
  /** Failed runs before a job is given up and marked failed (default 10). */
  maxAttempts?: number;
  /** Wait before the next run after failed run number `attempts` (default 1 min doubling to 6 h). */
  backoffMs?: (attempts: number) => number;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Told of every run: its kind, how late it was claimed and how it ended (the metrics). */
  observe?: (run: { kind: string; lagMs: number; outcome: 'done' | 'retry' | 'failed' }) => void;
}

export interface JobRunner {
  /**
   * Claims a due job, runs it and records its outcome, then the next, up to the batch size;
   * returns how many ran.
   */
  runDue(): Promise<number>;
  /** Runs due jobs every `intervalMs` (at once when a whole batch was due) until `stop()`. */
  start(options: { intervalMs: number }): void;
  /** Stops the timer and waits for the jobs running now. */
  stop(): Promise<void>;
  /**
   * Started and not stuck: it looked for due jobs within two intervals, or a job it runs now
   * has been running for less than the lease (the readiness check asks).
   */
  alive(): boolean;
}

const MINUTE = 60_000;
const defaultBackoff = (attempts: number) => Math.min(MINUTE * 2 ** (attempts - 1), 360 * MINUTE);

/**
 * Schedules a job. With a dedupe key, a job already scheduled under that key (even one done) is
 * kept and nothing is added: undefined then, the new job's id otherwise. Pass the transaction
 * whose writes the job follows from, so the job exists exactly when they do.
 */
export async function scheduleJob(
  db: Executor,
  kind: string,
  runAt: Date,
  payload: unknown = {},
  dedupeKey?: string,
): Promise<number | undefined> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, runAt, payload, dedupeKey: dedupeKey ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return row?.id;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

/**
 * A runner of scheduled jobs for one API process. Any number of processes may run one each on
 * the same database: a job is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, then a
 * lease in `locked_until`) just before it runs, and the lease is renewed while it runs, so one
 * process runs it and the others pass it by.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 5 * MINUTE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoffMs = options.backoffMs ?? defaultBackoff;
  const kinds = Object.keys(handlers);

  // one job at a time: a lease taken for a whole batch would pass while its last jobs still wait
  async function claimNext(at: Date, lastId: number) {
    if (kinds.length === 0) return undefined;
    return inTransaction(db, async (tx) => {
      const [due] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            isNull(jobs.failedAt),
            lte(jobs.runAt, at),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at)),
            inArray(jobs.kind, kinds),
            lte(jobs.id, lastId),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [claimed] = await tx
        .update(jobs)
        .set({
          lockedUntil: new Date(at.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(eq(jobs.id, due.id))
        .returning();
      return claimed;
    });
  }

  type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

  // the claim's attempt number marks it: a job re-claimed after its lease is not the old run's
  const stillOurs = (id: number, attempts: number) =>
    and(eq(jobs.id, id), eq(jobs.attempts, attempts));

  // the returned release waits for a renewal under way, so none lands after the outcome
  function holdLease(job: ClaimedJob): () => Promise<void> {
    let renewal: Promise<void> | undefined;
    const renew = async () => {
      const renewed = await db
        .update(jobs)
        .set({ lockedUntil: new Date(now().getTime() + leaseMs) })
        .where(stillOurs(job.id, job.attempts))
        .returning({ id: jobs.id });
      if (renewed.length > 0) return;
      clearInterval(timer);
      options.log?.warn(
        { job: { id: job.id, kind: job.kind, attempts: job.attempts } },
        'a running job outlived its lease and was taken by another run',
      );
    };
    const timer = setInterval(() => {
      renewal ??= renew()
        .catch((err) => {
          options.log?.warn(
            { err, job: { id: job.id, kind: job.kind } },
            'could not renew a lease',
          );
        })
        .finally(() => {
          renewal = undefined;
        });
    }, leaseMs / 3);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewal;
    };
  }

  async function run(job: ClaimedJob, claimedAt: Date) {
    const handler = handlers[job.kind] as JobHandler;
    beat = Date.now();
    const lagMs = claimedAt.getTime() - job.runAt.getTime();
    const release = holdLease(job);
    try {
      await handler(job.payload, {
        id: job.id,
        kind: job.kind,
        attempts: job.attempts,
        now: claimedAt,
      });
    } catch (error) {
      await release();
      const at = now();
      const givenUp = job.attempts >= maxAttempts;
      options.observe?.({ kind: job.kind, lagMs, outcome: givenUp ? 'failed' : 'retry' });
      options.log?.[givenUp ? 'error' : 'warn'](
        { err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } },
        givenUp ? 'a job failed for the last time' : 'a job failed; it will run again',
      );
      await db
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError: describeError(error),
          ...(givenUp
            ? { failedAt: at }
            : { runAt: new Date(at.getTime() + backoffMs(job.attempts)) }),
        })
        .where(stillOurs(job.id, job.attempts));
      return;
    }
    await release();
    await db
      .update(jobs)
      .set({ doneAt: now(), lockedUntil: null, lastError: null })
      .where(stillOurs(job.id, job.attempts));
    options.observe?.({ kind: job.kind, lagMs, outcome: 'done' });
  }

  async function runDue(): Promise<number> {
    // the jobs there were when it was called: one a job schedules for now waits for the next call
    const [newest] = await db
      .select({ id: sql<number>`coalesce(max(${jobs.id}), 0)`.mapWith(Number) })
      .from(jobs);
    let ran = 0;
    while (ran < batchSize) {
      const claimedAt = now();
      const job = await claimNext(claimedAt, newest?.id ?? 0);
      if (!job) break;
      ran += 1;
      await run(job, claimedAt);
    }
    return ran;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  /** When the runner last showed signs of life (real time, whatever the runner's clock says). */
  let beat = 0;
  let every = MINUTE;
  let ticking = false;

  async function tick(intervalMs: number): Promise<void> {
    beat = Date.now();
    ticking = true;
    try {
      while (started && (await runDue()) === batchSize) {
        // a full batch: more may be due
      }
    } catch (err) {
      options.log?.error({ err }, 'could not claim or record jobs');
    }
    beat = Date.now();
    ticking = false;
    if (!started) return;
    timer = setTimeout(() => {
      running = tick(intervalMs);
    }, intervalMs);
    timer.unref();
  }

  return {
    runDue,
    start({ intervalMs }) {
      if (started) return;
      started = true;
      every = intervalMs;
      running = tick(intervalMs);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
    alive() {
      if (!started) return false;
      return Date.now() - beat < (ticking ? leaseMs : 2 * every + 5_000);
    },
  };
}
