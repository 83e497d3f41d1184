CREATE TABLE "checkout_items" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"count" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_items_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id"),
	CONSTRAINT "checkout_items_count_check" CHECK ("checkout_items"."count" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"number" text NOT NULL,
	"body_uz" text NOT NULL,
	"body_ru" text NOT NULL,
	"hash" text,
	"code_hash" text,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"code_sends" smallint DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"penalty" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"failed_debits" smallint DEFAULT 0 NOT NULL,
	"last_decline" text,
	CONSTRAINT "credit_installments_amount_check" CHECK ("credit_installments"."amount" > 0),
	CONSTRAINT "credit_installments_paid_check" CHECK ("credit_installments"."paid" >= 0 and "credit_installments"."paid" <= "credit_installments"."amount" + "credit_installments"."penalty"),
	CONSTRAINT "credit_installments_penalty_check" CHECK ("credit_installments"."penalty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name_uz" text NOT NULL,
	"name_ru" text NOT NULL,
	"image" text,
	"price" bigint NOT NULL,
	"count" smallint NOT NULL,
	CONSTRAINT "order_items_count_check" CHECK ("order_items"."count" between 1 and 99),
	CONSTRAINT "order_items_price_check" CHECK ("order_items"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"payment_type" text NOT NULL,
	"total" bigint NOT NULL,
	"prepayment" bigint DEFAULT 0 NOT NULL,
	"tariff_id" integer,
	"card_id" integer,
	"address_id" integer,
	"branch_id" integer,
	"delivery_uz" text NOT NULL,
	"delivery_ru" text NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in (-2, -1, 1, 2, 3, 4, 5, 10)),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('installment', 'full')),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total" > 0),
	CONSTRAINT "orders_prepayment_check" CHECK ("orders"."prepayment" >= 0 and "orders"."prepayment" <= "orders"."total"),
	CONSTRAINT "orders_tariff_check" CHECK (("orders"."payment_type" = 'installment') = ("orders"."tariff_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"credit_id" integer,
	"card_id" integer,
	"purpose" text NOT NULL,
	"amount" bigint NOT NULL,
	"gateway_key" text NOT NULL,
	"state" text DEFAULT 'checking' NOT NULL,
	"gateway_payment_id" text,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('checking', 'paid', 'failed', 'refunded')),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('full', 'first', 'installment', 'early', 'autopay'))
);
--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "status" text DEFAULT 'not_signed' NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "months" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "markup_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "financed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "monthly_payment" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_installments" ADD CONSTRAINT "credit_installments_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_delivery_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."delivery_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."credits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_credit_key" ON "contracts" USING btree ("credit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_key" ON "contracts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_installments_credit_number_key" ON "credit_installments" USING btree ("credit_id","number");--> statement-breakpoint
CREATE INDEX "credit_installments_due_idx" ON "credit_installments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_key" ON "payments" USING btree ("gateway_key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_credit_idx" ON "payments" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "payments_checking_idx" ON "payments" USING btree ("created_at") WHERE "payments"."state" = 'checking';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_upfront_key" ON "payments" USING btree ("order_id") WHERE "payments"."purpose" in ('full', 'first') and "payments"."state" in ('checking', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_credit_checking_key" ON "payments" USING btree ("credit_id") WHERE "payments"."credit_id" is not null and "payments"."state" = 'checking';--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credits_order_key" ON "credits" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_status_check" CHECK ("credits"."status" in ('not_signed', 'active', 'overdue', 'closed', 'cancelled'));