-- A credit payment keeps what the customer chose for the part of it beyond what is due (a shorter
-- term or smaller installments), so the settle applies it however late the gateway's answer
-- comes. Null is a payment put on the installments oldest first, as every payment before was.
ALTER TABLE "payments" ADD COLUMN "early_mode" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_early_mode_check" CHECK ("payments"."early_mode" in ('shorter_term', 'smaller_installments'));
