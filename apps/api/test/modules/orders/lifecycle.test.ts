import { ORDER_STATUS } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import {
  awaitsPrepayment,
  awaitsUpfront,
  canMove,
  isCancellable,
  isReturnable,
  ORDER,
  ORDER_MOVES,
} from '../../../src/modules/orders/lifecycle.ts';

describe('the order lifecycle', () => {
  it('names the contract’s status ids', () => {
    expect(ORDER).toEqual(ORDER_STATUS);
    expect([ORDER.cancelled, ORDER.rejected, ORDER.new, ORDER.returned]).toEqual([-2, -1, 1, 10]);
  });

  it('moves an order only from the statuses each move starts at', () => {
    const from = (move: keyof typeof ORDER_MOVES) =>
      Object.values(ORDER).filter((status) => canMove(move, status));
    expect(from('pay')).toEqual([ORDER.new]);
    expect(from('expire')).toEqual([ORDER.new]);
    expect(from('cancel')).toEqual([ORDER.new, ORDER.confirmed]);
    expect(from('ship')).toEqual([ORDER.confirmed]);
    expect(from('deliver')).toEqual([ORDER.confirmed, ORDER.shipped]);
    expect(from('complete')).toEqual([ORDER.delivered]);
    expect(from('return')).toEqual([ORDER.delivered, ORDER.completed]);
    // no move starts at an ending
    for (const ended of [ORDER.cancelled, ORDER.rejected, ORDER.returned]) {
      expect(Object.keys(ORDER_MOVES).filter((move) => canMove(move as 'pay', ended))).toEqual([]);
    }
  });

  it('answers the questions other modules ask of an order', () => {
    const paidAt = new Date();
    expect(awaitsUpfront({ status: ORDER.new, paidAt: null })).toBe(true);
    expect(awaitsUpfront({ status: ORDER.new, paidAt })).toBe(false);
    expect(awaitsUpfront({ status: ORDER.confirmed, paidAt: null })).toBe(false);
    expect(awaitsPrepayment({ status: ORDER.new, paidAt: null, prepayment: 1 })).toBe(true);
    expect(awaitsPrepayment({ status: ORDER.new, paidAt: null, prepayment: 0 })).toBe(false);
    expect(awaitsPrepayment({ status: ORDER.new, paidAt, prepayment: 1 })).toBe(false);
    expect([ORDER.new, ORDER.confirmed, ORDER.shipped].map(isCancellable)).toEqual([
      true,
      true,
      false,
    ]);
    expect([ORDER.shipped, ORDER.delivered, ORDER.completed].map(isReturnable)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
