-- Promotions the back office sends (docs/notifications.md "Promotions"): a draft, then sent once
-- by the `promotion-send` job in batches, to the customers whose settings turned promotions on
-- for a channel. `promotion_recipients` holds who was told, one row each: a batch run twice
-- tells nobody twice.
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_uz" text NOT NULL,
	"title_ru" text NOT NULL,
	"text_uz" text NOT NULL,
	"text_ru" text NOT NULL,
	"link" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_requested_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_customer_id" integer DEFAULT 0 NOT NULL,
	"waiting_until" timestamp with time zone,
	CONSTRAINT "promotions_state_check" CHECK ("promotions"."state" in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_sent_by_staff_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "promotion_recipients" (
	"promotion_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"notification_id" integer,
	"in_shop" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_recipients_promotion_id_customer_id_pk" PRIMARY KEY("promotion_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "promotion_recipients" ADD CONSTRAINT "promotion_recipients_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_recipients" ADD CONSTRAINT "promotion_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_recipients" ADD CONSTRAINT "promotion_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_recipients_notification_idx" ON "promotion_recipients" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "message_outbox_notification_idx" ON "message_outbox" USING btree ("notification_id");
