import type { EarlyRepaymentMode, PaymentResult } from '@bozor/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';

/** What the card selection screen pays (DESIGN: the three forms of `/checkout/list-cards`). */
export type PaymentTarget =
  | { kind: 'order'; orderId: number }
  | { kind: 'first'; creditId: number }
  | { kind: 'credit'; creditId: number; amount: number; mode?: EarlyRepaymentMode };

type Answer = { message: string; data: PaymentResult };

export function pay(target: PaymentTarget, cardId: number, idempotencyKey: string) {
  switch (target.kind) {
    case 'order':
      return apiRequest<Answer>(`/orders/payment/${target.orderId}/${cardId}`, {
        method: 'POST',
        idempotencyKey,
      });
    case 'first':
      return apiRequest<Answer>(`/credits/first-payment/${target.creditId}/${cardId}`, {
        method: 'POST',
        idempotencyKey,
      });
    case 'credit':
      return apiRequest<Answer>(`/credits/payment/${target.creditId}`, {
        method: 'POST',
        body: {
          card_id: cardId,
          amount: target.amount,
          ...(target.mode ? { mode: target.mode } : {}),
        },
        idempotencyKey,
      });
  }
}

/** Pays `target` from a card; one payment intent is one target from one card. */
export function usePay() {
  return useIdempotentMutation(
    ({ target, cardId }: { target: PaymentTarget; cardId: number }, key: string) =>
      pay(target, cardId, key),
    ({ target, cardId }) => JSON.stringify({ target, cardId }),
  );
}
