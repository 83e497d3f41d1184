/** Installment (nasiya) arithmetic of DESIGN §4. All amounts are whole sum. */

export const ROUNDING_STEP = 100;

export interface TariffTerms {
  months: number;
  /** Markup over the financed amount for the whole term, in whole percent (12 = +12 %). */
  markupPercent: number;
}

function ceilDiv(a: number, b: number): number {
  return Math.floor((a + b - 1) / b);
}

function assertWholeNonNegative(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${value}`);
  }
}

function assertTerms(terms: TariffTerms): void {
  if (!Number.isSafeInteger(terms.months) || terms.months < 1) {
    throw new RangeError(`months must be a positive whole number, got ${terms.months}`);
  }
  assertWholeNonNegative('markupPercent', terms.markupPercent);
}

/** financed × (1 + markup), rounded up to a multiple of 100 sum. */
export function creditTotal(financed: number, terms: TariffTerms): number {
  assertWholeNonNegative('financed', financed);
  assertTerms(terms);
  const scaled = financed * (100 + terms.markupPercent);
  return ceilDiv(scaled, 100 * ROUNDING_STEP) * ROUNDING_STEP;
}

/** The regular monthly payment: the credit total over the months, rounded up to 100 sum. */
export function monthlyPayment(financed: number, terms: TariffTerms): number {
  const total = creditTotal(financed, terms);
  return ceilDiv(total, terms.months * ROUNDING_STEP) * ROUNDING_STEP;
}

/**
 * The payments of a credit, month by month. Every payment but the last equals the monthly
 * payment; the last takes the remainder, so the schedule sums exactly to creditTotal.
 * Amounts too small to split into positive payments are refused.
 */
export function buildSchedule(financed: number, terms: TariffTerms): number[] {
  const total = creditTotal(financed, terms);
  const monthly = monthlyPayment(financed, terms);
  const last = total - monthly * (terms.months - 1);
  if (last <= 0) {
    throw new RangeError(`${financed} sum is too small to split into ${terms.months} payments`);
  }
  return [...Array.from({ length: terms.months - 1 }, () => monthly), last];
}

/** The tariff with the most months: product cards show its monthly payment. */
export function longestTariff<T extends TariffTerms>(tariffs: readonly T[]): T | undefined {
  return tariffs.reduce<T | undefined>(
    (best, t) => (!best || t.months > best.months ? t : best),
    undefined,
  );
}
