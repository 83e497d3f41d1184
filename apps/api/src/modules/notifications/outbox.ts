/**
 * The message outbox (DESIGN §6a): SMS, and the channels plugged in beside it (`channels.ts`,
 * Telegram), each row naming its channel. A message is written in the transaction of the change it
 * tells of (`deliverNotice`), so it exists exactly when the change does; the request then sends it
 * (`sendNotice`), and the `message-outbox` job, every minute, sends whatever a request did not: a
 * send that failed (again after 1 minute, doubling to an hour, 12 attempts in all, about six
 * hours, then given up with `failed_at` and an error in the log) or a process that died between
 * the commit and the send.
 *
 * What "none goes twice" means here: a sender claims a message with a conditional update (a
 * lease in `claimed_until`, longer than the slowest send) before sending it, so two senders (a
 * request and the job, or the jobs of two processes) never send one message at the same time,
 * and a message marked sent is never sent again. But a process that dies after the provider took
 * a message and before `sent_at` is written leaves it pending, and it is sent once more after its
 * lease: delivery is at least once. Nothing in Eskiz's API de-duplicates a message; it is given
 * the outbox id as `user_sms_id`, so such a repeat can at least be told in its reports.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { noticeChannel, type PluggedChannel } from './channels.ts';
import { HELD_KINDS, inSendingHours } from './quiet-hours.ts';
import * as repo from './repository.ts';

export const MESSAGE_OUTBOX_JOB = 'message-outbox';
/** Sends of a message before it is given up. */
export const MAX_SEND_ATTEMPTS = 12;
const MINUTE_MS = 60_000;
/** Longer than the slowest send: Eskiz's two logins and two sends of 10 seconds each. */
const LEASE_MS = 2 * MINUTE_MS;
/** Messages one run sends at most; the next minute's run takes the rest. */
const BATCH = 200;

/** Wait before the next send after failed send number `attempts`: 1 minute doubling to 1 hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MINUTE_MS * 2 ** (attempts - 1), 60 * MINUTE_MS);

export interface OutboxDeps {
  db: Executor;
  sms: SmsProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock of claims, waits and sends (tests move it). */
  now?: () => Date;
}

const clockOf = (deps: OutboxDeps) => deps.now ?? (() => new Date());

type Outcome = 'sent' | 'retry' | 'failed';

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

/** A message of a channel plugged in beside SMS (`channels.ts`); throws while none is. */
async function sendPlugged(deps: OutboxDeps, message: repo.OutboxMessage): Promise<void> {
  const sender = noticeChannel(message.channel as PluggedChannel);
  if (!sender) throw new Error(`no sender is plugged in for the ${message.channel} channel`);
  const recipient = await repo.findRecipient(deps.db, message.customerId);
  await sender.send({
    id: message.id,
    customerId: message.customerId,
    phone: message.phone,
    text: message.text,
    lang: recipient?.lang === 'ru' ? 'ru' : 'uz',
    kind: message.kind,
    link: await repo.findNoticeLink(deps.db, message.notificationId),
  });
}

/** Sends a message its caller has claimed and records how that ended. */
async function deliver(deps: OutboxDeps, message: repo.OutboxMessage): Promise<Outcome> {
  const now = clockOf(deps);
  try {
    if (message.channel === 'sms') {
      await deps.sms.send({
        phone: message.phone,
        text: message.text,
        reference: String(message.id),
      });
    } else {
      await sendPlugged(deps, message);
    }
  } catch (err) {
    const at = now();
    const givenUp = message.attempts >= MAX_SEND_ATTEMPTS;
    const about = {
      err,
      messageId: message.id,
      customerId: message.customerId,
      kind: message.kind,
    };
    if (givenUp) {
      deps.log.error({ ...about, attempts: message.attempts }, 'a message was given up');
    } else {
      deps.log.warn(about, 'a message was not sent; it will be tried again');
    }
    await repo.recordFailure(deps.db, message, {
      at,
      error: describeError(err),
      retryAt: givenUp ? null : new Date(at.getTime() + retryDelayMs(message.attempts)),
    });
    return givenUp ? 'failed' : 'retry';
  }
  await repo.markSent(deps.db, message.id, now());
  return 'sent';
}

/**
 * Sends now the customer's messages of a notice that nobody has tried yet (`texts`: the notice in
 * each language). Call it after the commit that wrote them; one it cannot send is left to the job.
 */
export async function sendQueued(
  deps: OutboxDeps,
  notice: { customerId: number; kind: string; texts: string[] },
): Promise<void> {
  const at = clockOf(deps)();
  // a promotion outside its sending hours waits for the job's morning run
  if (HELD_KINDS.includes(notice.kind) && !inSendingHours(at)) return;
  const claimed = await repo.claimNew(deps.db, notice, new Date(at.getTime() + LEASE_MS));
  for (const message of claimed) await deliver(deps, message);
}

export interface OutboxReport {
  sent: number;
  /** Failed, to be tried again. */
  retried: number;
  givenUp: number;
}

/**
 * Sends the messages due now, up to a batch: those never sent since their commit, and those whose
 * last send failed and whose wait has passed; promotions only in their sending hours
 * (`quiet-hours.ts`). One claimed after its last allowed send, which
 * never told how it ended (its process died), is given up unsent.
 */
export async function sendDueMessages(deps: OutboxDeps): Promise<OutboxReport> {
  const now = clockOf(deps);
  const report: OutboxReport = { sent: 0, retried: 0, givenUp: 0 };
  for (let done = 0; done < BATCH; done += 1) {
    const at = now();
    const held = inSendingHours(at) ? [] : HELD_KINDS;
    const message = await repo.claimDue(deps.db, at, new Date(at.getTime() + LEASE_MS), held);
    if (!message) break;
    if (message.attempts > MAX_SEND_ATTEMPTS) {
      report.givenUp += 1;
      deps.log.error(
        { messageId: message.id, customerId: message.customerId, kind: message.kind },
        'a message was given up: its last send did not finish',
      );
      const error = 'the last send did not finish';
      await repo.recordFailure(deps.db, message, { at, error, retryAt: null });
      continue;
    }
    const outcome = await deliver(deps, message);
    if (outcome === 'sent') report.sent += 1;
    else if (outcome === 'retry') report.retried += 1;
    else report.givenUp += 1;
  }
  return report;
}

/** Schedules the run of the minute that starts at or after `at`, once however many ask. */
export function scheduleMessageOutbox(db: Executor, at: Date) {
  const slot = new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS);
  return scheduleJob(
    db,
    MESSAGE_OUTBOX_JOB,
    slot,
    {},
    `${MESSAGE_OUTBOX_JOB}:${slot.toISOString()}`,
  );
}

/**
 * The job: schedules the next minute's run first, then sends what is due. Its clock starts at the
 * runner's and moves on with real time, so a lease taken late in a long run is still a full one.
 */
export function messageOutboxHandler(deps: OutboxDeps & { db: Database }): JobHandler {
  return async (_payload, job) => {
    await scheduleMessageOutbox(deps.db, new Date(job.now.getTime() + 1));
    const started = Date.now();
    const report = await sendDueMessages({
      ...deps,
      now: () => new Date(job.now.getTime() + Date.now() - started),
    });
    if (report.sent + report.retried + report.givenUp > 0) {
      deps.log.info(report, 'outbox messages sent or tried again');
    }
  };
}
