import type { Branch } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';

export async function getBranches(signal?: AbortSignal): Promise<Branch[]> {
  return (await apiGet<{ data: Branch[] }>('/branches', { signal })).data;
}

export const branchesQuery = () =>
  queryOptions({
    queryKey: ['branches', getLanguage()],
    queryFn: ({ signal }) => getBranches(signal),
    staleTime: 30 * 60_000,
  });

/** The pick-up points an order can be collected from. */
export function useBranches() {
  return useQuery(branchesQuery());
}
