/**
 * Fiscal receipts (DESIGN §6c). Every payment taken and every refund made is registered with the
 * tax committee's OFD as a receipt of lines, each line with its product classifier code (IKPU,
 * also called MXIK: 17 digits), its package code, count, sum and VAT. Money is whole sum here;
 * VAT is kept in tiyin, because 12 % of a whole sum is rarely whole.
 */

/** Uzbekistan's VAT is 12 % (Tax Code, art. 258); goods exempt from it are 0 %. */
export const VAT_PERCENTS = [0, 12] as const;
export type VatPercent = (typeof VAT_PERCENTS)[number];

/** An IKPU (MXIK) code: the 17 digits of the tax committee's product classifier (tasnif.soliq.uz). */
export const IKPU_PATTERN = /^\d{17}$/;
/** A package code of the classifier: the unit the IKPU is sold in, up to 20 digits. */
export const PACKAGE_CODE_PATTERN = /^\d{1,20}$/;

/** What a product or delivery needs to be fiscalised. */
export interface FiscalCode {
  ikpu: string;
  packageCode: string;
  /** The classifier's unit-of-measure code, where the IKPU names one; null when it does not. */
  units: number | null;
  vatPercent: number;
}

/**
 * What a receipt is for, in Uzbek practice for goods sold on credit: the goods are sold (`sale`,
 * or `credit_sale` when the rest is owed on credit) when they are handed over; money taken before
 * that is an advance (`advance`: a full-price order paid before delivery, a prepayment); each
 * payment of a credit after the goods were handed over repays it (`credit`); a refund returns
 * money of an earlier receipt (`refund`).
 */
export const FISCAL_KINDS = ['sale', 'advance', 'credit_sale', 'credit', 'refund'] as const;
export type FiscalKind = (typeof FISCAL_KINDS)[number];

export interface FiscalLine extends FiscalCode {
  title: string;
  /** Pieces of the goods the line stands for. */
  count: number;
  /** The price of one piece, whole sum, before a part of it is apportioned. */
  unitPrice: number;
  /** What this receipt takes for the line, whole sum. */
  sum: number;
  /** VAT inside `sum`, tiyin. */
  vat: number;
  /** The line of the order's delivery (Payme's `shipping`), not goods. */
  delivery?: true;
}

/** A line as the order holds it, before a sum is spread over the order's lines. */
export type OrderLine = Omit<FiscalLine, 'sum' | 'vat'>;

/** VAT inside a sum that includes it, tiyin: sum × rate / (100 + rate), rounded half up. */
export function vatOf(sum: number, vatPercent: number): number {
  if (!Number.isSafeInteger(sum) || sum < 0) throw new RangeError(`sum must be whole: ${sum}`);
  if (!Number.isInteger(vatPercent) || vatPercent < 0 || vatPercent > 100) {
    throw new RangeError(`VAT rate out of range: ${vatPercent}`);
  }
  return Math.round((sum * 100 * vatPercent) / (100 + vatPercent));
}

const fullSum = (line: OrderLine) => line.unitPrice * line.count;

/**
 * The lines of a receipt for `amount` of an order whose goods are `lines`: the whole order when
 * `amount` is its total, otherwise `amount` spread over the lines in proportion to their sums
 * (a part of them, or the goods at a credit's price, more than the order's),
 * the sum left by rounding down given to the lines with the largest remainders, so the lines add
 * up to `amount` exactly. A line whose share is 0 is left out.
 */
export function apportionLines(lines: readonly OrderLine[], amount: number): FiscalLine[] {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new RangeError(`amount must be a positive whole sum: ${amount}`);
  }
  const total = lines.reduce((sum, line) => sum + fullSum(line), 0);
  if (total < 1) throw new RangeError('no lines to spread the amount over');
  const shares = lines.map((line, index) => {
    const exact = (fullSum(line) * amount) / total;
    return { index, share: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((sum, s) => sum + s.share, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const s of byRemainder) {
    if (left === 0) break;
    s.share += 1;
    left -= 1;
  }
  return shares
    .filter((s) => s.share > 0)
    .map(({ index, share }) => {
      const line = lines[index] as OrderLine;
      return { ...line, sum: share, vat: vatOf(share, line.vatPercent) };
    });
}

/** The receipt's VAT, tiyin: the sum of its lines'. */
export const totalVat = (lines: readonly FiscalLine[]) =>
  lines.reduce((sum, line) => sum + line.vat, 0);
