-- The daily comparison of the card gateway's receipts with the shop's payments and ledger.
CREATE TABLE "reconciliation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"gateway" text NOT NULL,
	"receipts" integer NOT NULL,
	"payments" integer NOT NULL,
	"mismatches" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_reports_day_key" ON "reconciliation_reports" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "reconciliation_mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL REFERENCES "reconciliation_reports"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"receipt_id" text,
	"payment_id" integer REFERENCES "payments"("id") ON DELETE SET NULL,
	"gateway_amount" bigint,
	"shop_amount" bigint,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_report_idx" ON "reconciliation_mismatches" USING btree ("report_id");
