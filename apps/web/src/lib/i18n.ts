import { browser } from './browser.ts';
import { createTranslator, type Texts, type Translator } from './i18n/translator.ts';

export const LANG_KEY = 'iLang';
/** The cookie that mirrors `iLang`, so the server renders a page in the customer's language. */
export const LANG_COOKIE = 'iLang';
export const LANGUAGES = ['uz', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uz';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/**
 * While the server renders a page, the language of the request being rendered; the server's
 * renderer sets it once, and it answers per request.
 */
let requestLanguage: (() => Language) | undefined;

export function setRequestLanguage(source: () => Language): void {
  requestLanguage = source;
}

/** The language saved in this browser (`iLang`); anything but uz or ru gives undefined. */
export function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The page's translator, set by `initI18n`; until then it has no language and no texts. */
let current: Translator = createTranslator('', {});

/**
 * The page's translator for code outside components (the API client's messages): it answers
 * with the translator `initI18n` set last.
 */
const i18n: Translator = {
  get language() {
    return current.language;
  },
  get t() {
    return current.t;
  },
  get exists() {
    return current.exists;
  },
  get addTexts() {
    return current.addTexts;
  },
};

/** The interface language: the one the texts were loaded in, else the saved one, else uz. */
export function getLanguage(): Language {
  if (requestLanguage) return requestLanguage();
  if (isLanguage(i18n.language)) return i18n.language;
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/** Saves the language in the browser and in the cookie the server reads. */
export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // storage disabled: the cookie still carries the choice
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie, no store API needed
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** Saves the language and reloads the page so every text and cached response follows it. */
export function changeLanguage(lang: Language): void {
  if (!isLanguage(lang)) return;
  rememberLanguage(lang);
  browser.reload();
}

/**
 * The shop's texts of one language (header, catalogue, product…), each language in its own chunk,
 * so a page loads only the language it shows.
 */
export async function loadTexts(lang: Language): Promise<Texts> {
  const texts =
    lang === 'ru' ? await import('../locales/ru.json') : await import('../locales/uz.json');
  return texts.default;
}

let accountTexts: Promise<void> | undefined;

/**
 * Adds the account texts (sign-in, scoring, checkout, the profile) of the page's language: the
 * pages and modals that show them wait for this before they render. Loaded once.
 */
export function loadAccountTexts(): Promise<void> {
  if (i18n.exists('auth.title')) return Promise.resolve();
  accountTexts ??= (
    getLanguage() === 'ru'
      ? import('../locales/ru.account.json')
      : import('../locales/uz.account.json')
  ).then((texts) => i18n.addTexts(texts.default));
  return accountTexts;
}

/** Makes `texts` of `lang` the page's, at once (no asynchronous loading). */
export function initI18n(lang: Language, texts: Texts): Translator {
  current = createTranslator(lang, texts);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return current;
}

export default i18n;
