import { DEFAULT_LANG, LANGS, type Lang } from '@bozor/shared';
import type { FastifyRequest } from 'fastify';

function isLang(value: string): value is Lang {
  return (LANGS as readonly string[]).includes(value);
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

export function pick<T extends { nameUz: string; nameRu: string }>(row: T, lang: Lang): string {
  return lang === 'ru' ? row.nameRu : row.nameUz;
}
