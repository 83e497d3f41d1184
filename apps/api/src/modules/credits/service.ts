import {
  addDays,
  type CreditDetail,
  type CreditStatus,
  type CreditSummary,
  dueNowOf,
  type EarlyRepaymentMode,
  type EarlyRepaymentPreview,
  type EarlyRepaymentRefusal,
  earlyRepaymentRefusal,
  type InstallmentState,
  type Lang,
  type PageMeta,
  type Payment,
  planPayment,
  type ScheduleRow,
  tashkentDay,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldMessage } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { declineOf } from '../../providers/payments/index.ts';
import { findLiveCardById, toCard } from '../cards/index.ts';
import { receiptsOfOrder } from '../fiscal/index.ts';
import { type Balance, balanceOf, balancesOf } from '../ledger/index.ts';
import { awaitsUpfront, listOrderItems, toOrderItem } from '../orders/index.ts';
import * as repo from './repository.ts';

/** Days after its due date an unpaid installment waits before it is overdue (GRACE_DAYS). */
export const DEFAULT_GRACE_DAYS = 3;

const STATUS_NAMES: Record<CreditStatus, Record<Lang, string>> = {
  not_signed: { uz: 'Shartnoma imzolanmagan', ru: 'Договор не подписан' },
  active: { uz: 'Faol', ru: 'Активна' },
  overdue: { uz: "Muddati o'tgan", ru: 'Просрочена' },
  closed: { uz: 'Yopilgan', ru: 'Закрыта' },
  cancelled: { uz: 'Bekor qilingan', ru: 'Отменена' },
};

export function creditStatusName(status: CreditStatus, lang: Lang): string {
  return STATUS_NAMES[status][lang];
}

export interface CreditClock {
  today: string;
  graceDays: number;
}

/** Where an installment stands today (its grace period counted). */
export function installmentState(row: repo.InstallmentRow, clock: CreditClock): InstallmentState {
  if (repo.owedOn(row) <= 0) return 'paid';
  if (row.overdueAt !== null || clock.today > addDays(row.dueDate, clock.graceDays)) {
    return 'overdue';
  }
  if (row.dueDate <= clock.today) return 'due';
  return row.paid > 0 ? 'partly_paid' : 'upcoming';
}

/** `BZ-2026-000123`: the year (in Tashkent) the credit was opened and its id. */
export function contractNumberOf(credit: { id: number; createdAt: Date }): string {
  const year = tashkentDay(credit.createdAt).slice(0, 4);
  return `BZ-${year}-${String(credit.id).padStart(6, '0')}`;
}

/** The contract number of a credit: the signed contract's, or the one it will be given. */
function codeOf(credit: repo.CreditRow, numbers: Map<number, string>): string {
  return numbers.get(credit.id) ?? contractNumberOf(credit);
}

