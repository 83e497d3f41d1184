import type { Card } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

/** The customer's cards whose holder confirmed them with the SMS code. */
export async function getCards(signal?: AbortSignal): Promise<Card[]> {
  const body = await apiGet<{ data: Card[] }>('/cards', { signal });
  return body.data;
}

export const CARDS_KEY = ['cards'] as const;

export const cardsQuery = () =>
  queryOptions({
    queryKey: [...CARDS_KEY, getLanguage()],
    queryFn: ({ signal }) => getCards(signal),
  });

/** The signed-in customer's bound cards; an anonymous visitor asks for nothing. */
export function useCards() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...cardsQuery(), enabled: signedIn });
}
