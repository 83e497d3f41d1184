import { DEFAULT_LANG, LANGS, type Lang } from '@bozor/shared';
import type { FastifyRequest } from 'fastify';

/** Whether `value` is one of the interface languages. */
export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

/** The `lang` header decides; Accept-Language is the fallback; Uzbek is the default. */
export function resolveLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers.lang;
  const explicit = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (explicit && isLang(explicit)) return explicit;
  const accept = request.headers['accept-language'];
  if (accept) {
    for (const part of accept.split(',')) {
      const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase() ?? '';
      if (isLang(tag)) return tag;
    }
  }
  return DEFAULT_LANG;
}

/** A text in both interface languages. */
export type Localized = Record<Lang, string>;

const LANG_SUFFIX = { uz: 'Uz', ru: 'Ru' } as const;

/**
 * A row's text in the caller's language: `pick(row, 'name', lang)` reads `nameUz` or `nameRu`.
 * The one way to choose between the two columns of a text.
 */
export function pick<F extends string>(
  row: Record<`${F}Uz` | `${F}Ru`, string>,
  field: F,
  lang: Lang,
): string {
  return row[`${field}${LANG_SUFFIX[lang]}`];
}
