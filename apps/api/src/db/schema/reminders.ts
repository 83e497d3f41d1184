import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { creditInstallments } from './orders.ts';

export const REMINDER_KINDS = ['before', 'due'] as const;
/** `before`: three days ahead of the due date; `due`: on the morning of it. */
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * The reminders of an installment's due date (DESIGN §6a). The key lets each kind be sent once,
 * however many processes run the job: the row is written with the profile notice and the SMS's
 * outbox row, and the SMS goes from the outbox. `sent_at` is when the reminder was written.
 */
export const installmentReminders = pgTable(
  'installment_reminders',
  {
    installmentId: integer('installment_id')
      .notNull()
      .references(() => creditInstallments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReminderKind>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.installmentId, t.kind] }),
    check('installment_reminders_kind_check', sql`${t.kind} in ('before', 'due')`),
  ],
);
