/**
 * Registering fiscal receipts (DESIGN §6c). The triggers of migration 0035 write a receipt in the
 * transaction that pays, refunds or hands over; the `fiscal-register` job, every minute, builds
 * each due receipt's lines (`buildReceipt`, kept with the receipt so a receipt sent again is the
 * same receipt) and registers it. A register that does not answer, a refusal, or a receipt that
 * waits for the one it follows is tried again after 1 minute, doubling to an hour; after
 * `MAX_ATTEMPTS` tries (about six hours) the receipt is `failed` and waits for a person in the back
 * office, who fixes what was refused and sends it again. A refusal rebuilds the lines on the next
 * try, so a fixed IKPU is taken up.
 */
import { type FiscalCode, type FiscalKind, formatMoney } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { FiscalRefusal, type FiscalRegister } from '../../providers/fiscal/index.ts';
import { deliverNotice, type Notice } from '../notifications/index.ts';
import { buildReceipt, FiscalBuildError } from './build.ts';
import * as repo from './repository.ts';

export const FISCAL_REGISTER_JOB = 'fiscal-register';
/** Tries of a receipt before it is left to a person. */
export const MAX_ATTEMPTS = 12;
const MINUTE_MS = 60_000;
/** Longer than the slowest register call (15 s) times a batch's receipts sent one by one. */
const LEASE_MS = 30 * MINUTE_MS;
const BATCH = 100;

/** Wait after failed try number `attempts`: 1 minute doubling to 1 hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MINUTE_MS * 2 ** (attempts - 1), 60 * MINUTE_MS);

export interface FiscalDeps {
  db: Database;
  register: FiscalRegister | null;
  /** The fiscal code delivery is sold under (FISCAL_DELIVERY_*). */
  delivery: FiscalCode;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

export interface FiscalReport {
  registered: number;
  retried: number;
  failed: number;
}

/** The SMS and notice that give the customer a receipt's link: short enough for one message. */
export function receiptNotice(kind: FiscalKind, amount: number, url: string): Notice {
  const refund = kind === 'refund';
  const onCredit = kind === 'credit_sale';
  return {
    kind: 'fiscal_receipt',
    text: {
      uz: refund
        ? `${formatMoney(amount, 'uz')} qaytarilgani cheki: ${url}`
        : onCredit
          ? `Muddatli to'lovga olingan tovar cheki: ${url}`
          : `${formatMoney(amount, 'uz')} to'lov cheki: ${url}`,
      ru: refund
        ? `Чек возврата ${formatMoney(amount, 'ru')}: ${url}`
        : onCredit
          ? `Чек на товар в рассрочку: ${url}`
          : `Чек оплаты ${formatMoney(amount, 'ru')}: ${url}`,
    },
  };
}

const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2_000);

/** Builds, registers and records one claimed receipt. */
async function registerOne(
  deps: FiscalDeps & { register: FiscalRegister },
  row: repo.FiscalReceiptRow,
  now: () => Date,
): Promise<'registered' | 'retry' | 'failed'> {
  try {
    const built = await buildReceipt(deps.db, row, deps.delivery);
    const lines = row.lines ?? built.lines;
    if (row.lines === null) {
      await repo.saveBuilt(deps.db, row.id, {
        kind: built.kind,
        amount: built.amount,
        lines,
        refersTo: built.refersTo?.id ?? null,
      });
    }
    const refersTo = built.refersTo;
    const done = await deps.register.register({
      id: row.id,
      kind: built.kind,
      refund: built.kind === 'refund',
      lines,
      receivedCard: built.receivedCard,
      receivedCash: built.receivedCash,
      time: row.createdAt,
      phone: built.phone,
      refersTo:
        refersTo?.terminalId && refersTo.receiptSeq && refersTo.fiscalSign && refersTo.qrUrl
          ? {
              terminalId: refersTo.terminalId,
              receiptSeq: refersTo.receiptSeq,
              dateTime: refersTo.registeredAt ?? refersTo.createdAt,
              fiscalSign: refersTo.fiscalSign,
              qrUrl: refersTo.qrUrl,
            }
          : null,
    });
    await inTransaction(deps.db, async (tx) => {
      await repo.markRegistered(tx, row.id, {
        terminalId: done.terminalId,
        receiptSeq: done.receiptSeq,
        fiscalSign: done.fiscalSign,
        qrUrl: done.qrUrl,
        registeredAt: done.dateTime,
      });
      // the customer's copy: an SMS (through the outbox) and a notice, when the link opens anywhere
      if (/^https?:\/\//.test(done.qrUrl)) {
        await deliverNotice(
          tx,
          built.customerId,
          receiptNotice(built.kind, built.amount, done.qrUrl),
        );
      }
    });
    return 'registered';
  } catch (error) {
    if (!(error instanceof FiscalRefusal) && !(error instanceof FiscalBuildError)) throw error;
    const attempts = row.attempts + 1;
    const givenUp = attempts >= MAX_ATTEMPTS;
    const about = { receiptId: row.id, orderId: row.orderId, attempts, reason: error.message };
    if (givenUp) deps.log.error(about, 'a fiscal receipt was not registered; a person must look');
    else deps.log.warn(about, 'a fiscal receipt was not registered; it will be tried again');
    await repo.markFailed(deps.db, row.id, {
      error: describe(error),
      retryAt: givenUp ? null : new Date(now().getTime() + retryDelayMs(attempts)),
      rebuild: error instanceof FiscalRefusal && !error.retry,
    });
    return givenUp ? 'failed' : 'retry';
  }
}

/** Registers the receipts due now, one by one; an unexpected error of one leaves the others. */
export async function registerDue(deps: FiscalDeps): Promise<FiscalReport> {
  const report: FiscalReport = { registered: 0, retried: 0, failed: 0 };
  const { register } = deps;
  if (register === null) return report;
  const now = deps.now ?? (() => new Date());
  const at = now();
  const claimed = await repo.claimDue(deps.db, at, new Date(at.getTime() + LEASE_MS), BATCH);
  // oldest first: a handover's receipt before the repayments that name it
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const outcome = await registerOne({ ...deps, register }, row, now);
      if (outcome === 'registered') report.registered += 1;
      else if (outcome === 'retry') report.retried += 1;
      else report.failed += 1;
    } catch (err) {
      deps.log.error({ err, receiptId: row.id }, 'a fiscal receipt could not be sent');
      await repo
        .markFailed(deps.db, row.id, {
          error: describe(err),
          retryAt: new Date(now().getTime() + retryDelayMs(row.attempts + 1)),
          rebuild: false,
        })
        .catch(() => undefined);
      report.retried += 1;
    }
  }
  return report;
}

export function scheduleFiscalRegister(db: Executor, at: Date) {
  const slot = new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS);
  return scheduleJob(
    db,
    FISCAL_REGISTER_JOB,
    slot,
    {},
    `${FISCAL_REGISTER_JOB}:${slot.toISOString()}`,
  );
}

/** The job: schedules the next minute's run first, then registers what is due. */
export function fiscalRegisterHandler(deps: FiscalDeps & { db: Database }): JobHandler {
  return async (_payload, job) => {
    await scheduleFiscalRegister(deps.db, new Date(job.now.getTime() + 1));
    const started = Date.now();
    const report = await registerDue({
      ...deps,
      now: () => new Date(job.now.getTime() + Date.now() - started),
    });
    if (report.registered + report.retried + report.failed > 0) {
      deps.log.info(report, 'fiscal receipts registered or tried again');
    }
  };
}
