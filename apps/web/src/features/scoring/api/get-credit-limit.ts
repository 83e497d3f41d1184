import type { CreditLimit } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getCreditLimit(signal?: AbortSignal): Promise<CreditLimit> {
  return (await apiGet<{ data: CreditLimit }>('/clients/limit', { signal })).data;
}

export const CREDIT_LIMIT_KEY = ['credit-limit'] as const;

export const creditLimitQuery = () =>
  queryOptions({
    queryKey: CREDIT_LIMIT_KEY,
    queryFn: ({ signal }) => getCreditLimit(signal),
  });

/** The installment limit scoring granted, how much of it is used and what is left. */
export function useCreditLimit() {
  return useQuery(creditLimitQuery());
}
