-- Delivery size classes (DESIGN §6c): a product is standard or bulky (KGT: fridges, washing
-- machines, big TVs, furniture), and each rate has terms for a basket holding bulky goods: its
-- own courier fee, which no basket sum makes free, and days beyond the rate's. Pick-up stays free
-- for bulky goods too. Rates already written get the reference bulky terms of db/delivery-rates.ts
-- (a region or district it does not name gets its fallback); staff change them in the back office.
ALTER TABLE "products" ADD COLUMN "size_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_class_check" CHECK ("products"."size_class" in ('standard', 'bulky'));--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD COLUMN "bulky_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD COLUMN "bulky_extra_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "delivery_rates" SET "bulky_fee" = 350000, "bulky_extra_days" = 3 WHERE "region_id" IS NOT NULL;--> statement-breakpoint
UPDATE "delivery_rates" SET "bulky_fee" = terms."fee", "bulky_extra_days" = terms."extra"
FROM "regions", (VALUES
	('toshkent-shahri', 150000, 1),
	('toshkent-viloyati', 200000, 1),
	('sirdaryo', 250000, 2),
	('jizzax', 250000, 2),
	('samarqand', 250000, 2),
	('andijon', 300000, 2),
	('namangan', 300000, 2),
	('fargona', 300000, 2),
	('qashqadaryo', 300000, 2),
	('navoiy', 300000, 2),
	('buxoro', 300000, 2),
	('surxondaryo', 350000, 3),
	('xorazm', 350000, 3),
	('qoraqalpogiston', 400000, 3)
) AS terms("slug", "fee", "extra")
WHERE "regions"."id" = "delivery_rates"."region_id" AND "regions"."slug" = terms."slug";--> statement-breakpoint
UPDATE "delivery_rates" SET "bulky_fee" = terms."fee", "bulky_extra_days" = terms."extra"
FROM "districts", (VALUES
	('bostonliq', 250000, 2),
	('moynoq', 450000, 4)
) AS terms("slug", "fee", "extra")
WHERE "districts"."id" = "delivery_rates"."district_id" AND "districts"."slug" = terms."slug";--> statement-breakpoint
UPDATE "delivery_rates" SET "bulky_extra_days" = 1 WHERE "region_id" IS NULL;--> statement-breakpoint
ALTER TABLE "delivery_rates" ALTER COLUMN "bulky_fee" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "delivery_rates" DROP CONSTRAINT "delivery_rates_pickup_check";--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_pickup_check" CHECK ("delivery_rates"."region_id" is not null or ("delivery_rates"."courier_fee" = 0 and "delivery_rates"."free_from" is null and "delivery_rates"."bulky_fee" = 0));--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_bulky_fee_check" CHECK ("delivery_rates"."bulky_fee" >= 0);--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_bulky_extra_days_check" CHECK ("delivery_rates"."bulky_extra_days" between 0 and 30);
