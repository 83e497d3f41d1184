/** Hides the characters at index 4 to 11 of a card number (SPEC §9). */
export function maskCardNumber(cardNumber: string): string {
  const chars = [...cardNumber];
  return chars.map((c, i) => (i >= 4 && i <= 11 ? '*' : c)).join('');
}
