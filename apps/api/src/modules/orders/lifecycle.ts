/**
 * An order's life (DESIGN §4 ids) in one place: its statuses by name and every move between
 * them, with what makes each move. Code elsewhere names a status (`ORDER.confirmed`), checks a
 * move (`canMove('cancel', status)`) or asks a question of an order (`awaitsUpfront`), never
 * writes a bare number: `test/architecture/order-status.test.ts` fails on one.
 */
import { ORDER_STATUS, type OrderStatusId } from '@bozor/shared';

/** The statuses by name: `ORDER.new` is 1, `ORDER.cancelled` is -2. */
export const ORDER = ORDER_STATUS;

interface Move {
  readonly from: readonly OrderStatusId[];
  readonly to: OrderStatusId;
}

/** Every move an order's status can make. */
export const ORDER_MOVES = {
  /** What is paid up front came (payments), or a credit with nothing up front was signed (contracts). */
  pay: { from: [ORDER.new], to: ORDER.confirmed },
  /** What is paid up front never came in time (the expiry job). */
  expire: { from: [ORDER.new], to: ORDER.rejected },
  /** The customer or staff cancel before it leaves the warehouse; the money goes back. */
  cancel: { from: [ORDER.new, ORDER.confirmed], to: ORDER.cancelled },
  /** Handed to a courier. */
  ship: { from: [ORDER.confirmed], to: ORDER.shipped },
  /** Delivered by the courier, or picked up at a branch straight from confirmed. */
  deliver: { from: [ORDER.confirmed, ORDER.shipped], to: ORDER.delivered },
  /** Delivered and fully paid: paid in full, or its credit closed. */
  complete: { from: [ORDER.delivered], to: ORDER.completed },
  /** Given back after delivery; the money goes back. */
  return: { from: [ORDER.delivered, ORDER.completed], to: ORDER.returned },
} as const satisfies Record<string, Move>;

export type OrderMove = keyof typeof ORDER_MOVES;

/** Whether an order in `status` can make `move`. */
export function canMove(move: OrderMove, status: number): boolean {
  return (ORDER_MOVES[move].from as readonly number[]).includes(status);
}

/** The statuses an order ends in without being sold: not counted in sales or reports. */
export const UNSOLD: readonly OrderStatusId[] = [ORDER.cancelled, ORDER.rejected];

/** Whether an order still waits for what is paid up front (new and not paid). */
export const awaitsUpfront = (order: { status: number; paidAt: Date | null }) =>
  order.status === ORDER.new && order.paidAt === null;

/** Whether the customer may cancel the order themselves. */
export const isCancellable = (status: number) => canMove('cancel', status);

/** Whether the order may be returned (delivered, or completed). */
export const isReturnable = (status: number) => canMove('return', status);

/** Whether an order's prepayment is still to come: its installments are not paid before it. */
export const awaitsPrepayment = (order: {
  status: number;
  paidAt: Date | null;
  prepayment: number;
}) => awaitsUpfront(order) && order.prepayment > 0;

/**
 * Whether an order is late on `today` (Tashkent, YYYY-MM-DD): its promised day has passed and it
 * can still be delivered, not yet waiting at its branch for pick-up.
 */
export const isLate = (
  order: {
    status: number;
    deliveryPromisedOn: string | null;
    deliveryType: 'address' | 'pickup';
    readyAt: Date | null;
  },
  today: string,
) =>
  order.deliveryPromisedOn !== null &&
  order.deliveryPromisedOn < today &&
  canMove('deliver', order.status) &&
  !(order.deliveryType === 'pickup' && order.readyAt !== null);
