/** Installment (nasiya) arithmetic of DESIGN §4. All amounts are whole sum. */

export const ROUNDING_STEP = 100;

export interface TariffTerms {
  months: number;
  /** Markup over the financed amount for the whole term, in whole percent (12 = +12 %). */
  markupPercent: number;
}

/**
 * An amount the installment rules cannot take: negative, fractional, beyond exact arithmetic, or
 * too small to split into the tariff's months. It comes from what a customer asked for, so the API
 * answers it with a 400; any other `RangeError` here is a bad tariff row, a fault of the shop.
 */
export class AmountOutOfRange extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'AmountOutOfRange';
  }
}

function ceilDiv(a: number, b: number): number {
  return Math.floor((a + b - 1) / b);
}

function assertTerms(terms: TariffTerms): void {
  if (!Number.isSafeInteger(terms.months) || terms.months < 1) {
    throw new RangeError(`months must be a positive whole number, got ${terms.months}`);
  }
  if (!Number.isSafeInteger(terms.markupPercent) || terms.markupPercent < 0) {
    throw new RangeError(
      `markupPercent must be a non-negative whole number, got ${terms.markupPercent}`,
    );
  }
}

/** financed × (1 + markup), rounded up to a multiple of 100 sum. */
export function creditTotal(financed: number, terms: TariffTerms): number {
  if (!Number.isSafeInteger(financed) || financed < 0) {
    throw new AmountOutOfRange(`financed must be a non-negative whole number, got ${financed}`);
  }
  assertTerms(terms);
  const scaled = financed * (100 + terms.markupPercent);
  // rounding up adds almost one step before dividing: that sum too has to stay exact
  if (!Number.isSafeInteger(scaled + 100 * ROUNDING_STEP)) {
    throw new AmountOutOfRange(`${financed} sum is too large to reckon exactly`);
  }
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
    throw new AmountOutOfRange(
      `${financed} sum is too small to split into ${terms.months} payments`,
    );
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
