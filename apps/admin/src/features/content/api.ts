import type { AdminContact, AdminPage, ContactKey, NewPageBody } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, getData, patch, post } from '../../lib/api.ts';

/** The content's lists in the API, each read whole and cached under its key. */
export const CONTENT = {
  banners: '/banners',
  pages: '/pages',
  questions: '/questions',
  branches: '/branches',
} as const;
export type ContentList = keyof typeof CONTENT;

export const contentKey = (list: ContentList) => ['content', list] as const;

export function useContentList<Row>(list: ContentList) {
  return useQuery({
    queryKey: contentKey(list),
    queryFn: ({ signal }) => getData<Row[]>(CONTENT[list], undefined, signal),
  });
}

/** Creates a row when there is no id, changes it otherwise. */
export function saveContent<Row>(list: ContentList, id: number | undefined, body: unknown) {
  const path = CONTENT[list];
  return id === undefined ? post<Row>(path, body) : patch<Row>(`${path}/${id}`, body);
}

export function deleteContent(list: ContentList, id: number) {
  return adminApi<{ message: string }>(`${CONTENT[list]}/${id}`, { method: 'DELETE' });
}

/**
 * Moving a row of an ordered list one place up or down: the whole new order is sent, and the
 * list is read again (a list changed in another tab is refused by the server).
 */
export function useMove(list: ContentList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, from, to }: { ids: number[]; from: number; to: number }) => {
      const order = [...ids];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved!);
      return post(`${CONTENT[list]}/order`, { ids: order });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKey(list) }),
  });
}

/** A text page with its HTML in both languages (the list has its title only). */
export function usePage(slug: string | undefined) {
  return useQuery({
    queryKey: [...contentKey('pages'), slug],
    queryFn: ({ signal }) => getData<AdminPage>(`/pages/${slug}`, undefined, signal),
    enabled: slug !== undefined,
  });
}

/** A new page is made with its address; an existing one is changed by it. */
export function savePage(slug: string | undefined, body: Omit<NewPageBody, 'slug'>, newSlug = '') {
  return slug === undefined
    ? post<AdminPage>(CONTENT.pages, { slug: newSlug, ...body })
    : patch<AdminPage>(`${CONTENT.pages}/${slug}`, body);
}

export const CONTACTS_KEY = ['content', 'contacts'] as const;

export function useContacts() {
  return useQuery({
    queryKey: CONTACTS_KEY,
    queryFn: ({ signal }) => getData<AdminContact[]>('/contacts', undefined, signal),
  });
}

export function saveContact(key: ContactKey, value: string) {
  return patch<AdminContact>(`/contacts/${key}`, { value });
}
