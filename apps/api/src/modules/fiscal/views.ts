import type { AdminFiscalReceipt, FiscalLine, FiscalReceiptView } from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';

export function toView(row: repo.FiscalReceiptRow): FiscalReceiptView {
  return {
    id: row.id,
    kind: row.kind,
    payment_id: row.paymentId,
    amount: row.amount,
    state: row.state,
    url: row.state === 'registered' ? row.qrUrl : null,
    fiscal_sign: row.fiscalSign,
    terminal_id: row.terminalId,
    receipt_seq: row.receiptSeq,
    registered_at: row.registeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const lineView = (line: FiscalLine) => ({
  title: line.title,
  ikpu: line.ikpu,
  package_code: line.packageCode,
  units: line.units,
  count: line.count,
  unit_price: line.unitPrice,
  sum: line.sum,
  vat_percent: line.vatPercent,
  vat: line.vat,
  delivery: line.delivery === true,
});

export function toAdminView(row: repo.FiscalReceiptRow, customerId: number): AdminFiscalReceipt {
  return {
    ...toView(row),
    order_id: row.orderId,
    customer_id: customerId,
    event: row.event,
    paid_by: row.paidBy,
    attempts: row.attempts,
    last_error: row.lastError,
    lines: row.lines?.map(lineView) ?? null,
  };
}

/** An order's receipts as its customer sees them, oldest first. */
export async function receiptsOfOrder(db: Executor, orderId: number): Promise<FiscalReceiptView[]> {
  return (await repo.listForOrder(db, orderId)).map(toView);
}
