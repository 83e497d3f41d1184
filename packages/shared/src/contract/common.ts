import { z } from 'zod';

export const LANGS = ['uz', 'ru'] as const;
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

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}

/** Path parameter that is either a numeric id or a slug. */
export const IdOrSlug = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/i, 'must be an id or a slug');
