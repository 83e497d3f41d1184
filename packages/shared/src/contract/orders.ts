import { z } from 'zod';
import { EARLY_REPAYMENT_MODES } from '../early-repayment.ts';
import { ProductSummary } from './catalogue.ts';
import { Id, idOf, MAX_MONEY, Money, messageOf, pageQueryOf, typedText } from './common.ts';
import { SizeClassSchema } from './delivery.ts';
import { FiscalReceiptView } from './fiscal.ts';
import { Card } from './scoring.ts';

export { MAX_PREPAYMENT_DIGITS } from './limits.ts';

/**
 * Order status ids (DESIGN §4). The badge colour of each is SPEC §4's: -1 and -2 the primary
 * colour, 1 yellow, 2 violet, 4 green, 5 white on the primary colour, 10 grey, others grey.
 */
export const ORDER_STATUS = {
  cancelled: -2,
  rejected: -1,
  new: 1,
  confirmed: 2,
  shipped: 3,
  delivered: 4,
  completed: 5,
  returned: 10,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusId = (typeof ORDER_STATUS)[OrderStatusName];
export const OrderStatusId = z.union(
  Object.values(ORDER_STATUS).map((id) => z.literal(id)) as [
    z.ZodLiteral<OrderStatusId>,
    ...z.ZodLiteral<OrderStatusId>[],
  ],
);

export const PAYMENT_TYPES = ['installment', 'full'] as const;
export const PaymentType = z.enum(PAYMENT_TYPES, 'payment_type_invalid');
export type PaymentType = z.infer<typeof PaymentType>;

/** A credit's life: not signed, active, overdue, closed (paid off or returned), cancelled. */
export const CreditStatus = z.enum(['not_signed', 'active', 'overdue', 'closed', 'cancelled']);
export type CreditStatus = z.infer<typeof CreditStatus>;

/** A payment asked of the card gateway: 'checking' while its answer is not known yet. */
export const PaymentState = z.enum([
  'checking',
  'paid',
  'failed',
  'refunding',
  'refunded',
  'needs_attention',
]);
export type PaymentState = z.infer<typeof PaymentState>;
export const PaymentPurpose = z.enum(['full', 'first', 'installment', 'early', 'autopay']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

/** A sum above zero (a payment, a price to quote). */
export const PositiveMoney = Money.refine((v) => v > 0, 'money_invalid');

// ---- tariffs and the calculator -------------------------------------------------------------

/** One tariff applied to an amount: DESIGN §2's calculator answer, by the shared rule. */
export const TariffQuote = z.object({
  id: z.number().int(),
  /** Months. */
  duration: z.number().int(),
  markup_percent: z.number().int(),
  monthly_payment: z.number().int(),
  /** What the customer pays over the term: the schedule's sum. */
  total_price: z.number().int(),
});
export type TariffQuote = z.infer<typeof TariffQuote>;

export const TariffsQuery = z.object({ amount: PositiveMoney });
export const CalculatorBody = z
  .object({ price: PositiveMoney, prepayment: Money.optional() })
  .refine((b) => (b.prepayment ?? 0) < b.price, {
    path: ['prepayment'],
    error: 'prepayment_too_large',
  });

// ---- checkout -------------------------------------------------------------------------------

/** `POST /baskets/add-to-order`: the basket lines (ids of `GET /baskets`) to check out. */
export const AddToOrderBody = z.object({
  ids: z.array(idOf('basket_line_invalid')).min(1, 'field_required').max(100, 'field_too_long'),
});

/** A line taken to checkout, priced now. */
export const OrderProduct = z.object({
  product_id: z.number().int(),
  count: z.number().int(),
  price: z.number().int(),
  /** price × count */
  total: z.number().int(),
  product: ProductSummary,
});
export type OrderProduct = z.infer<typeof OrderProduct>;

/** `GET /order-products`: what checkout will order, and its total. */
export const OrderProducts = z.object({
  items: z.array(OrderProduct),
  count: z.number().int(),
  total: z.number().int(),
  /** Bulky when any line is: delivery is quoted and charged by the rates' bulky terms. */
  size_class: SizeClassSchema,
});
export type OrderProducts = z.infer<typeof OrderProducts>;

export const PlaceOrderBody = z
  .object({
    payment_type: PaymentType,
    tariff_id: idOf('tariff_invalid').optional(),
    /** Paid now from the order's card; the rest is financed. Installments only. */
    prepayment: Money.optional(),
    card_id: idOf('card_invalid'),
    address_id: idOf('address_invalid').optional(),
    branch_id: idOf('branch_invalid').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.payment_type === 'installment' && b.tariff_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tariff_id'], message: 'tariff_required' });
    }
    if ((b.address_id === undefined) === (b.branch_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['address_id'], message: 'delivery_required' });
    }
  });
