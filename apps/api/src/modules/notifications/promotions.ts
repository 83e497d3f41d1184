/**
 * Promotions (docs/notifications.md "Promotions"): staff write one in both languages, see whom it
 * would reach per channel, and send it once. Sending only marks it `sending` and schedules the
 * `promotion-send` job; the job tells the consenting customers in batches, each batch a
 * transaction that writes the notices and their messages through `deliverNotice` and moves the
 * promotion's cursor, then sends those messages. Nothing goes out outside the sending hours
 * (`quiet-hours.ts`): the job waits for the morning.
 */
import type {
  AdminPromotion,
  Lang,
  PageMeta,
  PromotionAudience,
  PromotionBody,
} from '@bozor/shared';
import { PromotionBody as PromotionSchema } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { noticeChannel } from './channels.ts';
import { sendQueued } from './outbox.ts';
import * as repo from './promotion-repository.ts';
import { hoursText, inSendingHours, nextSendingStart, SENDING_HOURS } from './quiet-hours.ts';
import { deliverNotice, type Notice, queuedTexts, smsText } from './service.ts';

export const PROMOTION_SEND_JOB = 'promotion-send';
/** Customers one batch (one transaction) tells. */
export const PROMOTION_BATCH = 200;
/** A run stops starting batches after this long and leaves the rest to its next run. */
const RUN_BUDGET_MS = 20_000;

/** The notice a promotion makes: title and text in the shop and Telegram, the title by SMS. */
export function promotionNotice(row: repo.PromotionRow): Notice {
  return {
    kind: 'promotion',
    text: { uz: `${row.titleUz}\n${row.textUz}`, ru: `${row.titleRu}\n${row.textRu}` },
    sms: { uz: row.titleUz, ru: row.titleRu },
    link: row.link ? { type: 'page', path: row.link } : null,
  };
}

/** GSM 03.38's basic set; the extension's characters take two places. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€';

/** How many SMS a text takes: 160 (153 when split) in GSM-7, else 70 (67) in UCS-2. */
export function smsParts(text: string): number {
  let gsm = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) gsm += 1;
    else if (GSM_EXTENSION.includes(char)) gsm += 2;
    else {
      const units = [...text].length;
      return units <= 70 ? 1 : Math.ceil(units / 67);
    }
  }
  return gsm <= 160 ? 1 : Math.ceil(gsm / 153);
}

/** A promotion's words, link and state, as the audit log and the back office show them. */
const snapshot = (row: repo.PromotionRow) => ({
  title_uz: row.titleUz,
  title_ru: row.titleRu,
  text_uz: row.textUz,
  text_ru: row.textRu,
  link: row.link,
  state: row.state,
});

