import type { AdminOrderRow } from '@bozor/shared';
import { usePagedList } from '../../components/kit/paged.ts';
import type { Language } from '../../lib/i18n.tsx';

/** A page of the orders, by the list's filters; the rows carry names in the staff's language. */
export function useOrders(filters: Record<string, string>, page: number, lang: Language) {
  return usePagedList<AdminOrderRow>(['orders', filters, page, lang], '/orders', {
    ...filters,
    page,
  });
}
