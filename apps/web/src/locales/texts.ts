import type { Resource } from 'i18next';
import ruAccount from './ru.account.json';
import ru from './ru.json';
import uzAccount from './uz.account.json';
import uz from './uz.json';

/**
 * Every text of both languages in one resource: the server renders with it, tests read it. The
 * browser loads a language's shop texts first and its account texts (scoring, checkout, the
 * profile, sign-in) with the first page or modal that needs them.
 */
export const ALL_TEXTS = {
  uz: { translation: { ...uz, ...uzAccount } },
  ru: { translation: { ...ru, ...ruAccount } },
} satisfies Resource;
