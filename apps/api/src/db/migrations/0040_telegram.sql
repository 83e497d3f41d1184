-- Telegram (issue 38): a customer's chat with the shop's bot, and the one-time tokens of the deep
-- link that makes it (kept as hashes, short-lived). The bot's notices go through the message
-- outbox (channel 'telegram', 0039), so Telegram being down never holds up a sale.
CREATE TABLE "telegram_links" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"username" text,
	"first_name" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_chat_key" ON "telegram_links" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_link_tokens_hash_key" ON "telegram_link_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_customer_idx" ON "telegram_link_tokens" USING btree ("customer_id");
