import { type EarlyRepaymentMode, planPayment, tashkentDay } from '@bozor/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
} from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  type CreditStatus,
  cards,
  contracts,
  creditInstallments,
  credits,
  orders,
  payments,
} from '../../db/schema/index.ts';
import { ORDER_MOVES } from '../orders/index.ts';

export type CreditRow = typeof credits.$inferSelect;
export type InstallmentRow = typeof creditInstallments.$inferSelect;

/** Statuses in which a credit is owed and may be paid. */
export const PAYABLE_STATUSES: readonly CreditStatus[] = ['active', 'overdue'];

/** What an installment still asks: its amount and penalty less what was paid. */
export const owedOn = (row: Pick<InstallmentRow, 'amount' | 'penalty' | 'paid'>) =>
  row.amount + row.penalty - row.paid;

export async function creditById(db: Executor, id: number) {
  const [row] = await db.select().from(credits).where(eq(credits.id, id));
  return row;
}

export async function findCredit(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(credits)
    .where(and(eq(credits.id, id), eq(credits.customerId, customerId)));
  return row;
}

export async function countCredits(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(credits)
    .where(eq(credits.customerId, customerId));
  return row?.n ?? 0;
}

/** A page of the customer's credits, newest first. */
export function listCredits(db: Executor, customerId: number, limit: number, offset: number) {
  return db
    .select()
    .from(credits)
    .where(eq(credits.customerId, customerId))
    .orderBy(desc(credits.createdAt), desc(credits.id))
    .limit(limit)
    .offset(offset);
}

export function listInstallments(db: Executor, creditIds: number[]) {
  if (creditIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(creditInstallments)
    .where(inArray(creditInstallments.creditId, creditIds))
    .orderBy(asc(creditInstallments.creditId), asc(creditInstallments.number));
}

export async function contractNumbers(db: Executor, creditIds: number[]) {
  if (creditIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ creditId: contracts.creditId, number: contracts.number })
    .from(contracts)
    .where(inArray(contracts.creditId, creditIds));
  return new Map(rows.map((r) => [r.creditId, r.number]));
}

/**
 * The payments of a credit or an order, newest first, with the card's masked number (for cash,
 * the branch's receipt number and who took it).
 */
