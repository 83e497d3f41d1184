import { addDays, startOfTashkentDay, tashkentDay } from '@bozor/shared';
import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import {
  ledgerEntries,
  type MismatchKind,
  payments,
  reconciliationMismatches,
  reconciliationReports,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  type CardGateway,
  type GatewayReceipt,
  gatewayOfReceipt,
  type ReconciledGateway,
  reconciledGateways,
} from '../../providers/payments/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

export const RECONCILIATION_JOB = 'reconciliation';
/** The day before is compared at 06:00 in Tashkent (01:00 UTC), when its receipts are final. */
const RUN_HOUR_UTC = 1;

export interface ReconciliationDeps {
  db: Database;
  gateway: CardGateway;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export interface Mismatch {
  kind: MismatchKind;
  receiptId: string | null;
  paymentId: number | null;
  gatewayAmount: number | null;
  shopAmount: number | null;
  detail: string;
}

/** A mismatch as recorded: its id, and a person's resolution once they closed it. */
export interface RecordedMismatch extends Mismatch {
  id: number;
  resolvedAt: Date | null;
  resolutionNote: string | null;
}

export interface ReconciliationReport {
  day: string;
  gateway: string;
  receipts: number;
  payments: number;
  mismatches: RecordedMismatch[];
  checkedAt: Date;
}

/** The same disagreement found again: its resolution carries over to the new report. */
const sameMismatch = (m: Pick<Mismatch, 'kind' | 'receiptId' | 'paymentId'>) =>
  `${m.kind}|${m.receiptId ?? ''}|${m.paymentId ?? ''}`;

type PaymentRow = typeof payments.$inferSelect;

/** Receipts whose money is with the shop now, or was and went back. */
const moneyMoved = (r: GatewayReceipt) => r.paidAt !== null || r.state === 'paid';
const refundedAt = (r: GatewayReceipt) => r.state === 'cancelled' || r.state === 'cancelling';

/**
 * How far back the receipts are listed to find what happened on a day: a refund or a cancel at
 * the gateway weeks after a receipt was created is still seen (Payme lists receipts by their
 * creation time only).
 */
export const RECONCILIATION_WINDOW_DAYS = 60;

const SETTLED: readonly PaymentRow['state'][] = ['paid', 'refunding', 'refunded'];
/** A payment whose money the shop holds without having settled it where it belongs. */
const UNSETTLED: readonly PaymentRow['state'][] = ['refunding', 'needs_attention'];

/**
 * Compares what happened on one Tashkent day on both sides (DESIGN §6a, "by event over a
 * window"): every receipt of the last `RECONCILIATION_WINDOW_DAYS` created, paid or cancelled
 * that day, and every payment created, settled or refunded that day, each against the other side,
 * and records every disagreement: money the gateway took that no payment shows, a payment the
 * shop counts as paid that the gateway has no paid receipt for, different amounts, a refund one
 * side made and the other did not, money the gateway holds that the shop has not settled
 * (refunding, or waiting for a person), a payment never settled, a settled payment missing from
 * the ledger. Run again for a day, the report is written anew, and a mismatch found again keeps
 * the resolution a person gave it. Each mismatch is logged at error and waits in the back office
 * until a person closes it. Each card gateway (PAYMENT_GATEWAYS) is compared on its own and written
 * as its own report, so one that cannot list its receipts leaves the others' done; the run then
 * fails and the job tries the day again.
 */
export async function reconcileDay(
  deps: ReconciliationDeps,
  day: string,
): Promise<ReconciliationReport> {
  const parts = reconciledGateways(deps.gateway);
  const names = parts.map((part) => part.name);
  const reports: ReconciliationReport[] = [];
  let failure: unknown = null;
  for (const [index, part] of parts.entries()) {
    const belongs = (payment: PaymentRow) =>
      parts.length === 1 ||
      (payment.receiptId === null
        ? // cash, and a card payment that never got a receipt: the default gateway's report
          index === 0
        : gatewayOfReceipt(payment.receiptId) === part.name);
    try {
      reports.push(await reconcileGateway(deps, part, names, day, belongs));
    } catch (error) {
      deps.log.error({ err: error, day, gateway: part.name }, 'a gateway could not be reconciled');
      failure ??= error;
    }
  }
  // the gateways that answered are compared and written; the job tries the day again for the rest
  if (failure !== null) throw failure;
  return combined(day, reports);
}

/** Several gateways' reports of a day as one: their counts added, their mismatches listed. */
function combined(day: string, reports: ReconciliationReport[]): ReconciliationReport {
  return {
    day,
    gateway: reports.map((r) => r.gateway).join(', '),
    receipts: reports.reduce((sum, r) => sum + r.receipts, 0),
    payments: reports.reduce((sum, r) => sum + r.payments, 0),
    mismatches: reports.flatMap((r) => r.mismatches),
    checkedAt: new Date(Math.max(...reports.map((r) => r.checkedAt.getTime()))),
  };
}

/** One gateway's comparison of the day, written as its own report. */
async function reconcileGateway(
  deps: ReconciliationDeps,
  gateway: ReconciledGateway,
  names: readonly string[],
  day: string,
  belongs: (payment: PaymentRow) => boolean,
): Promise<ReconciliationReport> {
  const from = startOfTashkentDay(day);
  const to = startOfTashkentDay(addDays(day, 1));
  const within = (at: Date | null) => at !== null && at >= from && at < to;
  const listed = await gateway.listReceipts(
    startOfTashkentDay(addDays(day, -RECONCILIATION_WINDOW_DAYS)),
    to,
  );
  const byId = new Map(listed.map((r) => [r.id, r]));
  const receipts = listed.filter(
    (r) => within(r.createdAt) || within(r.paidAt) || within(r.cancelledAt),
  );
  const ids = receipts.map((r) => r.id);
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      or(
        and(gte(payments.createdAt, from), lt(payments.createdAt, to)),
        // settled, refunded or handed to a person that day (every change writes updated_at)
        and(gte(payments.updatedAt, from), lt(payments.updatedAt, to)),
        ids.length > 0 ? inArray(payments.receiptId, ids) : undefined,
      ),
    )
    .orderBy(asc(payments.id))
    .then((found) => found.filter(belongs));
  const byReceipt = new Map(rows.flatMap((p) => (p.receiptId ? [[p.receiptId, p] as const] : [])));
  const mismatches: Mismatch[] = [];
  const note = (m: Mismatch) => mismatches.push(m);
  const compared = new Set<number>();

