ALTER TABLE "payments" ADD COLUMN "attention_kind" text;--> statement-breakpoint
UPDATE "payments" SET "attention_kind" = CASE
	WHEN "attention_reason" LIKE 'cash paid at a branch%' THEN 'cash_return'
	WHEN "attention_reason" LIKE '%refunding payment has no receipt%' THEN 'refund_no_receipt'
	WHEN "attention_reason" LIKE '% of a refund is %' THEN 'refund_stuck'
	WHEN "attention_reason" LIKE '%was paid and cancelled%' THEN 'paid_cancelled'
	ELSE 'settle_failed'
END WHERE "state" = 'needs_attention' OR "attention_reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attention_kind_check" CHECK ("payments"."attention_kind" in ('cash_return', 'refund_no_receipt', 'refund_stuck', 'paid_cancelled', 'settle_failed') and ("payments"."state" <> 'needs_attention' or "payments"."attention_kind" is not null));