export type PlaceOrderInput = z.input<typeof PlaceOrderBody>;

export const PlacedOrder = z.object({
  order_id: z.number().int(),
  credit_id: z.number().int().nullable(),
  /** What is to be paid now: the total in full, or the prepayment (0: nothing up front). */
  need_payed_price: z.number().int(),
});
export type PlacedOrder = z.infer<typeof PlacedOrder>;

/**
 * The 422 of `POST /orders` when the financed amount does not fit the available limit
 * (code `LIMIT_NOT_ENOUGH`): the least prepayment that would let the order through.
 */
export const LimitShortfall = z.object({
  message: z.string(),
  code: z.literal('LIMIT_NOT_ENOUGH'),
  data: z.object({
    min_prepayment: z.number().int(),
    available: z.number().int(),
    total: z.number().int(),
  }),
});
export type LimitShortfall = z.infer<typeof LimitShortfall>;

// ---- orders ---------------------------------------------------------------------------------

export const OrdersQuery = pageQueryOf({ max: 50, fallback: 10 });

export const OrderItem = z.object({
  product_id: z.number().int(),
  /** For the product page link; null when the product is gone from the catalogue. */
  slug: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  price: z.number().int(),
  count: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderSummary = z.object({
  id: z.number().int(),
  status: OrderStatusId,
  /** The status in the customer's language. */
  status_name: z.string(),
  payment_type: PaymentType,
  /** What the order costs: its goods and their delivery. */
  total: z.number().int(),
  prepayment: z.number().int(),
  credit_id: z.number().int().nullable(),
  items_count: z.number().int(),
  /** Up to four pictures of the goods. */
  images: z.array(z.string()),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

/** How the money came: a card through the gateway, or cash paid at a branch. */
export const PaymentMethod = z.enum(['card', 'cash']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Payment = z.object({
  id: z.number().int(),
  purpose: PaymentPurpose,
  state: PaymentState,
  method: PaymentMethod,
  amount: z.number().int(),
  /** The card, masked; null for cash, or when the card has been deleted since. */
  card_number: z.string().nullable(),
  /** Why the gateway refused it, in the customer's language; null unless failed. */
  decline: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof Payment>;

/**
 * Where an order is on its way to the customer (DESIGN §6b): delivered to an address it is
 * confirmed → packed → with the courier → delivered; picked up, confirmed → packed → ready for
 * pick-up → picked up. The others are where it stopped.
 */
export const FulfilmentStep = z.enum([
  'awaiting_payment',
  'confirmed',
  'packed',
  'with_courier',
  'delivered',
  'ready_for_pickup',
  'picked_up',
  'completed',
  'cancelled',
  'rejected',
  'returned',
]);
export type FulfilmentStep = z.infer<typeof FulfilmentStep>;

/**
 * The steps an order's history holds besides those of its way: placed and paid, and a return the
 * customer asked for and the shop refused.
 */
export const HISTORY_MILESTONES = [
  'placed',
  'paid',
  'return_requested',
  'return_rejected',
] as const;
export type HistoryMilestone = (typeof HISTORY_MILESTONES)[number];

/**
 * Every step an order's history can hold (the `step` of `progress` and of the back office's
 * `history`): the API writes no other, and both front ends name each one.
 */
export const ORDER_HISTORY_STEPS = [...FulfilmentStep.options, ...HISTORY_MILESTONES] as const;
export type OrderHistoryStep = FulfilmentStep | HistoryMilestone;

/** A step of the order's way, as the customer's order page lists it. */
export const OrderProgressStep = z.object({
  step: z.string(),
  /** In the customer's language. */
  name: z.string(),
  at: z.string(),
});

// ---- returns --------------------------------------------------------------------------------

/** A return the customer asked for: staff accept it (the refund workflow) or reject it. */
export const ReturnRequestStatus = z.enum(['requested', 'accepted', 'rejected']);
export type ReturnRequestStatus = z.infer<typeof ReturnRequestStatus>;

/** The order's latest return request as its customer reads it. */
export const OrderReturnRequest = z.object({
  status: ReturnRequestStatus,
  /** Why staff rejected it, as they wrote it; null unless rejected. */
  reject_reason: z.string().nullable(),
  requested_at: z.string(),
});
export type OrderReturnRequest = z.infer<typeof OrderReturnRequest>;

/** `POST /orders/return/:id`: the customer's reason is optional, and so is the body. */
export const ReturnOrderBody = z
  .object({ reason: typedText().max(500, 'field_too_long').optional() })
  .nullish();

export const OrderDetail = OrderSummary.extend({
  items: z.array(OrderItem),
  /** The address or pick-up point, as it read when the order was placed. */
  delivery: z.string(),
  delivery_type: z.enum(['address', 'pickup']),
  /** Part of `total`: what delivery costs (0 when free, and on orders placed before it had a price). */
  delivery_fee: z.number().int(),
  /** The day delivery (or pick-up) was promised for, YYYY-MM-DD; null on older orders. */
  delivery_promised_on: z.string().nullable(),
  tariff: z.object({ months: z.number().int(), markup_percent: z.number().int() }).nullable(),
  card: Card.nullable(),
  /** Still to be paid up front before the order is confirmed; 0 once paid. */
  need_payed_price: z.number().int(),
  can_cancel: z.boolean(),
  /** Delivered or completed, and no return request waiting for staff. */
  can_return: z.boolean(),
  /** The latest return request; null when none was made. */
  return_request: OrderReturnRequest.nullable(),
  payments: z.array(Payment),
  /** The order's fiscal receipts, oldest first: one per payment and refund, and the handover's. */
  receipts: z.array(FiscalReceiptView),
  /** The order's credit's status; null for an order paid in full. */
  credit_status: CreditStatus.nullable(),
  /** Where it is on its way: confirmed, packed, with the courier, delivered… */
  step: FulfilmentStep,
  /** Placed, paid, and each step since, oldest first. */
  progress: z.array(OrderProgressStep),
  /** Who brings it and the number to follow it by, once it is with the courier. */
  courier_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

// ---- credits --------------------------------------------------------------------------------

export const InstallmentState = z.enum(['paid', 'partly_paid', 'due', 'overdue', 'upcoming']);
export type InstallmentState = z.infer<typeof InstallmentState>;

export const ScheduleRow = z.object({
  number: z.number().int(),
  /** YYYY-MM-DD */
  due_date: z.string(),
  amount: z.number().int(),
  penalty: z.number().int(),
  paid: z.number().int(),
  state: InstallmentState,
  paid_at: z.string().nullable(),
});
export type ScheduleRow = z.infer<typeof ScheduleRow>;

export const CreditSummary = z.object({
  id: z.number().int(),
  /** Contract number. */
  code: z.string(),
  order_id: z.number().int(),
  status: CreditStatus,
  status_name: z.string(),
  months: z.number().int(),
  monthly_payment: z.number().int(),
  /** The schedule's sum plus penalties. */
  total: z.number().int(),
  paid: z.number().int(),
  /** What remains to be paid in all. */
  debt_summa: z.number().int(),
  /** Due now: overdue and today's installments with their penalties; 0 when nothing is due. */
  need_payed_price: z.number().int(),
  next_due_date: z.string().nullable(),
  /** The next installment's unpaid part. */
  next_payment: z.number().int(),
  created_at: z.string(),
});
export type CreditSummary = z.infer<typeof CreditSummary>;

export const CreditDetail = CreditSummary.extend({
  financed: z.number().int(),
  markup_percent: z.number().int(),
  card: Card.nullable(),
  signed_at: z.string().nullable(),
  schedule: z.array(ScheduleRow),
  payments: z.array(Payment),
  /** The fiscal receipts of the credit's order, oldest first. */
  receipts: z.array(FiscalReceiptView),
  /** Goods of the order, for the heading. */
  items: z.array(OrderItem),
  /** The order's prepayment still to be paid: 0 once paid, or when there is none. */
  prepayment_due: z.number().int(),
});
export type CreditDetail = z.infer<typeof CreditDetail>;

export const CreditsQuery = pageQueryOf({ max: 50, fallback: 10 });

// ---- payments -------------------------------------------------------------------------------

export const CardPathParams = z.object({ id: Id, cardId: idOf('card_invalid') });

/** What a payment beyond what is due does to the rest of the schedule (`planPayment`). */
export const EarlyRepaymentMode = z.enum(EARLY_REPAYMENT_MODES, 'early_mode_invalid');
export type EarlyRepaymentMode = z.infer<typeof EarlyRepaymentMode>;

/**
 * `POST /credits/payment/:id`: one installment, several, or the whole rest early. With `mode`,
 * what is due is paid first and the surplus goes by the mode (at least one installment, unless it
 * is the whole rest); without it, the installments oldest first, any sum.
 */
export const CreditPaymentBody = z.object({
  card_id: idOf('card_invalid'),
  amount: PositiveMoney,
  mode: EarlyRepaymentMode.optional(),
});
export type CreditPaymentInput = z.input<typeof CreditPaymentBody>;

/** `POST /credits/:id/early-repayment/preview`: what a payment would do, nothing paid. */
export const EarlyRepaymentPreviewBody = z.object({
  amount: PositiveMoney,
  mode: EarlyRepaymentMode.default('shorter_term'),
});
export type EarlyRepaymentPreviewInput = z.input<typeof EarlyRepaymentPreviewBody>;

export const EarlyRepaymentPreview = z.object({
  amount: z.number().int(),
  mode: EarlyRepaymentMode,
  /** The part of the amount that pays what is due now; the rest of it is early. */
  due_part: z.number().int(),
  early_part: z.number().int(),
  debt_before: z.number().int(),
  debt_after: z.number().int(),
  /** Installments not fully paid, before and after. */
  installments_left_before: z.number().int(),
  installments_left_after: z.number().int(),
  /** The next unpaid installment after the payment: its date and what it will ask. */
  next_due_date: z.string().nullable(),
  next_payment: z.number().int(),
  /** The last installment still owing after the payment (YYYY-MM-DD), null when all is paid. */
  last_due_date: z.string().nullable(),
  /** The schedule as it will be, every installment with what it will have paid. */
  schedule: z.array(ScheduleRow),
});
export type EarlyRepaymentPreview = z.infer<typeof EarlyRepaymentPreview>;

/** `PUT /credits/:id/card`: the card autopay debits from now on. */
export const CreditCardBody = z.object({ card_id: idOf('card_invalid') });

export const PaymentResult = z.object({
  payment_id: z.number().int(),
  state: PaymentState,
  amount: z.number().int(),
  order_id: z.number().int(),
  credit_id: z.number().int().nullable(),
  /** Why the gateway refused it, in the caller's language; null unless failed. */
  decline: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

// ---- contract -------------------------------------------------------------------------------

export const ContractSection = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
});

/** The contract as the customer reads it, in one language; the PDF is made from the same text. */
export const ContractDocument = z.object({
  credit_id: z.number().int(),
  number: z.string(),
  title: z.string(),
  /** YYYY-MM-DD, the day it was drawn up. */
  date: z.string(),
  sections: z.array(ContractSection),
  schedule: z.array(
    z.object({ number: z.number().int(), due_date: z.string(), amount: z.number().int() }),
  ),
  signed_at: z.string().nullable(),
  /** SHA-256 of the signed text; null until signed. */
  hash: z.string().nullable(),
});
export type ContractDocument = z.infer<typeof ContractDocument>;

/** Where the signing code went, and seconds until another may be asked. */
export const ContractCodeSent = z.object({ phone: z.string(), wait: z.number().int() });
export type ContractCodeSent = z.infer<typeof ContractCodeSent>;

export const ContractSignBody = z.object({
  otp: z
    .string('field_required')
    .trim()
    .regex(/^\d{6}$/, 'otp_format'),
});

export const PlacedOrderAnswer = messageOf(PlacedOrder);

/**
 * `POST /orders/prepayment/:id` (`/profile/additional-limit`): a new prepayment for an installment
 * order whose contract is not signed yet; the credit, its schedule and contract follow.
 */
export const PrepaymentBody = z.object({ prepayment: Money });
/** The most a prepayment field accepts: ten digits (SPEC §5), within what any call accepts. */
export const MAX_PREPAYMENT = Math.min(MAX_MONEY, 9_999_999_999);
