-- Several card gateways (Payme and Click). A card pays, autopays and is refunded through the
-- gateway that bound it, which its token names: Click's tokens carry a `click:` prefix, the
-- sandbox's begin with `sbx_`, and every other token is Payme's (all of them before Click).
ALTER TABLE "cards" ADD COLUMN "gateway" text GENERATED ALWAYS AS (case when left(gateway_token, 6) = 'click:' then 'click' when left(gateway_token, 4) = 'sbx_' then 'sandbox' else 'payme' end) STORED NOT NULL;--> statement-breakpoint
-- The Click adapter's books: Click keeps no receipt before a payment, so the adapter keeps each
-- receipt Bozor creates (amount, fiscal lines, the merchant_trans_id of its attempt to pay).
CREATE TABLE "click_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"fiscal" jsonb,
	"state" text DEFAULT 'created' NOT NULL,
	"attempt" smallint DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"payment_id" text,
	"fiscal_submitted_at" timestamp with time zone,
	"fiscal_error" text,
	"fiscal_attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "click_receipts_state_check" CHECK ("click_receipts"."state" in ('created', 'paying', 'paid', 'cancelled')),
	CONSTRAINT "click_receipts_amount_check" CHECK ("click_receipts"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "click_receipts_created_idx" ON "click_receipts" USING btree ("created_at");
