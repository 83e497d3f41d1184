import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { TEXTS, type TextKey } from '../i18n/texts.ts';

export const LANGUAGES = ['ru', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'bozorAdminLang';

export type Vars = Record<string, string | number>;
export type Translate = (key: TextKey, vars?: Vars) => string;

/** Fills `{name}` in a text with its value. */
export function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'uz' || saved === 'ru' ? saved : 'ru';
  } catch {
    return 'ru';
  }
}

/** The language the API is asked to answer in (its `lang` header), kept beside the interface's. */
let current: Language = typeof window === 'undefined' ? 'ru' : storedLanguage();
export const currentLanguage = () => current;

interface I18n {
  lang: Language;
  t: Translate;
  setLang: (lang: Language) => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(current);
  const setLang = useCallback((next: Language) => {
    current = next;
    document.documentElement.lang = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts this visit
    }
    setLangState(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({ lang, setLang, t: (key, vars) => fill(TEXTS[lang][key], vars) }),
    [lang, setLang],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
