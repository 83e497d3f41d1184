import { z } from 'zod';
import { MAX_PAGE } from './common.ts';
import { FulfilmentStep, OrderDetail, OrderStatusId, PaymentType } from './orders.ts';

/** What staff do to move an order on. */
export const FulfilmentAction = z.enum([
  'pack',
  'hand_to_courier',
  'deliver',
  'ready_for_pickup',
  'pick_up',
]);
export type FulfilmentAction = z.infer<typeof FulfilmentAction>;

const Line = z.string().trim().min(1, 'field_required').max(120, 'field_too_long');

export const OrderActionBody = z
  .object({
    action: FulfilmentAction,
    /** Handing to the courier: who took it, and the number to follow it by. */
    courier_name: Line.optional(),
    tracking_number: Line.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'hand_to_courier') return;
    for (const field of ['courier_name', 'tracking_number'] as const) {
      if (!body[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'field_required' });
    }
  });

/** Why staff cancel an order: the customer reads it in the notice and the SMS. */
export const CancelOrderBody = z.object({
  reason: z.string().trim().min(3, 'field_required').max(300, 'field_too_long'),
});

const Day = z.iso.date();

export const AdminOrdersQuery = z.object({
  status: z.coerce.number().pipe(OrderStatusId).optional(),
  payment_type: PaymentType.optional(),
  delivery_type: z.enum(['address', 'pickup']).optional(),
  /** Placed on or after this Tashkent day, YYYY-MM-DD. */
  from: Day.optional(),
  /** Placed on or before this Tashkent day. */
  to: Day.optional(),
  /** Delivered to an address in this region (pick-up orders have none). */
  region_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Only orders whose promised day has passed and that have not reached the customer yet. */
  late: z.stringbool().optional(),
  /** An order number, or a phone's digits (any part of it). */
  q: z
    .string()
    .trim()
    .regex(/^#?\d{1,12}$/, 'order_search_invalid')
    .optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const AdminOrderRow = z.object({
  id: z.number().int(),
  status: OrderStatusId,
  step: FulfilmentStep,
  payment_type: PaymentType,
  delivery_type: z.enum(['address', 'pickup']),
  total: z.number().int(),
  customer_id: z.number().int(),
  customer_phone: z.string(),
  delivery: z.string(),
  /** YYYY-MM-DD; null on orders placed before delivery had a date. */
  delivery_promised_on: z.string().nullable(),
  /** The promised day has passed and the order has not reached the customer. */
  late: z.boolean(),
  created_at: z.string(),
  next_actions: z.array(FulfilmentAction),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const OrderEvent = z.object({
  step: z.string(),
  note: z.string().nullable(),
  staff_email: z.string().nullable(),
  at: z.string(),
});

export const AdminOrderDetail = z.object({
  order: OrderDetail,
  step: FulfilmentStep,
  customer: z.object({ id: z.number().int(), phone: z.string() }),
  courier_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
  next_actions: z.array(FulfilmentAction),
  /** The promised day has passed and the order has not reached the customer. */
  late: z.boolean(),
  /** Placed, paid, then every step staff took, oldest first. */
  history: z.array(OrderEvent),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;
