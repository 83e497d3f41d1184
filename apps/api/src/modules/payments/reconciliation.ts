import { addDays, tashkentDay } from '@bozor/shared';
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
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
import type { CardGateway, GatewayReceipt } from '../../providers/payments/index.ts';

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

export interface ReconciliationReport {
  day: string;
  gateway: string;
  receipts: number;
  payments: number;
  mismatches: Mismatch[];
  checkedAt: Date;
}

type PaymentRow = typeof payments.$inferSelect;

/** The first instant of a Tashkent day (UTC+5 all year). */
const startOf = (day: string) => new Date(`${day}T00:00:00+05:00`);

/** Receipts whose money is with the shop now, or was and went back. */
const moneyMoved = (r: GatewayReceipt) => r.paidAt !== null || r.state === 'paid';
const refundedAt = (r: GatewayReceipt) => r.state === 'cancelled' || r.state === 'cancelling';

/**
 * Compares one Tashkent day of the gateway's receipts with the shop's payments and ledger
 * (DESIGN §6a) and records every disagreement: money the gateway took that no payment shows, a
 * payment the shop counts as paid that the gateway has no paid receipt for, different amounts, a
 * refund one side made and the other did not, a payment never settled, a settled payment missing
 * from the ledger. Run again for a day, the report is written anew. Each mismatch is logged at
 * error; the back office reads the report.
 */
export async function reconcileDay(
  deps: ReconciliationDeps,
  day: string,
): Promise<ReconciliationReport> {
  const from = startOf(day);
  const to = startOf(addDays(day, 1));
  const receipts = await deps.gateway.listReceipts(from, to);
  const byId = new Map(receipts.map((r) => [r.id, r]));
  const ids = receipts.map((r) => r.id);
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      or(
        and(gte(payments.createdAt, from), lt(payments.createdAt, to)),
        ids.length > 0 ? inArray(payments.receiptId, ids) : undefined,
      ),
    )
    .orderBy(asc(payments.id));
  const byReceipt = new Map(rows.flatMap((p) => (p.receiptId ? [[p.receiptId, p] as const] : [])));
  const mismatches: Mismatch[] = [];
  const note = (m: Mismatch) => mismatches.push(m);

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
    compare(receipt, payment, note);
  }

  // payments the shop counts as money whose receipt the day's list does not show; cash taken at
  // a branch never had one (its ledger entry is checked below like every other payment's)
  for (const payment of rows) {
    if (payment.method === 'cash') continue;
    if (payment.receiptId && byId.has(payment.receiptId)) continue;
    if (payment.state === 'checking') {
      note(unsettled(payment));
      continue;
    }
    if (!['paid', 'refunding', 'refunded'].includes(payment.state)) continue;
    const receiptId = payment.receiptId ?? payment.gatewayPaymentId;
    const state = receiptId ? await deps.gateway.checkReceipt(receiptId).catch(() => null) : null;
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
  }

  for (const payment of rows) {
    const missing = await missingLedger(deps.db, payment);
    if (missing) note(missing);
  }

  const report = await inTransaction(deps.db, async (tx) => {
    await tx.delete(reconciliationReports).where(eq(reconciliationReports.day, day));
    const [saved] = await tx
      .insert(reconciliationReports)
      .values({
        day,
        gateway: deps.gateway.name,
        receipts: receipts.length,
        payments: rows.length,
        mismatches: mismatches.length,
      })
      .returning();
    if (mismatches.length > 0) {
      await tx
        .insert(reconciliationMismatches)
        .values(mismatches.map((m) => ({ ...m, reportId: saved!.id })));
    }
    return saved!;
  });
  for (const m of mismatches) deps.log.error({ day, ...m }, 'the gateway and the shop disagree');
  deps.log.info(
    { day, receipts: receipts.length, payments: rows.length, mismatches: mismatches.length },
    'reconciliation done',
  );
  return {
    day,
    gateway: report.gateway,
    receipts: report.receipts,
    payments: report.payments,
    mismatches,
    checkedAt: report.checkedAt,
  };
}

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
  if (moneyMoved(receipt) && refundedAt(receipt) && payment.state === 'paid') {
    note({
      ...base,
      ...amounts,
      kind: 'refund_not_recorded',
      detail: `receipt ${receipt.id} was refunded; payment ${payment.id} is still paid`,
    });
  }
  if (!moneyMoved(receipt) && ['paid', 'refunding', 'refunded'].includes(payment.state)) {
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

/** The report of a day, as it was last written; undefined before the day was compared. */
export async function readReport(
  db: Executor,
  day: string,
): Promise<ReconciliationReport | undefined> {
  const [report] = await db
    .select()
    .from(reconciliationReports)
    .where(eq(reconciliationReports.day, day));
  if (!report) return undefined;
  const rows = await db
    .select()
    .from(reconciliationMismatches)
    .where(eq(reconciliationMismatches.reportId, report.id))
    .orderBy(asc(reconciliationMismatches.id));
  return {
    day: report.day,
    gateway: report.gateway,
    receipts: report.receipts,
    payments: report.payments,
    checkedAt: report.checkedAt,
    mismatches: rows.map(({ kind, receiptId, paymentId, gatewayAmount, shopAmount, detail }) => ({
      kind,
      receiptId,
      paymentId,
      gatewayAmount,
      shopAmount,
      detail,
    })),
  };
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
