/**
 * Where a credit payment goes on the schedule (DESIGN §4, §6c "Early repayment"). All amounts are
 * whole sum. The schedule's amounts never change here (their sum is the contract's total, which
 * the ledger keeps); a payment only adds to what installments have paid, so a paid installment
 * is never touched and the schedule always agrees with the ledger.
 */

import { ROUNDING_STEP } from './installment.ts';

/**
 * What a payment beyond what is due does to the rest: `shorter_term` pays the last installments
 * first (the monthly sums stay, the schedule ends sooner); `smaller_installments` lowers every
 * installment left to one level (as many months, each smaller).
 */
export const EARLY_REPAYMENT_MODES = ['shorter_term', 'smaller_installments'] as const;
type EarlyRepaymentMode = (typeof EARLY_REPAYMENT_MODES)[number];

export interface PlannedInstallment {
  /** YYYY-MM-DD */
  dueDate: string;
  amount: number;
  penalty: number;
  paid: number;
}

const owedOf = (row: PlannedInstallment) => row.amount + row.penalty - row.paid;

/** What is due on `today` (YYYY-MM-DD): the unpaid part of every installment due by then. */
export function dueNowOf(rows: readonly PlannedInstallment[], today: string): number {
  return rows
    .filter((row) => row.dueDate <= today)
    .reduce((sum, row) => sum + Math.max(0, owedOf(row)), 0);
}

/** Puts `amount` on the rows at `indexes` in that order, each up to what it owes. */
function fill(
  rows: readonly PlannedInstallment[],
  takes: number[],
  indexes: readonly number[],
  amount: number,
): number {
  let left = amount;
  for (const i of indexes) {
    const row = rows[i];
    if (!row || left <= 0) continue;
    const take = Math.min(Math.max(0, owedOf(row) - (takes[i] ?? 0)), left);
    takes[i] = (takes[i] ?? 0) + take;
    left -= take;
  }
  return left;
}

/**
 * The level the installments left are lowered to: the largest multiple of 100 sum at which what
 * they would owe, none above it, is still no more than `target`.
 */
function levelFor(owed: readonly number[], target: number): number {
  const at = (level: number) => owed.reduce((sum, o) => sum + Math.min(o, level), 0);
  let low = 0;
  let high = Math.ceil(Math.max(0, ...owed) / ROUNDING_STEP);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (at(mid * ROUNDING_STEP) <= target) low = mid;
    else high = mid - 1;
  }
  return low * ROUNDING_STEP;
}

/**
 * What a payment of `amount` puts on each installment, in schedule order (`rows` sorted by
 * number). Without a mode, oldest first over the whole schedule, as a payment always went. With
 * one, what is due by `today` is paid first, oldest first (penalties with it); the surplus is
 * early and goes by the mode:
 * - `shorter_term`: the last installments are paid first, from the end backwards, so every
 *   installment left keeps its sum (the one at the boundary may owe less) and the schedule ends
 *   sooner;
 * - `smaller_installments`: every installment not yet due is lowered to one level, a multiple of
 *   100 sum, none raised (one already owing less keeps its sum); the few sum the level leaves over
 *   lower the last of them. As many installments are left as before, unless less than 100 sum an
 *   installment would remain.
 * Refuses (RangeError) an amount that is not a whole sum above 0 or more than the schedule owes.
 */
export function planPayment(
  rows: readonly PlannedInstallment[],
  amount: number,
  today: string,
  mode: EarlyRepaymentMode | null,
): number[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`a payment is a whole sum above 0, got ${amount}`);
  }
  const takes = rows.map(() => 0);
  const all = rows.map((_, i) => i);
  if (mode === null) {
    if (fill(rows, takes, all, amount) > 0) throw new RangeError(`${amount} is more than owed`);
    return takes;
  }
  const due = all.filter((i) => (rows[i]?.dueDate ?? '') <= today);
  const surplus = fill(rows, takes, due, amount);
  const later = all.filter((i) => (rows[i]?.dueDate ?? '') > today && owedOf(rows[i]!) > 0);
  const owedLater = later.reduce((sum, i) => sum + owedOf(rows[i]!), 0);
  if (surplus > owedLater) throw new RangeError(`${amount} is more than owed`);
  if (surplus === 0) return takes;
  if (surplus === owedLater || mode === 'shorter_term') {
    fill(rows, takes, [...later].reverse(), surplus);
    return takes;
  }
  const owed = later.map((i) => owedOf(rows[i]!));
  const target = owedLater - surplus;
  const level = levelFor(owed, target);
  const kept = owed.map((o) => Math.min(o, level));
  // what the level leaves over stays on the last installments, each up to what it owes
  let rest = target - kept.reduce((sum, k) => sum + k, 0);
  for (let j = kept.length - 1; j >= 0 && rest > 0; j -= 1) {
    const add = Math.min((owed[j] ?? 0) - (kept[j] ?? 0), rest);
    kept[j] = (kept[j] ?? 0) + add;
    rest -= add;
  }
  later.forEach((i, j) => {
    takes[i] = (owed[j] ?? 0) - (kept[j] ?? 0);
  });
  return takes;
}

export type EarlyRepaymentRefusal = 'amount_above_debt' | 'amount_below_installment';

/**
 * Whether a payment with a chosen mode may be made: at most the rest; and a sum beyond what is
 * due reaches at least one installment (the monthly payment), unless it is the whole rest.
 */
export function earlyRepaymentRefusal(
  amount: number,
  credit: { remaining: number; dueNow: number; monthlyPayment: number },
): EarlyRepaymentRefusal | null {
  if (amount > credit.remaining) return 'amount_above_debt';
  if (amount === credit.remaining || amount <= credit.dueNow) return null;
  return amount < credit.monthlyPayment ? 'amount_below_installment' : null;
}
