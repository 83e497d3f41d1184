import type { Question } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getQuestions(signal?: AbortSignal): Promise<Question[]> {
  const body = await apiGet<{ data: Question[] }>('/questions', { signal });
  return body.data;
}

export const questionsQuery = queryOptions({
  queryKey: ['questions'],
  queryFn: ({ signal }) => getQuestions(signal),
  staleTime: 10 * 60_000,
});

/** The shop's frequently asked questions, in the interface language (the API answers in it). */
export function useQuestions() {
  return useQuery(questionsQuery);
}