  for (const receipt of receipts) {
    const payment = byReceipt.get(receipt.id);
    if (!payment) {
      if (moneyMoved(receipt) && !refundedAt(receipt)) {
        note({
          kind: 'receipt_without_payment',
          receiptId: receipt.id,
          paymentId: null,
          gatewayAmount: receipt.amount,
          shopAmount: null,
          detail: `receipt ${receipt.id} (${receipt.reference ?? 'no reference'}) is paid; no payment of the shop's holds it`,
        });
      }
      continue;
    }
    compared.add(payment.id);
    compare(receipt, payment, note);
  }

  // the day's payments whose receipts happened earlier: the window's list, or the gateway asked
  // about each; cash taken at a branch never had one (its ledger entry is checked below like
  // every other payment's)
  for (const payment of rows) {
    if (payment.method === 'cash' || compared.has(payment.id)) continue;
    const known = payment.receiptId ? byId.get(payment.receiptId) : undefined;
    if (known) {
      compare(known, payment, note);
      continue;
    }
    if (payment.state === 'checking') {
      note(unsettled(payment));
      continue;
    }
    if (!SETTLED.includes(payment.state)) continue;
    const receiptId = payment.receiptId ?? payment.gatewayPaymentId;
    const state = receiptId ? await gateway.checkReceipt(receiptId).catch(() => null) : null;
    const held = state === 'paid';
    const returned = state === 'cancelled' || state === 'cancelling';
    if (payment.state === 'paid' && !held) {
      note({
        kind: returned ? 'refund_not_recorded' : 'payment_without_receipt',
        receiptId,
        paymentId: payment.id,
        gatewayAmount: null,
        shopAmount: payment.amount,
        detail: `payment ${payment.id} is paid; its receipt ${receiptId ?? '(none)'} is ${state ?? 'unknown to the gateway'}`,
      });
    }
    if (payment.state === 'refunded' && held) {
      note({
        kind: 'refund_not_at_gateway',
        receiptId,
        paymentId: payment.id,
        gatewayAmount: payment.amount,
        shopAmount: payment.amount,
        detail: `payment ${payment.id} is refunded; its receipt ${receiptId} is still paid`,
      });
    }
  }

  for (const payment of rows) {
    const missing = await missingLedger(deps.db, payment);
    if (missing) note(missing);
  }

