import { formatNumber, MAX_PREPAYMENT_DIGITS } from '@bozor/shared';

/** SPEC §5: what the prepayment field keeps of a typed text: digits only, at most ten. */
export function prepaymentDigits(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_PREPAYMENT_DIGITS);
}

/** The field's text: the digits grouped by thousands with a space ("1 250 000"). */
export function formatPrepayment(digits: string): string {
  return digits === '' ? '' : formatNumber(Number(digits));
}
