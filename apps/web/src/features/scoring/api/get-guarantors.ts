import type { Guarantor } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';

export async function getGuarantors(signal?: AbortSignal): Promise<Guarantor[]> {
  const body = await apiGet<{ data: Guarantor[] }>('/clients/guarantors', { signal });
  return body.data;
}

export const GUARANTORS_KEY = ['guarantors'] as const;

export const guarantorsQuery = () =>
  queryOptions({
    queryKey: [...GUARANTORS_KEY, getLanguage()],
    queryFn: ({ signal }) => getGuarantors(signal),
  });

/** The contact persons the customer gave for scoring. */
export function useGuarantors() {
  return useQuery(guarantorsQuery());
}
