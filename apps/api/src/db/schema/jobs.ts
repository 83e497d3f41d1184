import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff.ts';

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

/**
 * A catalogue spreadsheet a staff member imports: checked first (a dry run, every row's outcome
 * and error kept), then run as a job in batches whose progress survives a reload.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    fileName: text('file_name').notNull(),
    /** The uploaded file's key in the private store (`imports/…`), kept until the import ends. */
    filePath: text('file_path').notNull(),
    /** checking → checked → running → done, or failed. */
    status: text('status').notNull().default('checking'),
    totalRows: integer('total_rows').notNull().default(0),
    doneRows: integer('done_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** The dry run's findings: rows with errors (row, column, message key) and planned changes. */
    report: jsonb('report').notNull().default({}),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_created_idx').on(t.createdAt),
    check(
      'import_jobs_status_check',
      sql`${t.status} in ('checking', 'checked', 'running', 'done', 'failed')`,
    ),
  ],
);
