import '../schema-runtime.ts';
import { z } from 'zod';
import { LANGS, MAX_ID } from './limits.ts';

export { LANGS, MAX_ID } from './limits.ts';

export const DEFAULT_LANG = 'uz';
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;

/** The error envelope of every failed call (DESIGN §2). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const PageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** The largest page number a paged list accepts. */
export const MAX_PAGE = 10_000;

/** `page` and `per_page` of a paged list: at most `max` a page, `fallback` when not asked. */
export function pageQueryOf(perPage: { max: number; fallback: number }) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    per_page: z.coerce.number().int().min(1).max(perPage.max).default(perPage.fallback),
  });
}

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}

/** A change the server confirms with a message, with what it saved. */
export function messageOf<T extends z.ZodType>(schema: T) {
  return z.object({ message: z.string(), data: schema });
}

/**
 * Text a customer types: no control characters (a NUL cannot even be stored in PostgreSQL), so a
 * pasted escape sequence answers a field error instead of reaching the database.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export function typedText() {
  return z
    .string('field_required')
    .trim()
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'text_invalid');
}

/** The largest amount of money, in sum, that any call accepts: ten billion. */
export const MAX_MONEY = 10_000_000_000;

/**
 * The one id schema for paths, queries and bodies: a whole number from 1 to MAX_ID. A string of
 * digits is read as its number (paths and selects send strings). `message` names the field rule
 * a wrong value answers with.
 */
export function idOf(message = 'id_invalid') {
  return z.coerce.number(message).int(message).min(1, message).max(MAX_ID, message);
}
export const Id = idOf();
export const IdParams = z.object({ id: Id });

/** A sum of money in a query or body: whole sum from 0 up to MAX_MONEY. */
export const Money = z.coerce
  .number('money_invalid')
  .int('money_invalid')
  .min(0, 'money_invalid')
  .max(MAX_MONEY, 'money_invalid');

/** Path parameter that is either a numeric id (within MAX_ID) or a slug. */
export const IdOrSlug = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/i, 'must be an id or a slug')
  .refine((value) => !/^\d+$/.test(value) || (Number(value) >= 1 && Number(value) <= MAX_ID), {
    message: 'id_invalid',
  });
export const IdOrSlugParams = z.object({ id: IdOrSlug });
export const SlugParams = z.object({ slug: IdOrSlug });

/** An `Idempotency-Key`: 1–255 Latin letters, digits, `_` and `-` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * The header of every POST that pays or creates an order: a repeat with the same key gets the
 * first answer instead of paying or ordering again. Required; the API checks it itself, so a
 * missing or malformed key answers its own code rather than a field error.
 */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().optional().meta({
    description:
      'Required. 1–255 of A–Z a–z 0–9 _ -, new for each purchase or payment and the same on its retries: a repeat answers what the first request answered.',
  }),
});
