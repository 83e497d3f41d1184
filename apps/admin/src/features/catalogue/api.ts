import type {
  AdminAttribute,
  AdminBrand,
  AdminCategory,
  AdminCollection,
  AdminColor,
  AdminTag,
  PickedProduct,
} from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminApi, type FieldErrors, getData, patch, post } from '../../lib/api.ts';
import type { Language } from '../../lib/i18n.tsx';

/** Where each dictionary lives in the API, and the key its list is cached under. */
export const DICTIONARIES = {
  categories: '/categories',
  brands: '/brands',
  tags: '/tags',
  colors: '/colors',
  attributes: '/attributes',
  collections: '/product-collections',
} as const;
export type Dictionary = keyof typeof DICTIONARIES;

/** A row of each dictionary, as its list answers it. */
export type DictionaryRow<D extends Dictionary> = Rows[D];

interface Rows {
  categories: AdminCategory;
  brands: AdminBrand;
  tags: AdminTag;
  colors: AdminColor;
  attributes: AdminAttribute;
  collections: AdminCollection;
}

/** The whole list of a dictionary: they are small, so they are read at once and kept a while. */
export function useDictionary<D extends Dictionary>(dictionary: D) {
  return useQuery({
    queryKey: ['catalogue', dictionary],
    queryFn: ({ signal }) => getData<Rows[D][]>(DICTIONARIES[dictionary], undefined, signal),
    staleTime: 30_000,
  });
}

export function del(path: string) {
  return adminApi<void>(path, { method: 'DELETE' });
}

/**
 * A write to a dictionary: its list (and what depends on it: products' counts, collections by
 * rule) is read again after it.
 */
export function useDictionaryWrite<Body, Answer = unknown>(
  dictionary: Dictionary,
  write: (body: Body) => Promise<Answer>,
  onDone?: (answer: Answer) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: ['catalogue'] });
      if (dictionary !== 'collections') {
        await client.invalidateQueries({ queryKey: ['products'] });
      }
      onDone?.(answer);
    },
  });
}

/** Creates when there is no id, changes otherwise. */
export function saveTo<T>(dictionary: Dictionary, id: number | undefined, body: unknown) {
  const path = DICTIONARIES[dictionary];
  return id === undefined ? post<T>(path, body) : patch<T>(`${path}/${id}`, body);
}

/**
 * An attribute's value: a new one goes last when no position is given, a changed one keeps its
 * place.
 */
export function saveValue(
  attributeId: number,
  valueId: number | undefined,
  values: { value_uz: string; value_ru: string; position: string },
) {
  const path = `/attributes/${attributeId}/values`;
  const body = {
    value_uz: values.value_uz.trim(),
    value_ru: values.value_ru.trim(),
    ...(values.position.trim() === '' ? {} : { position: Number(values.position) }),
  };
  return valueId === undefined ? post(path, body) : patch(`${path}/${valueId}`, body);
}

export const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? error.fieldErrors : {};

export const nameIn = (row: { name_uz: string; name_ru: string }, lang: Language) =>
  lang === 'ru' ? row.name_ru : row.name_uz;

/** A category's name set in by its depth, as a list of the whole tree shows it. */
export const indentedName = (
  row: { name_uz: string; name_ru: string; depth: number },
  lang: Language,
) => `${'\u00a0\u00a0'.repeat(row.depth * 2)}${nameIn(row, lang)}`;

export function useCollectionProducts(id: number) {
  return useQuery({
    queryKey: ['catalogue', 'collections', id, 'products'],
    queryFn: ({ signal }) =>
      getData<PickedProduct[]>(`/product-collections/${id}/products`, undefined, signal),
  });
}

export function useProductPicker(q: string) {
  return useQuery({
    queryKey: ['catalogue', 'picker', q],
    queryFn: ({ signal }) => getData<PickedProduct[]>('/product-collections/picker', { q }, signal),
    enabled: q.trim().length >= 2,
  });
}

/** Lower-case Latin letters and digits in words joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HEX = /^#[0-9a-fA-F]{6}$/;

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
};

/** A slug suggested from a name: "Smartfonlar va planshetlar" → "smartfonlar-va-planshetlar". */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[‘’ʻʼ'`]/g, '')
    .split('')
    .map((ch) => LATIN[ch] ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}
