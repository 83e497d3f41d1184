import type { Lang } from './contract/common.ts';

/** Groups thousands with a space: 12500000 → "12 500 000". Money is whole sum everywhere. */
export function formatNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = Math.trunc(Math.abs(value)).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Rounded discount percentage, or null when there is no discount (old price not above price). */
export function discountPercent(price: number, oldPrice: number | null | undefined): number | null {
  if (oldPrice == null || oldPrice <= price || oldPrice <= 0) return null;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}

const CURRENCY: Record<Lang, string> = { uz: "so'm", ru: 'сум' };

/** An amount with the currency in the language: 1250000 → "1 250 000 so'm" / "1 250 000 сум". */
export function formatMoney(amount: number, lang: Lang): string {
  return `${formatNumber(amount)} ${CURRENCY[lang]}`;
}
