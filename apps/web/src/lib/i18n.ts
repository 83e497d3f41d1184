import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import { browser } from './browser.ts';

export const LANG_KEY = 'iLang';
export const LANGUAGES = ['uz', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uz';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The stored interface language; anything but uz or ru falls back to uz (SPEC §1). */
export function getLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Saves the language and reloads the page so every text and cached response follows it. */
export function changeLanguage(lang: Language): void {
  if (!isLanguage(lang)) return;
  localStorage.setItem(LANG_KEY, lang);
  browser.reload();
}

const language = getLanguage();

void i18n.use(initReactI18next).init({
  resources: { uz: { translation: uz }, ru: { translation: ru } },
  lng: language,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = language;

export default i18n;
