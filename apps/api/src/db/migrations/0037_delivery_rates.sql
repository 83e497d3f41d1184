-- Delivery has a price and a date (DESIGN §6c). Rates by region, by district where it differs,
-- and one for pick-up at a branch; the reference rates are written at start beside the regions
-- (db/delivery-rates.ts), since the regions themselves are written then. An order keeps its fee
-- (part of its total, so orders placed before keep fee 0 and their totals) and its promised day.
CREATE TABLE "delivery_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer,
	"district_id" integer,
	"courier_fee" bigint NOT NULL,
	"free_from" bigint,
	"days" smallint NOT NULL,
	"cutoff_hour" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_rates_place_check" CHECK ("delivery_rates"."district_id" is null or "delivery_rates"."region_id" is not null),
	CONSTRAINT "delivery_rates_pickup_check" CHECK ("delivery_rates"."region_id" is not null or ("delivery_rates"."courier_fee" = 0 and "delivery_rates"."free_from" is null)),
	CONSTRAINT "delivery_rates_fee_check" CHECK ("delivery_rates"."courier_fee" >= 0),
	CONSTRAINT "delivery_rates_free_from_check" CHECK ("delivery_rates"."free_from" > 0),
	CONSTRAINT "delivery_rates_days_check" CHECK ("delivery_rates"."days" between 0 and 30),
	CONSTRAINT "delivery_rates_cutoff_check" CHECK ("delivery_rates"."cutoff_hour" between 0 and 24)
);
--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_district_region_fk" FOREIGN KEY ("district_id","region_id") REFERENCES "public"."districts"("id","region_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_rates_place_key" ON "delivery_rates" USING btree (coalesce("region_id", 0),coalesce("district_id", 0));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_promised_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_check" CHECK ("orders"."delivery_fee" >= 0 and "orders"."delivery_fee" < "orders"."total");--> statement-breakpoint
CREATE INDEX "orders_promised_idx" ON "orders" USING btree ("delivery_promised_on") WHERE "orders"."delivery_promised_on" is not null and "orders"."delivered_at" is null;
