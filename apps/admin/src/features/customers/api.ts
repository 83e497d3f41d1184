import type { AdminCustomerRow } from '@bozor/shared';
import { usePagedList } from '../../components/kit/paged.ts';

/** A page of the customers, by the list's filters. */
export function useCustomers(filters: Record<string, string>, page: number) {
  return usePagedList<AdminCustomerRow>(['customers', filters, page], '/customers', {
    ...filters,
    page,
  });
}
