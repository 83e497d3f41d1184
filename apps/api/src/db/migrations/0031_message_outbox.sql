-- The messages a change sends, written in its transaction and sent after it by the request or,
-- failing that, by the message-outbox job (DESIGN §6a).
CREATE TABLE "message_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"notification_id" integer,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_channel_check" CHECK ("message_outbox"."channel" in ('sms'))
);
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_pending_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."sent_at" is null and "message_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "message_outbox_customer_idx" ON "message_outbox" USING btree ("customer_id","created_at");
