import type { AdminPartnerRow } from '@bozor/shared';
import { usePagedList } from '../../components/kit/paged.ts';
import { PARTNERS_KEY } from './badges.tsx';

/** A page of the become-a-partner applications, by status and a search. */
export function usePartners(filters: Record<string, string>, status: string, page: number) {
  return usePagedList<AdminPartnerRow>([...PARTNERS_KEY, 'list', filters, page], '/partners', {
    status,
    q: filters.q,
    page,
  });
}
