import type {
  ProductAttributeOption,
  ProductCategoryOption,
  ProductFormOptions,
} from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { getData } from '../../lib/api.ts';
import type { Language, Translate } from '../../lib/i18n.tsx';

/** The categories, brands, colours, tags and collections a product is filed under. */
export function useFormOptions() {
  return useQuery({
    queryKey: ['products', 'form-options'],
    queryFn: ({ signal }) =>
      getData<ProductFormOptions>('/products/form-options', undefined, signal),
    staleTime: 60_000,
  });
}

/** Every attribute with its values, those of the category's products first. */
export function useAttributes(categoryId: number | undefined) {
  return useQuery({
    queryKey: ['products', 'attributes', categoryId ?? null],
    queryFn: ({ signal }) =>
      getData<ProductAttributeOption[]>(
        '/products/attributes',
        { category_id: categoryId },
        signal,
      ),
    staleTime: 60_000,
  });
}

export const nameIn = (row: { name_uz: string; name_ru: string }, lang: Language) =>
  lang === 'ru' ? row.name_ru : row.name_uz;

/** A category in a select: indented by its depth, marked when hidden. */
export function categoryLabel(category: ProductCategoryOption, lang: Language, t: Translate) {
  const indent = '\u00a0\u00a0'.repeat(category.depth * 2);
  const hidden = category.is_active ? '' : ` ${t('product.hiddenMark')}`;
  return `${indent}${nameIn(category, lang)}${hidden}`;
}
