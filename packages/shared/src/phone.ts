export const PHONE_PREFIX = '998';
export const PHONE_LOCAL_DIGITS = 9;

/** Digits only, with the 998 country prefix prepended to a 9-digit local number. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === PHONE_LOCAL_DIGITS) return PHONE_PREFIX + digits;
  return digits;
}

export function isValidPhone(phone: string): boolean {
  return new RegExp(`^${PHONE_PREFIX}\\d{${PHONE_LOCAL_DIGITS}}$`).test(phone);
}

/** "90 123 45 67": the 2-3-2-2 mask of up to nine local digits typed after the fixed +998. */
export function formatLocalPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, PHONE_LOCAL_DIGITS);
  return [d.slice(0, 2), d.slice(2, 5), d.slice(5, 7), d.slice(7, 9)].filter(Boolean).join(' ');
}

/** "+99890 123 45 67" for 12 or more digits, "" for fewer. */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '');
  if (d.length < 12) return '';
  return `+${d.slice(0, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
}

/** Like formatPhone, but hides the middle digits: "+99890 *** ** 67". */
export function maskPhone(input: string): string {
  const d = input.replace(/\D/g, '');
  if (d.length < 12) return 'Invalid phone number';
  return `+${d.slice(0, 5)} *** ** ${d.slice(10, 12)}`;
}
