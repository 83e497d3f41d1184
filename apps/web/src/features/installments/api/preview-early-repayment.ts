import type { EarlyRepaymentMode, EarlyRepaymentPreview } from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { CREDITS_KEY } from './get-credits.ts';

export async function previewEarlyRepayment(
  creditId: number,
  body: { amount: number; mode: EarlyRepaymentMode },
  signal?: AbortSignal,
): Promise<EarlyRepaymentPreview> {
  const answer = await apiRequest<{ data: EarlyRepaymentPreview }>(
    `/credits/${creditId}/early-repayment/preview`,
    { method: 'POST', body, signal },
  );
  return answer.data;
}

/** The schedule a payment of `amount` with `mode` would leave; asked only for a sum it may take. */
export function useEarlyRepaymentPreview(
  creditId: number,
  body: { amount: number; mode: EarlyRepaymentMode } | null,
) {
  return useQuery({
    queryKey: [...CREDITS_KEY, 'early-repayment', creditId, body, getLanguage()],
    queryFn: ({ signal }) =>
      previewEarlyRepayment(creditId, body ?? { amount: 0, mode: 'shorter_term' }, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
