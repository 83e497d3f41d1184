-- Reviews from people who bought (issue 38): one review per order item, moderated unless the shop
-- publishes at once; the product keeps the sums of its published reviews (average, count, count
-- per star), written when a review is published, taken down or changed. Being product columns,
-- a change is announced on bozor_catalogue like a price change (migration 0013), so the response
-- cache drops the product's answers and search reads the product again.
ALTER TABLE "products" ADD COLUMN "rating" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_stars" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviews_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"rating" smallint NOT NULL,
	"pros" text DEFAULT '' NOT NULL,
	"cons" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"moderated_at" timestamp with time zone,
	"moderated_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edit_until" timestamp with time zone NOT NULL,
	CONSTRAINT "product_reviews_rating_check" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_photos_check" CHECK (cardinality("product_reviews"."photos") <= 5),
	CONSTRAINT "product_reviews_status_check" CHECK ("product_reviews"."status" in ('pending', 'published', 'rejected')),
	CONSTRAINT "product_reviews_reason_check" CHECK (("product_reviews"."status" = 'rejected') = ("product_reviews"."reject_reason" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_order_item_key" ON "product_reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_customer_idx" ON "product_reviews" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "review_helpful_votes" (
	"review_id" integer NOT NULL REFERENCES "product_reviews"("id") ON DELETE cascade,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_votes_review_id_customer_id_pk" PRIMARY KEY("review_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"publish_at_once" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_one_row" CHECK ("review_settings"."id" = 1)
);
--> statement-breakpoint
-- Listings sort by rating: the best rated first, then the most popular.
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC, "popularity" DESC, "id") WHERE "is_active";
