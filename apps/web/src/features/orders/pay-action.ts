import type { OrderDetail } from '@bozor/shared';
import { contractLink } from '../installments/index.ts';

export type OrderPayAction =
  | { kind: 'pay'; to: string; amount: number }
  | { kind: 'sign'; to: string }
  | null;

/**
 * Where an order's customer goes to pay what is due up front: a full order to the card selection;
 * an installment order to it for the first payment once its contract is signed, to the contract
 * before. An unsigned contract with nothing to pay up front still waits for the signature.
 */
export function orderPayAction(
  order: Pick<
    OrderDetail,
    'id' | 'status' | 'payment_type' | 'credit_id' | 'credit_status' | 'need_payed_price'
  >,
): OrderPayAction {
  const due = order.need_payed_price;
  // only a new order waits for its up-front payment; a cancelled one is not paid any more
  if (order.status !== 1) return null;
  if (order.payment_type === 'full' || order.credit_id == null) {
    return due > 0
      ? { kind: 'pay', to: `/checkout/list-cards?order=${order.id}`, amount: due }
      : null;
  }
  if (order.credit_status === 'not_signed') {
    const to = contractLink(order.credit_id);
    return due > 0 ? { kind: 'pay', to, amount: due } : { kind: 'sign', to };
  }
  if (due > 0 && (order.credit_status === 'active' || order.credit_status === 'overdue')) {
    return {
      kind: 'pay',
      to: `/checkout/list-cards?credit=${order.credit_id}&first=1`,
      amount: due,
    };
  }
  return null;
}
