import type { PageMeta } from '@bozor/shared';

/** The `meta` of a paged answer: `last_page` is at least 1, so an empty list has one page. */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