function summaryOf(
  credit: repo.CreditRow,
  balance: Balance,
  schedule: repo.InstallmentRow[],
  code: string,
  clock: CreditClock,
  lang: Lang,
): CreditSummary {
  const unpaid = schedule.filter((row) => repo.owedOn(row) > 0);
  const next = unpaid[0];
  const payable = credit.status === 'active' || credit.status === 'overdue';
  const dueNow = unpaid
    .filter((row) => row.dueDate <= clock.today)
    .reduce((sum, row) => sum + repo.owedOn(row), 0);
  return {
    id: credit.id,
    code,
    order_id: credit.orderId ?? 0,
    status: credit.status,
    status_name: creditStatusName(credit.status, lang),
    months: credit.months,
    monthly_payment: credit.monthlyPayment,
    total: balance.total,
    paid: balance.paid,
    debt_summa: payable || credit.status === 'not_signed' ? balance.remaining : 0,
    need_payed_price: payable ? dueNow : 0,
    next_due_date: payable && next ? next.dueDate : null,
    next_payment: payable && next ? repo.owedOn(next) : 0,
    created_at: credit.createdAt.toISOString(),
  };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export async function listCredits(
  db: Executor,
  customerId: number,
  query: { page: number; per_page: number },
  clock: CreditClock,
  lang: Lang,
): Promise<{ data: CreditSummary[]; meta: PageMeta }> {
  const [rows, total] = await Promise.all([
    repo.listCredits(db, customerId, query.per_page, (query.page - 1) * query.per_page),
    repo.countCredits(db, customerId),
  ]);
  const ids = rows.map((r) => r.id);
  const [installments, numbers, balances] = await Promise.all([
    repo.listInstallments(db, ids),
    repo.contractNumbers(db, ids),
    balancesOf(db, ids),
  ]);
  const schedules = groupBy(installments, (row) => row.creditId);
  const data = rows.map((credit) => {
    const balance = balances.get(credit.id);
    if (!balance) throw new Error(`credit ${credit.id} has no balance`);
    const schedule = schedules.get(credit.id) ?? [];
    return summaryOf(credit, balance, schedule, codeOf(credit, numbers), clock, lang);
  });
  return { data, meta: pageMeta(query.page, query.per_page, total) };
}

export function toPayment(
  row: Awaited<ReturnType<typeof repo.listPayments>>[number],
  lang: Lang,
): Payment {
  return {
    id: row.id,
    purpose: row.purpose,
    state: row.state,
    method: row.method,
    amount: row.amount,
    card_number: row.cardMasked,
    decline:
      row.state === 'failed' ? (declineOf(row.declineCode)?.customerMessage(lang) ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The order's prepayment while it waits to be paid (a new order not paid yet), else 0. */
function prepaymentDue(order: Awaited<ReturnType<typeof repo.findOrderPrepayment>>): number {
  if (!order || !awaitsUpfront(order)) return 0;
  return order.prepayment;
}

/** An installment as the customer's schedule shows it today. */
function toScheduleRow(row: repo.InstallmentRow, clock: CreditClock): ScheduleRow {
  return {
    number: row.number,
    due_date: row.dueDate,
    amount: row.amount,
    penalty: row.penalty,
    paid: row.paid,
    state: installmentState(row, clock),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** One of the customer's credits with its schedule, payments, goods and autopay card. */
export async function readCredit(
  db: Executor,
  customerId: number,
  id: number,
  clock: CreditClock,
  lang: Lang,
): Promise<CreditDetail> {
  const credit = await repo.findCredit(db, customerId, id);
  if (!credit) throw new AppError('CREDIT_NOT_FOUND', 404);
  const [balance, schedule, numbers, payments, items, card, order, receipts] = await Promise.all([
    balanceOf(db, credit.id),
    repo.listInstallments(db, [credit.id]),
    repo.contractNumbers(db, [credit.id]),
    repo.listPayments(db, { creditId: credit.id }),
    credit.orderId === null ? [] : listOrderItems(db, [credit.orderId]),
    credit.cardId === null ? undefined : findLiveCardById(db, credit.cardId),
    credit.orderId === null ? undefined : repo.findOrderPrepayment(db, credit.orderId),
    credit.orderId === null ? [] : receiptsOfOrder(db, credit.orderId),
  ]);
  const summary = summaryOf(credit, balance, schedule, codeOf(credit, numbers), clock, lang);
  return {
    ...summary,
    financed: credit.financed,
    markup_percent: credit.markupPercent,
    card: card ? toCard(card) : null,
    signed_at: credit.signedAt?.toISOString() ?? null,
    schedule: schedule.map((row) => toScheduleRow(row, clock)),
    payments: payments.map((row) => toPayment(row, lang)),
    receipts,
    items: items.map((item) => toOrderItem(item, lang)),
    prepayment_due: prepaymentDue(order),
  };
}

const CARD_CHANGED: Record<Lang, string> = {
  uz: "Avtoto'lov kartasi o'zgartirildi",
  ru: 'Карта автоплатежа изменена',
};

/**
 * Moves an open credit's autopay to another of the customer's confirmed cards (the old one may
 * then be deleted). Another customer's credit or card answers 404; a closed or cancelled credit 409.
 */
export async function changeAutopayCard(
  db: Executor,
  customerId: number,
  creditId: number,
  cardId: number,
  clock: CreditClock,
  lang: Lang,
): Promise<{ message: string; data: CreditDetail }> {
  const credit = await repo.findCredit(db, customerId, creditId);
  if (!credit) throw new AppError('CREDIT_NOT_FOUND', 404);
  const card = await findLiveCardById(db, cardId);
  if (!card || card.customerId !== customerId || card.verifiedAt === null) {
    throw new AppError('CARD_NOT_FOUND', 404);
  }
  if (!(await repo.setAutopayCard(db, customerId, creditId, cardId))) {
    throw new AppError('CREDIT_NOT_OPEN', 409);
  }
  return {
    message: CARD_CHANGED[lang],
    data: await readCredit(db, customerId, creditId, clock, lang),
  };
}

/**
 * Whether a credit payment with an early-repayment mode may be made (`earlyRepaymentRefusal`):
 * at most the rest, and beyond what is due on `today` at least one installment or the whole rest.
 */
export async function earlyRepaymentRefusalOf(
  db: Executor,
  credit: Pick<repo.CreditRow, 'id' | 'monthlyPayment'>,
  remaining: number,
  amount: number,
  today: string,
): Promise<EarlyRepaymentRefusal | null> {
  const schedule = await repo.listInstallments(db, [credit.id]);
  return earlyRepaymentRefusal(amount, {
    remaining,
    dueNow: dueNowOf(schedule, today),
    monthlyPayment: credit.monthlyPayment,
  });
}

const unpaidOf = <T extends Pick<repo.InstallmentRow, 'amount' | 'penalty' | 'paid'>>(rows: T[]) =>
  rows.filter((row) => repo.owedOn(row) > 0);

/**
 * What a payment of `amount` with `mode` would do to one of the customer's credits, nothing
 * paid: the part that pays what is due, the early part, and the schedule as it would be. Refused
 * as the payment itself would be.
 */
export async function previewEarlyRepayment(
  db: Executor,
  customerId: number,
  creditId: number,
  input: { amount: number; mode: EarlyRepaymentMode },
  clock: CreditClock,
  lang: Lang,
): Promise<EarlyRepaymentPreview> {
  const credit = await repo.findCredit(db, customerId, creditId);
  if (!credit) throw new AppError('CREDIT_NOT_FOUND', 404);
  if (credit.status === 'not_signed') throw new AppError('CONTRACT_NOT_SIGNED', 409);
  if (!repo.PAYABLE_STATUSES.includes(credit.status)) throw new AppError('NOTHING_TO_PAY', 409);
  const [balance, schedule] = await Promise.all([
    balanceOf(db, credit.id),
    repo.listInstallments(db, [credit.id]),
  ]);
  const dueNow = dueNowOf(schedule, clock.today);
  const refusal = earlyRepaymentRefusal(input.amount, {
    remaining: balance.remaining,
    dueNow,
    monthlyPayment: credit.monthlyPayment,
  });
  if (refusal) {
    throw new AppError('VALIDATION_ERROR', 400, { amount: [fieldMessage(refusal, lang)] });
  }
  const takes = planPayment(schedule, input.amount, clock.today, input.mode);
  const after = schedule.map((row, i) => ({ ...row, paid: row.paid + (takes[i] ?? 0) }));
  const left = unpaidOf(after);
  const next = left[0];
  return {
    amount: input.amount,
    mode: input.mode,
    due_part: Math.min(input.amount, dueNow),
    early_part: Math.max(0, input.amount - dueNow),
    debt_before: balance.remaining,
    debt_after: balance.remaining - input.amount,
    installments_left_before: unpaidOf(schedule).length,
    installments_left_after: left.length,
    next_due_date: next?.dueDate ?? null,
    next_payment: next ? repo.owedOn(next) : 0,
    last_due_date: left.at(-1)?.dueDate ?? null,
    schedule: after.map((row) => toScheduleRow(row, clock)),
  };
}
