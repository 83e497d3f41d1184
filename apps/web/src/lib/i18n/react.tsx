import { cloneElement, createContext, type ReactElement, type ReactNode, use } from 'react';
import i18n from '../i18n.ts';
import type { TFunction, Translator } from './translator.ts';

const TranslationContext = createContext<Translator | undefined>(undefined);

/**
 * The translator of the components inside it. The server renders Uzbek and Russian pages side
 * by side, each inside its language's; the browser has one language and needs none, its
 * components use the page's translator (`initI18n`).
 */
export const TranslationProvider = TranslationContext;

/** The texts of the page's language: `t` and the translator itself (`i18n.language`). */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = use(TranslationContext) ?? i18n;
  return { t: translator.t, i18n: translator };
}

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A text with markup (`Men <offer>ommaviy oferta</offer> shartlariga roziman`): each
 * `<name>words</name>` is drawn as `components[name]` with the words inside.
 */
export function Trans({
  i18nKey,
  components,
}: {
  i18nKey: string;
  components: Record<string, ReactElement>;
}) {
  const text = useTranslation().t(i18nKey);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(TAG)) {
    const [tag, name = '', words] = match;
    if (match.index > from) parts.push(text.slice(from, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: match.index }, words) : words);
    from = match.index + tag.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}