export function listPayments(db: Executor, where: { creditId: number } | { orderId: number }) {
  return db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      state: payments.state,
      method: payments.method,
      receiptNumber: payments.receiptNumber,
      staffId: payments.staffId,
      amount: payments.amount,
      declineCode: payments.declineCode,
      createdAt: payments.createdAt,
      cardMasked: cards.masked,
    })
    .from(payments)
    .leftJoin(cards, and(eq(cards.id, payments.cardId), isNull(cards.deletedAt)))
    .where(
      'creditId' in where
        ? eq(payments.creditId, where.creditId)
        : eq(payments.orderId, where.orderId),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** What the credit's order asks up front, and whether it has been paid. */
export async function findOrderPrepayment(db: Executor, orderId: number) {
  const [row] = await db
    .select({ status: orders.status, prepayment: orders.prepayment, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** Makes `cardId` the card autopay debits for an open credit; false when the credit is not open. */
export async function setAutopayCard(
  db: Executor,
  customerId: number,
  creditId: number,
  cardId: number,
): Promise<boolean> {
  const rows = await db
    .update(credits)
    .set({ cardId })
    .where(
      and(
        eq(credits.id, creditId),
        eq(credits.customerId, customerId),
        inArray(credits.status, ['not_signed', ...PAYABLE_STATUSES]),
      ),
    )
    .returning({ id: credits.id });
  return rows.length > 0;
}

/**
 * Puts a payment on the credit's installments as `planPayment` of `@bozor/shared` lays it: oldest
 * first without a mode; with one, what is due on `at`'s day in Tashkent first, then the surplus by
 * the mode. Each installment is settled (paid_at) when nothing is left of it; amounts never
 * change, so the schedule's sum stays the ledger's total. Answers whether all is paid.
 */
export async function allocatePayment(
  tx: Transaction,
  creditId: number,
  amount: number,
  at: Date,
  mode: EarlyRepaymentMode | null = null,
): Promise<{ allPaid: boolean }> {
  const rows = await tx
    .select()
    .from(creditInstallments)
    .where(eq(creditInstallments.creditId, creditId))
    .orderBy(asc(creditInstallments.number))
    .for('update');
  // a RangeError when the payment is more than the credit owes
  const takes = planPayment(rows, amount, tashkentDay(at), mode);
  let allPaid = true;
  for (const [i, row] of rows.entries()) {
    const owed = owedOn(row);
    const take = takes[i] ?? 0;
    if (take > 0) {
      await tx
        .update(creditInstallments)
        .set({ paid: row.paid + take, ...(take === owed ? { paidAt: at } : {}) })
        .where(eq(creditInstallments.id, row.id));
    }
    if (owed - take > 0) allPaid = false;
  }
  return { allPaid };
}

/**
 * Takes a refunded payment back off the installments it was put on, the reverse of
 * `allocatePayment`: the newest paid first, and an installment no longer fully paid loses its
 * paid_at. Call it in the transaction that records the refund on the credit in the ledger.
 *
 * With `allocatePayment` it keeps, for every credit at every commit,
 * sum(installments.paid) = `balanceOf(credit).paid`, i.e. the credit's own ledger entries:
 * debits and prepayments less refunds. The order's prepayment is recorded on the order, not the
 * credit (no credit id), so it is on neither side, and so is its refund.
 */
export async function takeBackPayment(
  tx: Transaction,
  creditId: number,
  amount: number,
): Promise<void> {
  const rows = await tx
    .select()
    .from(creditInstallments)
    .where(eq(creditInstallments.creditId, creditId))
    .orderBy(desc(creditInstallments.number))
    .for('update');
  let left = amount;
  for (const row of rows) {
    const take = Math.min(row.paid, left);
    if (take <= 0) continue;
    const paid = row.paid - take;
    await tx
      .update(creditInstallments)
      .set({ paid, ...(paid < row.amount + row.penalty ? { paidAt: null } : {}) })
      .where(eq(creditInstallments.id, row.id));
    left -= take;
  }
  if (left > 0) {
    throw new RangeError(`a refund of ${amount} is more than credit ${creditId}'s schedule holds`);
  }
}

/** Whether an installment of the credit is past its grace period and still unpaid. */
export async function hasOverdueInstallment(tx: Transaction, creditId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: creditInstallments.id })
    .from(creditInstallments)
    .where(
      and(
        eq(creditInstallments.creditId, creditId),
        isNotNull(creditInstallments.overdueAt),
        sql`${creditInstallments.paid} < ${creditInstallments.amount} + ${creditInstallments.penalty}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setCreditStatus(
  tx: Transaction,
  creditId: number,
  status: CreditStatus,
  extra: { closedAt?: Date } = {},
) {
  await tx
    .update(credits)
    .set({ status, ...extra })
    .where(eq(credits.id, creditId));
}

/** A delivered order whose credit is paid off is complete. */
export async function completeDeliveredOrder(tx: Transaction, orderId: number) {
  await tx
    .update(orders)
    .set({ status: ORDER_MOVES.complete.to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ORDER_MOVES.complete.from)));
}

/** Installments due on or before `day` and not yet paid, of credits being paid; oldest first. */
export function listDueInstallments(db: Executor, day: string) {
  return db
    .select({ installment: creditInstallments, credit: credits })
    .from(creditInstallments)
    .innerJoin(credits, eq(credits.id, creditInstallments.creditId))
    .where(
      and(
        lte(creditInstallments.dueDate, day),
        sql`${creditInstallments.paid} < ${creditInstallments.amount} + ${creditInstallments.penalty}`,
        inArray(credits.status, [...PAYABLE_STATUSES]),
      ),
    )
    .orderBy(asc(credits.id), asc(creditInstallments.number));
}

export async function lockInstallment(tx: Transaction, id: number) {
  const [row] = await tx
    .select()
    .from(creditInstallments)
    .where(eq(creditInstallments.id, id))
    .for('update');
  return row;
}

export async function updateInstallment(
  tx: Transaction,
  id: number,
  values: Partial<Pick<InstallmentRow, 'penalty' | 'overdueAt' | 'failedDebits' | 'lastDecline'>>,
) {
  await tx.update(creditInstallments).set(values).where(eq(creditInstallments.id, id));
}

/**
 * Takes back the unpaid part of every penalty charged on the credit at or after `since` (while
 * money for it was on its way); answers what was waived of each installment.
 */
export async function waivePenaltiesChargedSince(
  tx: Transaction,
  creditId: number,
  since: Date,
): Promise<{ installmentId: number; amount: number }[]> {
  const rows = await tx
    .select()
    .from(creditInstallments)
    .where(
      and(
        eq(creditInstallments.creditId, creditId),
        gt(creditInstallments.penalty, 0),
        gte(creditInstallments.overdueAt, since),
      ),
    )
    .orderBy(asc(creditInstallments.number))
    .for('update');
  const waived: { installmentId: number; amount: number }[] = [];
  for (const row of rows) {
    const unpaid = Math.min(row.penalty, owedOn(row));
    if (unpaid <= 0) continue;
    await tx
      .update(creditInstallments)
      .set({ penalty: row.penalty - unpaid })
      .where(eq(creditInstallments.id, row.id));
    waived.push({ installmentId: row.id, amount: unpaid });
  }
  return waived;
}

/** The penalties charged on a credit so far. */
export async function penaltiesOf(tx: Transaction, creditId: number): Promise<number> {
  const [row] = await tx
    .select({
      sum: sql<number>`coalesce(sum(${creditInstallments.penalty}), 0)::bigint`.mapWith(Number),
    })
    .from(creditInstallments)
    .where(eq(creditInstallments.creditId, creditId));
  return row?.sum ?? 0;
}

/** Unpaid installments due before `day` not marked overdue yet, of credits being paid. */
export function listLateInstallments(db: Executor, day: string) {
  return db
    .select({ id: creditInstallments.id, creditId: creditInstallments.creditId })
    .from(creditInstallments)
    .innerJoin(credits, eq(credits.id, creditInstallments.creditId))
    .where(
      and(
        lt(creditInstallments.dueDate, day),
        isNull(creditInstallments.overdueAt),
        sql`${creditInstallments.paid} < ${creditInstallments.amount} + ${creditInstallments.penalty}`,
        inArray(credits.status, [...PAYABLE_STATUSES]),
      ),
    )
    .orderBy(asc(creditInstallments.creditId), asc(creditInstallments.number));
}
