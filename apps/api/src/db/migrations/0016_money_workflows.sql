-- Payments keep the gateway's receipt from before it is paid, so a lost answer is settled by
-- asking about that receipt, never by paying a new one; refunds and payments a person has to
-- look at get states of their own (DESIGN §6a).
ALTER TABLE "payments" DROP CONSTRAINT "payments_state_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_state_check" CHECK ("state" in ('checking', 'paid', 'failed', 'refunding', 'refunded', 'needs_attention'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_id" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_state" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_key" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settle_failures" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_reason" text;
--> statement-breakpoint
UPDATE "payments" SET "receipt_id" = "gateway_payment_id", "receipt_state" = CASE "state" WHEN 'refunded' THEN 'cancelled' ELSE 'paid' END WHERE "gateway_payment_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "payments" SET "refund_key" = 'refund:' || "gateway_key", "refunded_at" = "updated_at" WHERE "state" = 'refunded';
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_key" ON "payments" USING btree ("receipt_id");
--> statement-breakpoint
CREATE INDEX "payments_refunding_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."state" = 'refunding';
--> statement-breakpoint
CREATE INDEX "payments_attention_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."state" = 'needs_attention';
--> statement-breakpoint
CREATE TABLE "sandbox_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"token" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sandbox_receipts_state_check" CHECK ("state" in ('created', 'paid', 'cancelled')),
	CONSTRAINT "sandbox_receipts_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "sandbox_receipts_created_idx" ON "sandbox_receipts" USING btree ("created_at");
--> statement-breakpoint
-- What the sandbox paid before it kept books of its own: its payments, as receipts.
INSERT INTO "sandbox_receipts" ("id", "amount", "reference", "description", "state", "created_at", "paid_at", "cancelled_at")
SELECT "gateway_payment_id", "amount", "gateway_key", 'Bozor order ' || "order_id", CASE "state" WHEN 'refunded' THEN 'cancelled' ELSE 'paid' END, "created_at", "updated_at", CASE "state" WHEN 'refunded' THEN "updated_at" END
FROM "payments" WHERE "gateway_payment_id" LIKE 'sbx_pay_%';
