import type { AdminReturnRow } from '@bozor/shared';
import { usePagedList } from '../../components/kit/paged.ts';
import { post } from '../../lib/api.ts';

/** A page of the returns asked for, in one state. */
export function useReturns(status: string, page: number) {
  return usePagedList<AdminReturnRow>(['returns', status, page], '/returns', { status, page });
}

/** Accepts a return (with an optional note) or rejects it (with a reason). */
export function decideReturn(id: number, kind: 'accept' | 'reject', text: string | undefined) {
  return post<AdminReturnRow>(
    `/returns/${id}/${kind}`,
    kind === 'reject' ? { reason: text } : text ? { note: text } : {},
  );
}