  const report = await inTransaction(deps.db, async (tx) => {
    const resolved = new Map(
      (
        await tx
          .select({
            kind: reconciliationMismatches.kind,
            receiptId: reconciliationMismatches.receiptId,
            paymentId: reconciliationMismatches.paymentId,
            resolvedAt: reconciliationMismatches.resolvedAt,
            resolvedBy: reconciliationMismatches.resolvedBy,
            resolutionNote: reconciliationMismatches.resolutionNote,
          })
          .from(reconciliationMismatches)
          .innerJoin(
            reconciliationReports,
            eq(reconciliationReports.id, reconciliationMismatches.reportId),
          )
          .where(
            and(eq(reconciliationReports.day, day), isNotNull(reconciliationMismatches.resolvedAt)),
          )
      ).map((m) => [sameMismatch(m), m]),
    );
    // this gateway's report of the day, and one of a gateway no longer configured
    await tx
      .delete(reconciliationReports)
      .where(
        and(
          eq(reconciliationReports.day, day),
          or(
            eq(reconciliationReports.gateway, gateway.name),
            notInArray(reconciliationReports.gateway, [...names]),
          ),
        ),
      );
    const [saved] = await tx
      .insert(reconciliationReports)
      .values({
        day,
        gateway: gateway.name,
        receipts: receipts.length,
        payments: rows.length,
        mismatches: mismatches.length,
      })
      .returning();
    const inserted =
      mismatches.length === 0
        ? []
        : await tx
            .insert(reconciliationMismatches)
            .values(
              mismatches.map((m) => {
                const earlier = resolved.get(sameMismatch(m));
                return {
                  ...m,
                  reportId: saved!.id,
                  resolvedAt: earlier?.resolvedAt ?? null,
                  resolvedBy: earlier?.resolvedBy ?? null,
                  resolutionNote: earlier?.resolutionNote ?? null,
                };
              }),
            )
            .returning();
    return { saved: saved!, inserted };
  });
  for (const m of mismatches) {
    deps.log.error({ day, gateway: gateway.name, ...m }, 'the gateway and the shop disagree');
  }
  deps.log.info(
    {
      day,
      gateway: gateway.name,
      receipts: receipts.length,
      payments: rows.length,
      mismatches: mismatches.length,
    },
    'reconciliation done',
  );
  return {
    day,
    gateway: report.saved.gateway,
    receipts: report.saved.receipts,
    payments: report.saved.payments,
    mismatches: report.inserted.map(recorded),
    checkedAt: report.saved.checkedAt,
  };
}

type MismatchRow = typeof reconciliationMismatches.$inferSelect;

const recorded = (row: MismatchRow): RecordedMismatch => ({
  id: row.id,
  kind: row.kind,
  receiptId: row.receiptId,
  paymentId: row.paymentId,
  gatewayAmount: row.gatewayAmount,
  shopAmount: row.shopAmount,
  detail: row.detail,
  resolvedAt: row.resolvedAt,
  resolutionNote: row.resolutionNote,
});

function compare(receipt: GatewayReceipt, payment: PaymentRow, note: (m: Mismatch) => void) {
  const base = { receiptId: receipt.id, paymentId: payment.id };
  if (receipt.amount !== payment.amount) {
    note({
      ...base,
      kind: 'amount_differs',
      gatewayAmount: receipt.amount,
      shopAmount: payment.amount,
      detail: `receipt ${receipt.id} is for ${receipt.amount}, payment ${payment.id} for ${payment.amount}`,
    });
  }
  const amounts = { gatewayAmount: receipt.amount, shopAmount: payment.amount };
  if (payment.state === 'checking') {
    note({ ...unsettled(payment), ...base });
    return;
  }
  if (receipt.state === 'paid' && (payment.state === 'failed' || payment.state === 'refunded')) {
    note({
      ...base,
      ...amounts,
      kind: payment.state === 'refunded' ? 'refund_not_at_gateway' : 'receipt_without_payment',
      detail: `receipt ${receipt.id} is paid; payment ${payment.id} is ${payment.state}`,
    });
  }
  if (receipt.state === 'paid' && UNSETTLED.includes(payment.state)) {
    note({
      ...base,
      ...amounts,
      kind: 'money_unsettled',
      detail: `receipt ${receipt.id} is paid; payment ${payment.id} is ${payment.state}${payment.attentionKind ? ` (${payment.attentionKind})` : ''}`,
    });
  }
  // refunded at the gateway: the shop still counts the money, or has not finished its refund
  if (
    moneyMoved(receipt) &&
    refundedAt(receipt) &&
    (payment.state === 'paid' ||
      (receipt.state === 'cancelled' && UNSETTLED.includes(payment.state)))
  ) {
    note({
      ...base,
      ...amounts,
      kind: 'refund_not_recorded',
      detail: `receipt ${receipt.id} was refunded; payment ${payment.id} is ${payment.state}`,
    });
  }
  if (!moneyMoved(receipt) && SETTLED.includes(payment.state)) {
    note({
      ...base,
      ...amounts,
      kind: 'payment_without_receipt',
      detail: `payment ${payment.id} is ${payment.state}; receipt ${receipt.id} was never paid`,
    });
  }
}

function unsettled(payment: PaymentRow): Mismatch {
  return {
    kind: 'payment_not_settled',
    receiptId: payment.receiptId,
    paymentId: payment.id,
    gatewayAmount: null,
    shopAmount: payment.amount,
    detail: `payment ${payment.id} is still checking a day later`,
  };
}

