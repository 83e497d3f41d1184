ALTER TABLE "sandbox_receipts" DROP CONSTRAINT "sandbox_receipts_state_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_attention_kind_check";--> statement-breakpoint
DROP INDEX "payments_order_upfront_key";--> statement-breakpoint
DROP INDEX "payments_credit_checking_key";--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "sandbox_receipts" ADD COLUMN "settles_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_upfront_key" ON "payments" USING btree ("order_id") WHERE "payments"."purpose" in ('full', 'first') and ("payments"."state" in ('checking', 'paid') or ("payments"."state" = 'needs_attention' and "payments"."attention_kind" in ('check_stuck', 'settle_failed', 'paid_cancelled')));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_credit_checking_key" ON "payments" USING btree ("credit_id") WHERE "payments"."credit_id" is not null and ("payments"."state" = 'checking' or ("payments"."state" = 'needs_attention' and "payments"."attention_kind" in ('check_stuck', 'settle_failed', 'paid_cancelled')));--> statement-breakpoint
ALTER TABLE "sandbox_receipts" ADD CONSTRAINT "sandbox_receipts_state_check" CHECK ("sandbox_receipts"."state" in ('created', 'paying', 'paid', 'cancelling', 'cancelled'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('debit', 'refund', 'prepayment', 'penalty', 'penalty_waiver'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attention_kind_check" CHECK ("payments"."attention_kind" in ('cash_return', 'refund_no_receipt', 'refund_stuck', 'paid_cancelled', 'settle_failed', 'check_stuck') and ("payments"."state" <> 'needs_attention' or "payments"."attention_kind" is not null));