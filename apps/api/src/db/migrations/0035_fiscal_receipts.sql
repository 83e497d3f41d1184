-- Fiscal receipts (DESIGN §6c). Categories give their goods an IKPU (MXIK) code, a package code,
-- a unit and a VAT rate; a product may set its own. Each payment paid or refunded, and each order
-- on installments handed over, writes a receipt to register in the same transaction (the
-- triggers below), so no path that moves money can leave one out; the `fiscal-register` job
-- builds its lines and registers it, retrying, and past a limit leaves it to a person.
ALTER TABLE "categories" ADD COLUMN "ikpu" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "units" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "vat_percent" smallint;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_ikpu_check" CHECK ("categories"."ikpu" ~ '^[0-9]{17}$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_package_code_check" CHECK ("categories"."package_code" ~ '^[0-9]{1,20}$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_vat_percent_check" CHECK ("categories"."vat_percent" in (0, 12));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ikpu" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_percent" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ikpu_check" CHECK ("products"."ikpu" ~ '^[0-9]{17}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_package_code_check" CHECK ("products"."package_code" ~ '^[0-9]{1,20}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_percent_check" CHECK ("products"."vat_percent" in (0, 12));--> statement-breakpoint
CREATE TABLE "fiscal_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"payment_id" integer,
	"order_id" integer NOT NULL,
	"kind" text,
	"amount" bigint,
	"paid_by" text NOT NULL,
	"lines" jsonb,
	"refers_to" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"terminal_id" text,
	"receipt_seq" text,
	"fiscal_sign" text,
	"qr_url" text,
	"registered_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_event_check" CHECK ("fiscal_receipts"."event" in ('payment', 'refund', 'handover')),
	CONSTRAINT "fiscal_receipts_kind_check" CHECK ("fiscal_receipts"."kind" in ('sale', 'advance', 'credit_sale', 'credit', 'refund')),
	CONSTRAINT "fiscal_receipts_paid_by_check" CHECK ("fiscal_receipts"."paid_by" in ('card', 'cash', 'credit')),
	CONSTRAINT "fiscal_receipts_state_check" CHECK ("fiscal_receipts"."state" in ('pending', 'registered', 'failed')),
	CONSTRAINT "fiscal_receipts_payment_check" CHECK (("fiscal_receipts"."event" = 'handover') = ("fiscal_receipts"."payment_id" is null))
);--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_refers_to_fiscal_receipts_id_fk" FOREIGN KEY ("refers_to") REFERENCES "public"."fiscal_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_payment_event_key" ON "fiscal_receipts" USING btree ("payment_id","event") WHERE "fiscal_receipts"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_handover_key" ON "fiscal_receipts" USING btree ("order_id") WHERE "fiscal_receipts"."event" = 'handover';--> statement-breakpoint
CREATE INDEX "fiscal_receipts_order_idx" ON "fiscal_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_due_idx" ON "fiscal_receipts" USING btree ("next_at") WHERE "fiscal_receipts"."state" = 'pending';--> statement-breakpoint
CREATE FUNCTION bozor_fiscal_from_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'paid' AND (TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM 'paid') THEN
    INSERT INTO fiscal_receipts (event, payment_id, order_id, amount, paid_by)
    VALUES ('payment', NEW.id, NEW.order_id, NEW.amount, NEW.method)
    ON CONFLICT DO NOTHING;
  ELSIF NEW.state = 'refunded' AND TG_OP = 'UPDATE' AND OLD.state IS DISTINCT FROM 'refunded' THEN
    INSERT INTO fiscal_receipts (event, payment_id, order_id, amount, paid_by)
    VALUES ('refund', NEW.id, NEW.order_id, NEW.amount, NEW.method)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_fiscal_insert AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION bozor_fiscal_from_payment();--> statement-breakpoint
CREATE TRIGGER payments_fiscal_update AFTER UPDATE OF state ON payments
  FOR EACH ROW EXECUTE FUNCTION bozor_fiscal_from_payment();--> statement-breakpoint
CREATE FUNCTION bozor_fiscal_from_handover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- delivered (4), or completed (5) by a credit paid off before the goods were handed over
  IF NEW.status IN (4, 5) AND OLD.status NOT IN (4, 5)
     AND EXISTS (SELECT 1 FROM credits WHERE order_id = NEW.id AND status <> 'cancelled') THEN
    INSERT INTO fiscal_receipts (event, order_id, paid_by)
    VALUES ('handover', NEW.id, 'credit')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_fiscal_handover AFTER UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION bozor_fiscal_from_handover();
