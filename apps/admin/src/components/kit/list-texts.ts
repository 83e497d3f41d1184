import { TEXTS, type TextKey } from '../../i18n/texts.ts';
import type { Translate } from '../../lib/i18n.tsx';

/** The namespaces with a key ending in `.${Suffix}`. */
type Having<Suffix extends string> = TextKey extends infer Key
  ? Key extends `${infer Namespace}.${Suffix}`
    ? Namespace
    : never
  : never;

/** A namespace that words a list: `<ns>.title`, `<ns>.grid` (the grid's name) and `<ns>.empty`. */
export type ListNamespace = Having<'title'> & Having<'grid'> & Having<'empty'>;

export interface ListTexts {
  title: string;
  subtitle?: string;
  /** The grid's accessible name. */
  label: string;
  empty: string;
  emptyHint?: string;
}

/**
 * A list's words from its namespace, as every list of the back office keys them: `title`,
 * `subtitle`, `grid`, `empty` and `emptyHint` (the second and the last where it has them).
 */
export function listTexts(t: Translate, namespace: ListNamespace): ListTexts {
  const key = (name: string) => `${namespace}.${name}` as TextKey;
  const optional = (name: string) => (key(name) in TEXTS.ru ? t(key(name)) : undefined);
  return {
    title: t(key('title')),
    subtitle: optional('subtitle'),
    label: t(key('grid')),
    empty: t(key('empty')),
    emptyHint: optional('emptyHint'),
  };
}
