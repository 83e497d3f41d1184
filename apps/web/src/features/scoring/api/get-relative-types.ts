import type { RelativeType } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';

export async function getRelativeTypes(signal?: AbortSignal): Promise<RelativeType[]> {
  const body = await apiGet<{ data: RelativeType[] }>('/clients/relative-types', { signal });
  return body.data;
}

/** Reference data: who a contact person is to the customer, named in the interface language. */
export const relativeTypesQuery = () =>
  queryOptions({
    queryKey: ['relative-types', getLanguage()],
    queryFn: ({ signal }) => getRelativeTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: true },
  });

export function useRelativeTypes() {
  return useQuery(relativeTypesQuery());
}
