import type { PaymentResult } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** How often a payment still being checked is asked about, and for how long at most. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLL_LIMIT_MS = 60_000;

export async function getPayment(id: number, signal?: AbortSignal): Promise<PaymentResult> {
  return (await apiGet<{ data: PaymentResult }>(`/payments/${id}`, { signal })).data;
}

/**
 * A payment whose answer the gateway had not given yet: asked about every 2 s while `polling`
 * (the screen stops after a minute) and while it is still `checking`.
 */
export function usePaymentState(id: number | null, polling: boolean) {
  return useQuery({
    queryKey: ['payments', id],
    queryFn: ({ signal }) => getPayment(id ?? 0, signal),
    enabled: id != null && polling,
    refetchInterval: (query) =>
      polling && (query.state.data === undefined || query.state.data.state === 'checking')
        ? PAYMENT_POLL_MS
        : false,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
}
