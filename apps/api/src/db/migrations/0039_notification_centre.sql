-- The notification centre (issue 38, docs/notifications.md): one notice store for every channel,
-- a customer's settings per topic and channel, alerts on products and recently viewed products.
ALTER TABLE "notifications" ADD COLUMN "topic" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_topic_check" CHECK ("notifications"."topic" in ('account', 'orders', 'payments', 'reviews', 'alerts', 'promotions'));--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("customer_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- notices written before the centre existed were seen in the list; none of them is unread now
UPDATE "notifications" SET "read_at" = "created_at";--> statement-breakpoint
UPDATE "notifications" SET "topic" = CASE
  WHEN "kind" IN ('order_status', 'order_expired', 'order_cancelled', 'order_returned', 'return_rejected') THEN 'orders'
  WHEN "kind" IN ('payment_paid', 'payment_failed', 'autopay_failed', 'credit_closed', 'installment_overdue', 'payment_returned', 'installment_due_soon', 'installment_due_today', 'fiscal_receipt') THEN 'payments'
  ELSE 'account' END;--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_channel_check";--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_channel_check" CHECK ("message_outbox"."channel" in ('sms', 'telegram'));--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"customer_id" integer NOT NULL,
	"topic" text NOT NULL,
	"sms" boolean NOT NULL,
	"telegram" boolean NOT NULL,
	"in_shop" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_customer_id_topic_pk" PRIMARY KEY("customer_id","topic"),
	CONSTRAINT "notification_settings_topic_check" CHECK ("notification_settings"."topic" in ('orders', 'payments', 'reviews', 'alerts', 'promotions'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "product_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"price_seen" bigint NOT NULL,
	"below_price" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "product_alerts_kind_check" CHECK ("product_alerts"."kind" in ('back_in_stock', 'price_drop')),
	CONSTRAINT "product_alerts_below_price_check" CHECK ("product_alerts"."below_price" is null or "product_alerts"."below_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_alerts_waiting_key" ON "product_alerts" USING btree ("customer_id","product_id","kind") WHERE "product_alerts"."fired_at" is null and "product_alerts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "product_alerts_product_idx" ON "product_alerts" USING btree ("product_id") WHERE "product_alerts"."fired_at" is null and "product_alerts"."cancelled_at" is null;--> statement-breakpoint
CREATE TABLE "recently_viewed" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recently_viewed_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recently_viewed_customer_idx" ON "recently_viewed" USING btree ("customer_id","viewed_at");--> statement-breakpoint
-- A product whose stock comes back from 0, or whose price falls, while customers wait for it:
-- the change schedules the `product-alerts` job (run at once by a process that hears
-- `bozor_alerts`, otherwise by the next run of the job runner), which tells them. Nothing is sent
-- inside the change's transaction: staff saving a product, an import or an editor's SQL only
-- leave a job row.
CREATE OR REPLACE FUNCTION bozor_product_alerts_due() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  due integer[];
BEGIN
  SELECT array_agg(DISTINCT n.id) INTO due
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE ((o.stock = 0 AND n.stock > 0) OR n.price < o.price)
    AND EXISTS (
      SELECT 1 FROM product_alerts a
      WHERE a.product_id = n.id AND a.fired_at IS NULL AND a.cancelled_at IS NULL
    );
  IF due IS NOT NULL THEN
    INSERT INTO jobs (kind, payload, run_at)
    VALUES ('product-alerts', jsonb_build_object('products', to_jsonb(due)), now());
    PERFORM pg_notify('bozor_alerts', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_alerts_due" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_product_alerts_due();
