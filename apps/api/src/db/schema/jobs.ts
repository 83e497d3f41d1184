import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Scheduled work (autopay and the like), run by whichever API process claims it first
 * (`jobs/runner.ts`): a claim sets `locked_until`, so a job another process holds is skipped, and
 * one whose process died is taken again once the lease has passed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Runs started, counted when claimed. */
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed: the job is left for a person to look at. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** A job scheduled twice under one key exists once (`autopay:credit:7:2026-03`). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
  ],
);
