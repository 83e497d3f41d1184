import type { CreditDetail } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { CREDITS_KEY } from './get-credits.ts';

export async function getCredit(id: number, signal?: AbortSignal): Promise<CreditDetail> {
  return (await apiGet<{ data: CreditDetail }>(`/credits/${id}`, { signal })).data;
}

export const creditQuery = (id: number) =>
  queryOptions({
    queryKey: [...CREDITS_KEY, 'detail', id, getLanguage()],
    queryFn: ({ signal }) => getCredit(id, signal),
  });

/** One credit with its schedule and payments; nothing is asked for without an id or a session. */
export function useCredit(id: number | null) {
  const signedIn = useIsSignedIn();
  return useQuery({
    ...creditQuery(id ?? 0),
    enabled: signedIn && id != null && id > 0,
  });
}
