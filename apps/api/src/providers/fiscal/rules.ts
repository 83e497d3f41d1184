import { IKPU_PATTERN, PACKAGE_CODE_PATTERN, totalVat, vatOf } from '@bozor/shared';
import { type FiscalReceiptRequest, FiscalRefusal } from './types.ts';

/**
 * What an OFD checks of a receipt before it registers it, as the sandbox and the OFD double
 * check it (neither may be more forgiving than the register): each line's IKPU is 17 digits and
 * its package code given; its VAT is the rate's share of its sum; the receipt has lines; money
 * taken adds up to the lines (all of them, except a sale of goods on credit, which takes what
 * was paid before and leaves the rest owed); a refund or a credit's payment names the receipt it
 * returns or repays.
 */
export function checkReceipt(receipt: FiscalReceiptRequest): void {
  const refuse = (code: string, detail: string) => {
    throw new FiscalRefusal(code, detail, { retry: false });
  };
  if (receipt.lines.length === 0) refuse('NO_ITEMS', 'a receipt needs at least one line');
  for (const [index, line] of receipt.lines.entries()) {
    if (!IKPU_PATTERN.test(line.ikpu)) refuse('BAD_SPIC', `line ${index + 1}: IKPU ${line.ikpu}`);
    if (!PACKAGE_CODE_PATTERN.test(line.packageCode)) {
      refuse('BAD_PACKAGE_CODE', `line ${index + 1}: package code ${line.packageCode}`);
    }
    if (!Number.isSafeInteger(line.sum) || line.sum < 1) {
      refuse('BAD_PRICE', `line ${index + 1}: sum ${line.sum}`);
    }
    if (line.vat !== vatOf(line.sum, line.vatPercent)) {
      refuse(
        'BAD_VAT',
        `line ${index + 1}: VAT ${line.vat} of ${line.sum} at ${line.vatPercent} %`,
      );
    }
  }
  const linesSum = receipt.lines.reduce((sum, line) => sum + line.sum, 0);
  const received = receipt.receivedCard + receipt.receivedCash;
  if (receipt.kind === 'credit_sale' ? received > linesSum : received !== linesSum) {
    refuse('BAD_TOTAL', `received ${received}, lines ${linesSum}`);
  }
  if ((receipt.refund || receipt.kind === 'credit') && receipt.refersTo === null) {
    refuse('NO_REFERENCE', `a ${receipt.refund ? 'refund' : 'credit'} receipt names no receipt`);
  }
  if (totalVat(receipt.lines) < 0) refuse('BAD_VAT', 'negative VAT');
}