function toAdmin(row: repo.PromotionRow, tally: repo.PromotionTally | undefined): AdminPromotion {
  return {
    id: row.id,
    ...snapshot(row),
    sent: {
      in_shop: tally?.inShop ?? 0,
      sms: tally?.sms.sent ?? 0,
      telegram: tally?.telegram.sent ?? 0,
    },
    waiting: { sms: tally?.sms.waiting ?? 0, telegram: tally?.telegram.waiting ?? 0 },
    waiting_until: row.state === 'sending' ? (row.waitingUntil?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    send_requested_at: row.sendRequestedAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

async function adminOf(db: Executor, row: repo.PromotionRow): Promise<AdminPromotion> {
  return toAdmin(row, (await repo.tallyPromotions(db, [row.id])).get(row.id));
}

const columnsOf = (body: PromotionBody) => {
  const parsed = PromotionSchema.parse(body);
  return {
    titleUz: parsed.title_uz,
    titleRu: parsed.title_ru,
    textUz: parsed.text_uz,
    textRu: parsed.text_ru,
    link: parsed.link,
  };
};

export async function listPromotions(
  db: Executor,
  page: number,
  perPage: number,
): Promise<{ data: AdminPromotion[]; meta: PageMeta }> {
  const { rows, total } = await repo.listPromotions(db, page, perPage);
  const tallies = await repo.tallyPromotions(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => toAdmin(row, tallies.get(row.id))),
    meta: pageMeta(page, perPage, total),
  };
}

export async function createPromotion(
  db: Database,
  actor: Actor,
  body: PromotionBody,
): Promise<AdminPromotion> {
  const row = await inTransaction(db, async (tx) => {
    const created = await repo.insertPromotion(tx, {
      ...columnsOf(body),
      createdBy: actor.staffId,
    });
    await recordAudit(tx, actor, {
      action: 'promotion.create',
      objectType: 'promotion',
      objectId: created.id,
      after: snapshot(created),
    });
    return created;
  });
  return adminOf(db, row);
}

/** Changes a draft; a promotion sent (or being sent) is 409 `PROMOTION_NOT_DRAFT`. */
export async function updatePromotion(
  db: Database,
  actor: Actor,
  id: number,
  body: PromotionBody,
): Promise<AdminPromotion> {
  const row = await inTransaction(db, async (tx) => {
    const before = await repo.findPromotion(tx, id, { lock: true });
    if (!before) throw notFound('PROMOTION_NOT_FOUND');
    const after = await repo.updatePromotionIn(tx, id, 'draft', {
      ...columnsOf(body),
      updatedAt: new Date(),
    });
    if (!after) throw new AppError('PROMOTION_NOT_DRAFT', 409);
    await recordAudit(tx, actor, {
      action: 'promotion.update',
      objectType: 'promotion',
      objectId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
  return adminOf(db, row);
}

const smsOf = (row: repo.PromotionRow, lang: Lang) => {
  const text = smsText(promotionNotice(row), lang);
  return { text, parts: smsParts(text) };
};

/** Whom the promotion would reach if sent at `now`, its SMS, and when it would start. */
export async function promotionAudience(
  db: Executor,
  id: number,
  now: Date,
): Promise<PromotionAudience> {
  const row = await repo.findPromotion(db, id);
  if (!row) throw notFound('PROMOTION_NOT_FOUND');
  const starts = nextSendingStart(now);
  return {
    channels: await repo.countAudience(db, noticeChannel('telegram') !== undefined),
    sms: { uz: smsOf(row, 'uz'), ru: smsOf(row, 'ru') },
    sending_hours: { from: hoursText(SENDING_HOURS.from), to: hoursText(SENDING_HOURS.to) },
    starts_at: starts.toISOString(),
    sends_now: starts.getTime() === now.getTime(),
  };
}

/**
 * Sends a draft: marks it `sending`, records who did it with the audience counted then, and
 * schedules the job (for `now`, or the next morning outside the sending hours). A promotion
 * already sending or sent is answered as it is, nothing scheduled again: a double click, or a
 * second member of staff, sends nothing twice. `started` says which it was.
 */
export async function sendPromotion(
  db: Database,
  actor: Actor,
  id: number,
  now: Date,
): Promise<{ promotion: AdminPromotion; started: boolean }> {
  const outcome = await inTransaction(db, async (tx) => {
    const starts = nextSendingStart(now);
    const row = await repo.updatePromotionIn(tx, id, 'draft', {
      state: 'sending',
      sendRequestedAt: now,
      sentBy: actor.staffId,
      updatedAt: now,
      waitingUntil: starts.getTime() > now.getTime() ? starts : null,
    });
    if (!row) {
      const existing = await repo.findPromotion(tx, id);
      if (!existing) throw notFound('PROMOTION_NOT_FOUND');
      return { row: existing, started: false };
    }
    const audience = await repo.countAudience(tx, noticeChannel('telegram') !== undefined);
    await recordAudit(tx, actor, {
      action: 'promotion.send',
      objectType: 'promotion',
      objectId: id,
      before: { state: 'draft' },
      after: { state: 'sending', audience, starts_at: starts.toISOString() },
    });
    await scheduleJob(
      tx,
      PROMOTION_SEND_JOB,
      starts,
      { promotion_id: id },
      `${PROMOTION_SEND_JOB}:${id}:start`,
    );
    return { row, started: true };
  });
  return { promotion: await adminOf(db, outcome.row), started: outcome.started };
}

interface Batch {
  notice: Notice;
  told: number[];
  lastCustomerId: number;
  done: boolean;
}

/**
 * One batch, in the caller's transaction: the next consenting customers after the cursor, each
 * told through `deliverNotice` and recorded once in `promotion_recipients` (whose key refuses a
 * second time), then the cursor moved on, and the promotion `sent` when none is left. Undefined
 * when the promotion is not sending.
 */
export async function tellNextBatch(
  tx: Executor,
  id: number,
  at: Date,
  size = PROMOTION_BATCH,
): Promise<Batch | undefined> {
  const row = await repo.findPromotion(tx, id, { lock: true });
  if (row?.state !== 'sending') return undefined;
  const notice = promotionNotice(row);
  const audience = await repo.nextAudience(tx, id, row.lastCustomerId, size);
  const told: number[] = [];
  for (const { customerId, inShop } of audience) {
    const notificationId = await deliverNotice(tx, customerId, notice);
    await repo.insertRecipient(tx, { promotionId: id, customerId, notificationId, inShop });
    told.push(customerId);
  }
  const done = audience.length < size;
  const lastCustomerId = audience.at(-1)?.customerId ?? row.lastCustomerId;
  await repo.updatePromotionIn(tx, id, 'sending', {
    lastCustomerId,
    waitingUntil: null,
    updatedAt: at,
    ...(done ? { state: 'sent' as const, sentAt: at } : {}),
  });
  return { notice, told, lastCustomerId, done };
}

export interface PromotionJobDeps {
  db: Database;
  sms: SmsProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Customers per batch (tests make it small). */
  batch?: number;
}

const payloadId = (payload: unknown): number | undefined => {
  const id = (payload as { promotion_id?: unknown } | null)?.promotion_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
};

/**
 * The `promotion-send` job: batches until none is left or its time is spent (then it schedules
 * its next run for now), each batch's messages sent after its commit; outside the sending hours
 * it marks the promotion waiting and schedules itself for the morning. Its clock starts at the
 * runner's and moves on with real time.
 */
export function promotionSendHandler(deps: PromotionJobDeps): JobHandler {
  return async (payload, job) => {
    const id = payloadId(payload);
    if (id === undefined) return;
    const started = Date.now();
    const now = () => new Date(job.now.getTime() + Date.now() - started);
    const outbox = { db: deps.db, sms: deps.sms, log: deps.log, now };
    for (;;) {
      const at = now();
      if (!inSendingHours(at)) {
        const resume = nextSendingStart(at);
        await repo.updatePromotionIn(deps.db, id, 'sending', { waitingUntil: resume });
        await scheduleJob(
          deps.db,
          PROMOTION_SEND_JOB,
          resume,
          { promotion_id: id },
          `${PROMOTION_SEND_JOB}:${id}:${resume.toISOString()}`,
        );
        return;
      }
      const batch = await inTransaction(deps.db, (tx) => tellNextBatch(tx, id, at, deps.batch));
      if (!batch) return;
      const texts = queuedTexts(batch.notice);
      for (const customerId of batch.told) {
        try {
          await sendQueued(outbox, { customerId, kind: batch.notice.kind, texts });
        } catch (err) {
          deps.log.warn(
            { err, customerId, promotionId: id },
            'promotion not sent; the outbox job will',
          );
        }
      }
      if (batch.done) {
        deps.log.info({ promotionId: id }, 'a promotion was sent');
        return;
      }
      if (Date.now() - started >= RUN_BUDGET_MS) {
        await scheduleJob(
          deps.db,
          PROMOTION_SEND_JOB,
          now(),
          { promotion_id: id },
          `${PROMOTION_SEND_JOB}:${id}:after:${batch.lastCustomerId}`,
        );
        return;
      }
    }
  };
}
