import { z } from 'zod';

const Sales = z.object({
  /** Orders placed, not cancelled or rejected. */
  orders: z.number().int(),
  /** Their totals, whole sum. */
  revenue: z.number().int(),
});

/** The back office's first screen: sales, the credit book's health, what waits for people. */
export const Dashboard = z.object({
  today: Sales,
  month: Sales,
  /** Share of this month's orders bought on installments, 0 to 1. */
  installment_share: z.number(),
  /** Owed on installments past their due date, whole sum. */
  overdue: z.number().int(),
  par30: z.number(),
  /** Scorings waiting for a credit officer (SCORING_MODE=review). */
  scoring_queue: z.number().int(),
  /** Payments waiting for a person (needs_attention). */
  payments_attention: z.number().int(),
  /** Reconciliation mismatches no member of staff has closed yet. */
  mismatches_open: z.number().int(),
  /** Fiscal receipts the register refused past their retries, waiting for a person. */
  fiscal_failed: z.number().int(),
  /** The last 30 Tashkent days, oldest first. */
  series: z.array(
    z.object({
      day: z.string(),
      orders: z.number().int(),
      revenue: z.number().int(),
      /** Of those orders, bought on installments. */
      installments: z.number().int(),
      /** Owed on installments past their due date at the end of the day, penalties included. */
      overdue: z.number().int(),
      /** PAR30 at the end of the day, 0 to 1. */
      par30: z.number(),
      /** Scorings waiting for a credit officer at the end of the day. */
      scoring_queue: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof Dashboard>;
