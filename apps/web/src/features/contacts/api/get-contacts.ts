import type { Contact } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  const body = await apiGet<{ data: Contact[] }>('/contacts', { signal });
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
    select: (list) =>
      Object.fromEntries(list.map((c) => [c.key, c.value])) as Record<string, string>,
  });
}
