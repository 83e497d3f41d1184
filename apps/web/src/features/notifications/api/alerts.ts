import type { AlertBody, AlertKind, ProductAlert } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

const alertsKey = (productId: number) => ['clients', 'alerts', productId] as const;

/** The signed-in customer's waiting alerts on a product; none for a visitor. */
export function useProductAlerts(productId: number) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: alertsKey(productId),
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ data: ProductAlert[] }>('/clients/alerts', {
          query: { product_id: productId },
          signal,
        })
      ).data,
    enabled: signedIn,
  });
}

export function useSubscribeAlert(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertBody) =>
      apiRequest<{ data: ProductAlert }>(`/clients/alerts/${productId}`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: alertsKey(productId) }),
  });
}

export function useCancelAlert(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: AlertKind) =>
      apiRequest<{ message: string }>(`/clients/alerts/${productId}/${kind}`, {
        method: 'DELETE',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: alertsKey(productId) }),
  });
}
