import { z } from 'zod';
import { CategoryRef, ProductSummary } from './catalogue.ts';
import { pagedOf } from './common.ts';
import { ProductListFields, priceRangeIsOrdered, Sort } from './listing.ts';

export const SEARCH_QUERY_MAX = 100;

const searchText = z
  .string('search_query_required')
  .trim()
  .min(1, 'search_query_required')
  .max(SEARCH_QUERY_MAX, 'field_too_long');

/**
 * The search page and the dropdown: the list query plus the text. Without `sort` the best
 * matches come first.
 */
export const SearchQuery = ProductListFields.extend({
  query: searchText,
  sort: Sort.optional(),
}).refine(...priceRangeIsOrdered);
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchFiltersQuery = z.object({ search: searchText });

export const SearchCategory = CategoryRef.extend({ image: z.string().nullable() });
export type SearchCategory = z.infer<typeof SearchCategory>;

export const SearchResult = z.object({
  categories: z.array(SearchCategory),
  products: pagedOf(ProductSummary),
});
export type SearchResult = z.infer<typeof SearchResult>;
