import { LimitShortfall, type PlacedOrder, type PlaceOrderInput } from '@bozor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { accountBasketInfoQuery, accountBasketQuery } from '../../../lib/account-lists.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import { CLIENT_INFO_KEY } from '../../auth/index.ts';
import { CREDIT_LIMIT_KEY } from '../../scoring/index.ts';
import { ORDER_PRODUCTS_KEY } from './get-order-products.ts';

export function placeOrder(body: PlaceOrderInput, idempotencyKey: string) {
  return apiRequest<{ message: string; data: PlacedOrder }>('/orders', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** The figures of a 422 `LIMIT_NOT_ENOUGH`, or null for any other failure. */
export function limitShortfallOf(error: unknown): LimitShortfall['data'] | null {
  if (!(error instanceof ApiError) || error.code !== 'LIMIT_NOT_ENOUGH') return null;
  const data = LimitShortfall.shape.data.safeParse(error.data);
  return data.success ? data.data : null;
}

/** Whether installments were refused until the customer passes scoring (422 `SCORING_REQUIRED`). */
export function needsScoring(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SCORING_REQUIRED';
}

/**
 * Places the order of the checkout lines. The goods leave the basket and the limit is taken, so
 * those are asked again; the same choices retried after a lost answer reuse their key. A refusal
 * for want of scoring means the profile this checkout began with is out of date: it is asked again.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const mutation = useIdempotentMutation(placeOrder, (body) => JSON.stringify(body));
  return {
    ...mutation,
    place: (body: PlaceOrderInput) =>
      mutation.mutateAsync(body).then(
        async (answer) => {
          queryClient.removeQueries({ queryKey: ORDER_PRODUCTS_KEY });
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: accountBasketQuery.queryKey }),
            queryClient.invalidateQueries({ queryKey: accountBasketInfoQuery.queryKey }),
            queryClient.invalidateQueries({ queryKey: CREDIT_LIMIT_KEY }),
          ]);
          return answer;
        },
        (error: unknown) => {
          if (needsScoring(error))
            void queryClient.invalidateQueries({ queryKey: CLIENT_INFO_KEY });
          throw error;
        },
      ),
  };
}
