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
