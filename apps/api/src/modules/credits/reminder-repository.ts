import { and, asc, between, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  creditInstallments,
  credits,
  installmentReminders,
  type ReminderKind,
} from '../../db/schema/index.ts';
import { PAYABLE_STATUSES } from './repository.ts';

/**
 * Unpaid installments of credits being paid, due from `from` to `to` (YYYY-MM-DD, both included),
 * that have had no reminder of `kind` yet.
 */
export function listUnremindedInstallments(
  db: Executor,
  kind: ReminderKind,
  from: string,
  to: string,
) {
  return db
    .select({ id: creditInstallments.id, creditId: creditInstallments.creditId })
    .from(creditInstallments)
    .innerJoin(credits, eq(credits.id, creditInstallments.creditId))
    .where(
      and(
        between(creditInstallments.dueDate, from, to),
        sql`${creditInstallments.paid} < ${creditInstallments.amount} + ${creditInstallments.penalty}`,
        inArray(credits.status, [...PAYABLE_STATUSES]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(installmentReminders)
            .where(
              and(
                eq(installmentReminders.installmentId, creditInstallments.id),
                eq(installmentReminders.kind, kind),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(creditInstallments.dueDate), asc(creditInstallments.id));
}

/**
 * Records the reminder of `kind` of the installment, in the transaction that queues its message.
 * False when it already is: the key holds a second writer until the first commits, then turns it
 * away.
 */
export async function recordReminder(
  tx: Transaction,
  installmentId: number,
  kind: ReminderKind,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(installmentReminders)
    .values({ installmentId, kind, sentAt: at })
    .onConflictDoNothing()
    .returning({ installmentId: installmentReminders.installmentId });
  return rows.length > 0;
}
