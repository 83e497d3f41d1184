import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from './client.ts';

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  /** Read committed unless told: serializable where a decision rests on rows read before. */
  isolation?: IsolationLevel;
  /** Runs after the first that may be retried (default 4, so 5 runs at most). */
  retries?: number;
  /** Base of the backoff before a retry, doubled each time and jittered (default 10 ms). */
  backoffMs?: number;
}

/** PostgreSQL's serialization failure and deadlock: the same work run again may succeed. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_BACKOFF_MS = 500;

/** The SQLSTATE of a database error, found through the wrappers drizzle puts around it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryable(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE_SQLSTATES.has(state);
}

/**
 * Reads that do not depend on each other: side by side on the pool, one after another on a
 * transaction, whose one connection runs a query at a time (pg queues a query sent while another
 * runs, and its next major version refuses it).
 */
export async function readTogether<const T extends readonly (() => Promise<unknown>)[]>(
  db: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one transaction, on PGlite or a PostgreSQL server alike, and hands it only the
 * transaction, so nothing inside can slip out of it. When PostgreSQL gives up the transaction on
 * a serialization failure (40001) or a deadlock (40P01), the whole of `fn` runs again in a new
 * transaction, a few times at most, after a short random pause; any other error rolls back and
 * is thrown. `fn` may therefore run more than once: it must do nothing outside the database (no
 * card debit, no SMS) — such calls go before or after it, with their own idempotency key.
 * PGlite runs one transaction at a time, so there it never needs a retry.
 */
export async function inTransaction<T>(
  db: Database,
  fn: (tx: Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  // a retry inside an outer transaction cannot help: PostgreSQL has already failed the outer one
  if (is(db, PgTransaction)) {
    throw new Error('inTransaction was given a transaction: pass that transaction down instead');
  }
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 10;
  const config = { isolationLevel: options.isolation ?? 'read committed' } as const;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction((tx) => fn(tx as Transaction), config);
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      const ceiling = Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** attempt);
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  }
}
