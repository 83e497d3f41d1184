/** Uzbekistan's identity documents as scoring reads them (DESIGN §4). */

export const MIN_SCORING_AGE = 18;
export const MAX_SCORING_AGE = 70;

/** A biometric passport or ID card: two Latin letters and seven digits, e.g. AA1234567. */
export const PASSPORT_PATTERN = /^[A-Z]{2}\d{7}$/;

export function normalizePassport(input: string): string {
  return input.replace(/\s/g, '').toUpperCase();
}

/** A date of the calendar given as YYYY-MM-DD; null when there is no such day. */
export function parseBirthDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return date;
}

/** Whole years from a birth date to `today` (a birthday counts on its day). */
export function ageOn(birth: Date, today: Date): number {
  const years = today.getUTCFullYear() - birth.getUTCFullYear();
  const hadBirthday =
    today.getUTCMonth() > birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() >= birth.getUTCDate());
  return hadBirthday ? years : years - 1;
}

/**
 * Whether a PINFL (14 digits) agrees with a birth date: its first digit is 3 or 4 for births in
 * the 1900s and 5 or 6 in the 2000s (by sex), and digits 2–7 are the birth day as DDMMYY.
 */
export function pinflMatchesBirthDate(pinfl: string, birth: Date): boolean {
  if (!/^\d{14}$/.test(pinfl)) return false;
  const century = Math.floor(birth.getUTCFullYear() / 100);
  const allowed = century === 19 ? '34' : century === 20 ? '56' : '';
  if (!allowed.includes(pinfl[0]!)) return false;
  const ddmmyy = [birth.getUTCDate(), birth.getUTCMonth() + 1, birth.getUTCFullYear() % 100]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
  return pinfl.slice(1, 7) === ddmmyy;
}

/** Shows only the first two and last two characters: AA*****67, 3**********123 keeps its end. */
export function maskDocument(value: string, keepStart = 2, keepEnd = 2): string {
  if (value.length <= keepStart + keepEnd) return '*'.repeat(value.length);
  return (
    value.slice(0, keepStart) +
    '*'.repeat(value.length - keepStart - keepEnd) +
    value.slice(value.length - keepEnd)
  );
}

/** A name as in the passport: 2 to 60 characters, each part on its own. */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 60;

// Latin or Cyrillic letters (Uzbek ў қ ғ ҳ are in the Cyrillic block), the apostrophes of oʻ and
// gʻ as phones and keyboards type them (ʻ ‘ ’ ʼ ' `), and hyphens between parts.
const LETTER = 'A-Za-z\\u0400-\\u04FF';
const WORD = `[${LETTER}][${LETTER}'\`\\u2018\\u2019\\u02BB\\u02BC]*(?:-[${LETTER}][${LETTER}'\`\\u2018\\u2019\\u02BB\\u02BC]*)*`;

/** A surname or a given name: one word, parts joined by hyphens (Ahmedova-Karimova). */
export const NAME_PATTERN = new RegExp(`^${WORD}$`);
/** A patronymic may be the Uzbek form of several words: Alisher o‘g‘li, Karim qizi. */
export const PATRONYMIC_PATTERN = new RegExp(`^${WORD}(?: ${WORD})*$`);

/** Spaces at the ends dropped and runs of them made one, as a name is kept. */
export function normalizeName(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}

/** "Surname Given Patronymic"; null when scoring did not ask for the name yet. */
export function fullNameOf(name: {
  surname: string | null;
  given_name: string | null;
  patronymic: string | null;
}): string | null {
  if (!name.surname || !name.given_name) return null;
  return [name.surname, name.given_name, name.patronymic].filter(Boolean).join(' ');
}

/** The declared monthly income scoring accepts, in sum. */
export const MIN_DECLARED_INCOME = 100_000;
export const MAX_DECLARED_INCOME = 1_000_000_000;
