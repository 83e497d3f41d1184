import type { Contact } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const CACHE_KEY = 'contacts';

function readCached(): Contact[] | undefined {
  try {
    const cached: unknown = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null');
    return Array.isArray(cached) ? (cached as Contact[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Contacts are cached locally (SPEC §3) so the footer shows them at once on the next visit. */
export async function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  const body = await apiGet<{ data: Contact[] }>('/contacts', { signal });
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(body.data));
  } catch {
    // storage unavailable: the cache is only a speed-up
  }
  return body.data;
}

export const contactsQuery = queryOptions({
  queryKey: ['contacts'],
  queryFn: ({ signal }) => getContacts(signal),
  staleTime: 30 * 60_000,
});

/** Contacts as a key → value map (phone, telegram, insurance). */
export function useContacts() {
  return useQuery({
    ...contactsQuery,
    placeholderData: readCached,
    select: (list) =>
      Object.fromEntries(list.map((c) => [c.key, c.value])) as Record<string, string>,
  });
}
