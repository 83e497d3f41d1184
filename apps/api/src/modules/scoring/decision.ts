import { monthlyPayment, type TariffTerms, tashkentClock } from '@bozor/shared';

// The scoring decision of DESIGN §4, after Uzbekistan's rules for consumer credit. Money is whole sum.

export const TURNOVER_MONTHS = 6;
export const MIN_AGE = 18;
export const MAX_AGE = 70;
/** Total credit (existing debt and the new limit) may be at most this many months of income. */
export const TOTAL_CREDIT_MONTHS_OF_INCOME = 5;
export const LIMIT_STEP = 100_000;
/**
 * Below this a limit buys nothing worth an installment plan (a phone case, not a phone), so the
 * customer is refused rather than handed a limit they cannot use.
 */
export const MIN_LIMIT = 500_000;

export type RejectReason = 'AGE' | 'OVERDUE' | 'LOW_INCOME' | 'DEBT_BURDEN';
/** The rules that set an approved limit (several when they give the same amount). */
export type LimitRule = 'DEBT_SERVICE' | 'TOTAL_CREDIT' | 'FIRST_LIMIT_CAP';

export interface DecisionInput {
  /** A calendar day, read in UTC: what `new Date('1990-05-17')` gives. */
  birthDate: Date;
  /** The moment of the decision; its calendar day is taken in Tashkent. */
  today: Date;
  /** Incoming card turnover of the last TURNOVER_MONTHS months; a month without data is 0. */
  monthlyTurnover: number[];
  /** What the customer already pays a month on other credits. */
  existingMonthlyDebtService: number;
  /** What the customer still owes on other credits. */
  existingDebt: number;
  hasOverdue: boolean;
  /** Cap on the first limit of a customer with no credit history. */
  firstLimitCap: number;
  hasCreditHistory: boolean;
  /** The tariff with the most months: a limit must stay affordable on it. */
  longestTariff: TariffTerms;
}

export type Decision =
  | { approved: true; limit: number; income: number; reasons: LimitRule[] }
  | { approved: false; reason: RejectReason; income: number };

function assertWhole(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${value}`);
  }
}

/** Whole years of age on `today`; someone born on 29 February comes of age on 1 March. */
export function ageOn(birthDate: Date, today: Date): number {
  // "today" is the calendar day in Tashkent
  const now = tashkentClock(today);
  const years = now.getUTCFullYear() - birthDate.getUTCFullYear();
  const month = now.getUTCMonth() - birthDate.getUTCMonth();
  const beforeBirthday = month < 0 || (month === 0 && now.getUTCDate() < birthDate.getUTCDate());
  return beforeBirthday ? years - 1 : years;
}

/** The decision's input without the turnover: what a declared income is judged with. */
export type IncomeInput = Omit<DecisionInput, 'monthlyTurnover'>;

function fitsDebtService(limit: number, input: IncomeInput, income: number): boolean {
  // At most half the income: 2 × (debt service) ≤ income keeps the comparison in whole numbers.
  return (
    2 * (monthlyPayment(limit, input.longestTariff) + input.existingMonthlyDebtService) <= income
  );
}

/** The largest multiple of LIMIT_STEP whose payment fits the debt-service rule; -1 when none does. */
function debtServiceBound(input: IncomeInput, income: number): number {
  if (!fitsDebtService(0, input, income)) return -1;
  // A limit over income × months needs a monthly payment over the whole income, so it never fits.
  let fits = 0;
  let fails = Math.floor((income * input.longestTariff.months) / LIMIT_STEP) + 1;
  while (fails - fits > 1) {
    const step = Math.floor((fits + fails) / 2);
    if (fitsDebtService(step * LIMIT_STEP, input, income)) fits = step;
    else fails = step;
  }
  return fits * LIMIT_STEP;
}

/** What the rules allow at an income: the largest limit, the caps that set it, and each cap. */
export interface LimitBounds {
  limit: number;
  reasons: LimitRule[];
  /** Each rule's bound in steps of LIMIT_STEP; FIRST_LIMIT_CAP only without credit history. */
  bounds: Partial<Record<LimitRule, number>>;
}

/** The rules of step 3 below, at a known monthly income. */
export function limitOf(input: IncomeInput, income: number): LimitBounds {
  const bounds: Array<[LimitRule, number]> = [
    ['DEBT_SERVICE', Math.max(0, debtServiceBound(input, income))],
    ['TOTAL_CREDIT', Math.max(0, TOTAL_CREDIT_MONTHS_OF_INCOME * income - input.existingDebt)],
  ];
  if (!input.hasCreditHistory) bounds.push(['FIRST_LIMIT_CAP', input.firstLimitCap]);
  const stepped = bounds.map(([rule, bound]): [LimitRule, number] => [
    rule,
    Math.floor(bound / LIMIT_STEP) * LIMIT_STEP,
  ]);
  const limit = Math.min(...stepped.map(([, bound]) => bound));
  return {
    limit,
    reasons: stepped.filter(([, bound]) => bound === limit).map(([rule]) => rule),
    bounds: Object.fromEntries(stepped),
  };
}

/**
 * Approves a limit or refuses, in this order:
 * 1. age below MIN_AGE or above MAX_AGE (by birthday) → AGE;
 * 2. anything overdue → OVERDUE;
 * 3. income is the average monthly turnover, rounded down. The limit is the largest amount, in
 *    steps of LIMIT_STEP (rounded down), whose monthly payment on the longest tariff plus the
 *    existing debt service stays within 50 % of income, with existing debt plus the limit within
 *    5 × income, and, for a customer without credit history, within firstLimitCap;
 * 4. a limit under MIN_LIMIT is refused: LOW_INCOME when the income alone, without any existing
 *    debt, would not reach it, DEBT_BURDEN when existing debts take it below.
 */
export function decide(input: DecisionInput): Decision {
  if (input.monthlyTurnover.length !== TURNOVER_MONTHS) {
    throw new RangeError(
      `monthlyTurnover needs ${TURNOVER_MONTHS} months, got ${input.monthlyTurnover.length}`,
    );
  }
  for (const sum of input.monthlyTurnover) assertWhole('monthlyTurnover', sum);

  const income = Math.floor(input.monthlyTurnover.reduce((a, b) => a + b, 0) / TURNOVER_MONTHS);
  return decideOnIncome(input, income);
}

/**
 * The decision of `decide` at a monthly income known otherwise: the income a customer declared,
 * which a credit officer judges by the same rules (SCORING_MODE=review).
 */
export function decideOnIncome(input: IncomeInput, income: number): Decision {
  assertWhole('income', income);
  assertWhole('existingMonthlyDebtService', input.existingMonthlyDebtService);
  assertWhole('existingDebt', input.existingDebt);
  assertWhole('firstLimitCap', input.firstLimitCap);
  const age = ageOn(input.birthDate, input.today);
  if (age < MIN_AGE || age > MAX_AGE) return { approved: false, reason: 'AGE', income };
  if (input.hasOverdue) return { approved: false, reason: 'OVERDUE', income };

  const withoutDebts = limitOf(
    { ...input, existingMonthlyDebtService: 0, existingDebt: 0 },
    income,
  );
  if (withoutDebts.limit < MIN_LIMIT) return { approved: false, reason: 'LOW_INCOME', income };
  const { limit, reasons } = limitOf(input, income);
  if (limit < MIN_LIMIT) return { approved: false, reason: 'DEBT_BURDEN', income };
  return { approved: true, limit, income, reasons };
}
