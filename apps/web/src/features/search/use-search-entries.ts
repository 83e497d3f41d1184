import type { ProductSummary, SearchCategory } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { famousProductsQuery } from '../home/index.ts';
import { useSuggestions } from './api/get-suggestions.ts';
import { useRecentSearches } from './recent-searches.ts';

const RECOMMENDED = 6;

export type SearchEntry =
  | { key: string; kind: 'product'; to: string; product: ProductSummary }
  | { key: string; kind: 'category'; to: string; category: SearchCategory }
  | { key: string; kind: 'recent'; query: string }
  | { key: string; kind: 'recommended'; to: string; product: ProductSummary };

export interface SearchGroup {
  kind: 'products' | 'categories' | 'recent' | 'recommended';
  entries: SearchEntry[];
}

/**
 * Everything the search dropdown offers, grouped in the order it is shown and walked with the
 * arrow keys: suggested products and categories, recent searches, recommended products.
 */
export function useSearchEntries(query: string, open: boolean) {
  const suggestions = useSuggestions(open ? query : '');
  const recent = useRecentSearches();
  const famous = useQuery({ ...famousProductsQuery, enabled: open });

  const found = query ? suggestions.data : undefined;
  const groups: SearchGroup[] = [
    {
      kind: 'products',
      entries: (found?.products.data ?? []).map((product) => ({
        key: `product-${product.id}`,
        kind: 'product',
        to: `/product/${product.slug}`,
        product,
      })),
    },
    {
      kind: 'categories',
      entries: (found?.categories ?? []).map((category) => ({
        key: `category-${category.id}`,
        kind: 'category',
        to: `/category/${category.slug}`,
        category,
      })),
    },
    {
      kind: 'recent',
      entries: recent.map((q, index) => ({ key: `recent-${index}`, kind: 'recent', query: q })),
    },
    {
      kind: 'recommended',
      entries: (famous.data ?? []).slice(0, RECOMMENDED).map((product) => ({
        key: `recommended-${product.id}`,
        kind: 'recommended',
        to: `/product/${product.slug}`,
        product,
      })),
    },
  ];
  const visible = groups.filter((group) => group.entries.length > 0);

  return {
    suggestions,
    groups: visible,
    entries: visible.flatMap((group) => group.entries),
  };
}
