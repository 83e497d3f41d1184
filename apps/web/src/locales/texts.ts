import type { Texts } from '../lib/i18n/translator.ts';
import type { Language } from '../lib/i18n.ts';
import ruAccount from './ru.account.json';
import ru from './ru.json';
import uzAccount from './uz.account.json';
import uz from './uz.json';

/**
 * Every text of both languages: the server renders with them, tests read them. The browser
 * loads a language's shop texts first and its account texts (scoring, checkout, the profile,
 * sign-in) with the first page or modal that needs them.
 */
export const ALL_TEXTS = {
  uz: { ...uz, ...uzAccount },
  ru: { ...ru, ...ruAccount },
} satisfies Record<Language, Texts>;
