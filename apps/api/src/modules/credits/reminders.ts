import { addDays, tashkentDay } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { ReminderKind } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { findLiveCardById } from '../cards/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import { reminderNotice } from './reminder-notices.ts';
import * as reminders from './reminder-repository.ts';
import * as repo from './repository.ts';

export const REMINDERS_JOB = 'installment-reminders';
/** The daily run starts at 08:00 in Tashkent (03:00 UTC): the morning of a due date, before autopay. */
const RUN_HOUR_UTC = 3;
/** The `before` reminder goes this many days ahead of the due date. */
const DAYS_BEFORE = 3;

export interface ReminderDeps {
  db: Database;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** The shop's address (PUBLIC_URL) the link to pay is built on; without it the text names the page. */
  publicUrl: string | undefined;
}

/** Schedules the run of `day` (YYYY-MM-DD) once, however many processes ask. */
export function scheduleReminders(db: Executor, day: string) {
  return scheduleJob(
    db,
    REMINDERS_JOB,
    new Date(`${day}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00Z`),
    {},
    `installment-reminders:${day}`,
  );
}

/**
 * The daily reminders job: schedules tomorrow's run first (a failing day does not stop the days
 * after it), then sends today's reminders. A run held up past its day catches up in one go.
 */
export function remindersHandler(deps: ReminderDeps): JobHandler {
  return async (_payload, job) => {
    await scheduleReminders(deps.db, addDays(tashkentDay(job.now), 1));
    await sendReminders(deps, job.now);
  };
}

export interface ReminderReport {
  before: number;
  due: number;
}

/**
 * Sends the reminders of the day in Tashkent at `now`: `due` for the unpaid installments due that
 * day, `before` for those due in the next three days (exactly three days ahead when the job runs
 * daily, fewer after a missed run, never on or after the due date). Each kind is sent once per
 * installment, however often and in however many processes this runs: its row is written with
 * the profile notice and the SMS's outbox row, in one transaction; the SMS goes once that has
 * committed, and the outbox job sends it later if it could not.
 */
export async function sendReminders(deps: ReminderDeps, now: Date): Promise<ReminderReport> {
  const today = tashkentDay(now);
  const report: ReminderReport = { before: 0, due: 0 };
  const windows: [ReminderKind, string, string][] = [
    ['due', today, today],
    ['before', addDays(today, 1), addDays(today, DAYS_BEFORE)],
  ];
  let troubles = 0;
  for (const [kind, from, to] of windows) {
    const installments = await reminders.listUnremindedInstallments(deps.db, kind, from, to);
    for (const { id } of installments) {
      // one installment's trouble does not hold up the others; the job runs again for it
      try {
        if (await remind(deps, id, kind, now)) report[kind] += 1;
      } catch (err) {
        troubles += 1;
        deps.log.error({ err, installmentId: id, kind }, 'could not send a reminder');
      }
    }
  }
  if (troubles > 0) throw new Error(`reminders of ${today}: ${troubles} failed; see the log`);
  return report;
}

async function remind(
  deps: ReminderDeps,
  installmentId: number,
  kind: ReminderKind,
  now: Date,
): Promise<boolean> {
  const told = await inTransaction(
    deps.db,
    async (tx): Promise<{ customerId: number; notice: Notice } | null> => {
      // locked, so a payment settling meanwhile is seen: nobody is reminded of what they just paid
      const installment = await repo.lockInstallment(tx, installmentId);
      if (!installment || repo.owedOn(installment) <= 0) return null;
      const credit = await repo.creditById(tx, installment.creditId);
      if (!credit || !repo.PAYABLE_STATUSES.includes(credit.status)) return null;
      if (!(await reminders.recordReminder(tx, installmentId, kind, now))) return null;
      const card = credit.cardId === null ? undefined : await findLiveCardById(tx, credit.cardId);
      const notice = reminderNotice({
        kind,
        orderId: credit.orderId ?? 0,
        number: installment.number,
        dueDate: installment.dueDate,
        owed: repo.owedOn(installment),
        cardLast4: card ? card.masked.slice(-4) : null,
        link: deps.publicUrl ? `${deps.publicUrl}/installment/${credit.id}` : null,
        creditId: credit.id,
      });
      await deliverNotice(tx, credit.customerId, notice);
      return { customerId: credit.customerId, notice };
    },
  );
  if (!told) return false;
  await sendNotice(deps, told.customerId, told.notice);
  return true;
}