/** A settled payment whose money (and refund) the ledger does not show under its keys. */
async function missingLedger(db: Executor, payment: PaymentRow): Promise<Mismatch | null> {
  const keys: [string, 'debit' | 'refund'][] = [];
  if (['paid', 'refunding', 'refunded'].includes(payment.state)) {
    keys.push([payment.gatewayKey, 'debit']);
  }
  if (payment.state === 'refunded') {
    keys.push([payment.refundKey ?? `refund:${payment.gatewayKey}`, 'refund']);
  }
  for (const [key, what] of keys) {
    const [entry] = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.customerId, payment.customerId),
          eq(ledgerEntries.idempotencyKey, key),
        ),
      );
    if (entry?.amount !== payment.amount) {
      return {
        kind: 'ledger_missing',
        receiptId: payment.receiptId,
        paymentId: payment.id,
        gatewayAmount: null,
        shopAmount: payment.amount,
        detail: `payment ${payment.id} is ${payment.state}; the ledger has ${entry ? `${entry.amount}` : 'nothing'} for its ${what}`,
      };
    }
  }
  return null;
}

/**
 * The report of a day, as it was last written: each gateway's, as one; undefined before the day
 * was compared.
 */
export async function readReport(
  db: Executor,
  day: string,
): Promise<ReconciliationReport | undefined> {
  const reports = await db
    .select()
    .from(reconciliationReports)
    .where(eq(reconciliationReports.day, day))
    .orderBy(asc(reconciliationReports.id));
  if (reports.length === 0) return undefined;
  const rows = await db
    .select()
    .from(reconciliationMismatches)
    .where(
      inArray(
        reconciliationMismatches.reportId,
        reports.map((r) => r.id),
      ),
    )
    .orderBy(asc(reconciliationMismatches.id));
  return combined(
    day,
    reports.map((report) => ({
      day: report.day,
      gateway: report.gateway,
      receipts: report.receipts,
      payments: report.payments,
      checkedAt: report.checkedAt,
      mismatches: rows.filter((row) => row.reportId === report.id).map(recorded),
    })),
  );
}

/** Mismatches no member of staff has closed yet, of every day, the oldest day first. */
export async function listOpenMismatches(
  db: Executor,
  limit: number,
): Promise<(RecordedMismatch & { day: string })[]> {
  const rows = await db
    .select({ mismatch: reconciliationMismatches, day: reconciliationReports.day })
    .from(reconciliationMismatches)
    .innerJoin(
      reconciliationReports,
      eq(reconciliationReports.id, reconciliationMismatches.reportId),
    )
    .where(isNull(reconciliationMismatches.resolvedAt))
    .orderBy(asc(reconciliationReports.day), asc(reconciliationMismatches.id))
    .limit(limit);
  return rows.map(({ mismatch, day }) => ({ ...recorded(mismatch), day }));
}

/** How many mismatches wait for a person (the dashboard). */
export async function countOpenMismatches(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reconciliationMismatches)
    .where(isNull(reconciliationMismatches.resolvedAt));
  return row?.n ?? 0;
}

/**
 * Closes a mismatch with what a member of staff found and did, in the audit log with it; 404 for
 * none, 409 for one closed already.
 */
export async function resolveMismatch(
  db: Database,
  id: number,
  note: string,
  actor: Actor,
): Promise<RecordedMismatch> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.id, id))
      .for('update');
    if (!row) throw notFound('NOT_FOUND');
    if (row.resolvedAt !== null) throw new AppError('MISMATCH_RESOLVED', 409);
    const [after] = await tx
      .update(reconciliationMismatches)
      .set({ resolvedAt: sql`now()`, resolvedBy: actor.staffId, resolutionNote: note })
      .where(eq(reconciliationMismatches.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'reconciliation.resolve',
      objectType: 'reconciliation_mismatch',
      objectId: id,
      before: { kind: row.kind, receipt_id: row.receiptId, payment_id: row.paymentId },
      after: { resolved: true, note },
    });
    return recorded(after!);
  });
}

/** Schedules the comparison of `day` (run the morning after), once however many ask. */
export function scheduleReconciliation(db: Executor, day: string) {
  const next = addDays(day, 1);
  return scheduleJob(
    db,
    RECONCILIATION_JOB,
    new Date(`${next}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00Z`),
    { day },
    `reconciliation:${day}`,
  );
}

/** The daily job: schedules the next day's comparison first, then compares its day. */
export function reconciliationHandler(deps: ReconciliationDeps): JobHandler {
  return async (payload, job) => {
    const day =
      typeof (payload as { day?: unknown }).day === 'string'
        ? (payload as { day: string }).day
        : addDays(tashkentDay(job.now), -1);
    await scheduleReconciliation(deps.db, addDays(day, 1));
    await reconcileDay(deps, day);
  };
}
