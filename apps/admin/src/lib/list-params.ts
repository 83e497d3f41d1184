import { useSearchParams } from 'react-router';

/**
 * A list's filters and page live in the address, so a link or the back button returns to the
 * same view. Setting a filter goes back to the first page.
 */
export function useListParams<Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<
    Key,
    string
  >;
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    values,
    page,
    setFilters(next: Partial<Record<Key, string>>) {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next) as [Key, string | undefined][]) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        updated.delete('page');
        return updated;
      });
    },
    setPage(next: number) {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      });
    },
    clear() {
      setParams(new URLSearchParams());
    },
  };
}
