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
--> statement-breakpoint
-- Lists and search sort by rating and filter "4 stars and more": the rating joins the columns a
-- category's listings (migration 0015) and the search postings (migration 0014) carry, written by
-- the same functions as before, which now also refresh a product whose rating changed.
ALTER TABLE "category_listings" ADD COLUMN "rating" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_refresh_category_listings(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM category_listings WHERE product_id = ANY (ids);
  INSERT INTO category_listings
    (category_id, product_id, popularity, price, discount, brand_id, color_id, rating)
  WITH RECURSIVE listed (category_id, product_id) AS (
    SELECT p.category_id, p.id FROM products p WHERE p.id = ANY (ids) AND p.is_active
    UNION ALL
    SELECT c.parent_id, l.product_id FROM listed l JOIN categories c ON c.id = l.category_id
    WHERE c.parent_id IS NOT NULL
  )
  SELECT l.category_id, p.id, p.popularity, p.price,
    CASE WHEN p.old_price > p.price THEN (p.old_price - p.price)::float8 / p.old_price ELSE 0 END,
    p.brand_id, p.color_id, p.rating
  FROM listed l JOIN products p ON p.id = l.product_id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_sync_category_listings() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT id FROM changed);
  ELSE
    ids := ARRAY(
      SELECT n.id FROM changed n JOIN previous o ON o.id = n.id
      WHERE (n.category_id, n.is_active, n.popularity, n.price, n.old_price, n.brand_id, n.color_id, n.rating)
        IS DISTINCT FROM
        (o.category_id, o.is_active, o.popularity, o.price, o.old_price, o.brand_id, o.color_id, o.rating));
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM bozor_refresh_category_listings(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE INDEX "category_listings_rating_idx" ON "category_listings"
	("category_id", "rating" DESC, "popularity" DESC, "product_id") INCLUDE ("price", "brand_id", "color_id");
--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "rating" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_refresh_search_postings(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM search_postings WHERE product_id = ANY (ids);
  INSERT INTO search_postings
    (word, product_id, rank, positions, popularity, price, old_price, brand_id, color_id, value_ids, rating)
  SELECT w.lexeme, p.id,
    (SELECT sum(1.0 / (k * k)) FROM generate_series(1, cardinality(w.positions)) AS k),
    coalesce((SELECT bit_or(1::bigint << (n - 1)) FROM unnest(w.positions) AS n WHERE n <= 63), 0),
    p.popularity, p.price, p.old_price, p.brand_id, p.color_id,
    coalesce((SELECT array_agg(v.value_id ORDER BY v.value_id)
      FROM product_attribute_values v WHERE v.product_id = p.id), '{}'),
    p.rating
  FROM products p, unnest(p.search_vector) AS w
  WHERE p.id = ANY (ids) AND p.is_active;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_sync_search_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'products' AND TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT id FROM changed);
  ELSIF TG_TABLE_NAME = 'products' THEN
    ids := ARRAY(
      SELECT n.id FROM changed n JOIN previous o ON o.id = n.id
      WHERE (n.search_vector, n.is_active, n.popularity, n.price, n.old_price, n.brand_id, n.color_id, n.rating)
        IS DISTINCT FROM
        (o.search_vector, o.is_active, o.popularity, o.price, o.old_price, o.brand_id, o.color_id, o.rating));
  ELSE
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT product_id FROM changed);
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT product_id FROM previous);
    ELSE
      ids := ARRAY(SELECT product_id FROM changed UNION SELECT product_id FROM previous);
    END IF;
    PERFORM 1 FROM products WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM bozor_refresh_search_postings(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP INDEX "search_postings_word_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "search_postings_word_idx" ON "search_postings" ("word", "product_id")
	INCLUDE ("rank", "positions", "popularity", "price", "old_price", "brand_id", "color_id", "value_ids", "rating");
