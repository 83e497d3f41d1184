-- A category page lists the active products of the category and of every category under it, in
-- one of four orders. Its listings hold one row per product and category it is listed under (its
-- own and each ancestor) with the columns lists sort and filter by, so a page is one range of one
-- covering index (`category_id = $1`, walked in the sort's order) instead of a walk of the whole
-- catalogue's order filtered to the subtree's categories; its plan is the same for every category,
-- so it is planned once per connection.
CREATE TABLE "category_listings" (
	"category_id" integer NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"popularity" integer NOT NULL,
	"price" bigint NOT NULL,
	"discount" double precision NOT NULL,
	"brand_id" integer,
	"color_id" integer,
	PRIMARY KEY ("category_id", "product_id")
);
--> statement-breakpoint
-- Rewrites the listings of the given products from their current state: an inactive product has
-- none. `discount` is the share of the old price taken off, as the discount order sorts.
CREATE OR REPLACE FUNCTION bozor_refresh_category_listings(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM category_listings WHERE product_id = ANY (ids);
  INSERT INTO category_listings
    (category_id, product_id, popularity, price, discount, brand_id, color_id)
  WITH RECURSIVE listed (category_id, product_id) AS (
    SELECT p.category_id, p.id FROM products p WHERE p.id = ANY (ids) AND p.is_active
    UNION ALL
    SELECT c.parent_id, l.product_id FROM listed l JOIN categories c ON c.id = l.category_id
    WHERE c.parent_id IS NOT NULL
  )
  SELECT l.category_id, p.id, p.popularity, p.price,
    CASE WHEN p.old_price > p.price THEN (p.old_price - p.price)::float8 / p.old_price ELSE 0 END,
    p.brand_id, p.color_id
  FROM listed l JOIN products p ON p.id = l.product_id;
$$;
--> statement-breakpoint
-- The listings are written before their indexes are built, which packs the indexes tight.
SELECT bozor_refresh_category_listings(ARRAY(SELECT id FROM products));
--> statement-breakpoint
CREATE INDEX "category_listings_famous_idx" ON "category_listings"
	("category_id", "popularity" DESC, "product_id") INCLUDE ("price", "brand_id", "color_id");
--> statement-breakpoint
CREATE INDEX "category_listings_cheap_idx" ON "category_listings"
	("category_id", "price", "product_id") INCLUDE ("brand_id", "color_id");
--> statement-breakpoint
CREATE INDEX "category_listings_expensive_idx" ON "category_listings"
	("category_id", "price" DESC, "product_id") INCLUDE ("brand_id", "color_id");
--> statement-breakpoint
CREATE INDEX "category_listings_discount_idx" ON "category_listings"
	("category_id", "discount" DESC, "popularity" DESC, "product_id")
	INCLUDE ("price", "brand_id", "color_id");
--> statement-breakpoint
-- A brand (or a few) within a category: its own range, in the default order, instead of the whole
-- category's range filtered.
CREATE INDEX "category_listings_brand_idx" ON "category_listings"
	("category_id", "brand_id", "popularity" DESC, "product_id") INCLUDE ("price", "color_id");
--> statement-breakpoint
CREATE INDEX "category_listings_product_idx" ON "category_listings" ("product_id");
--> statement-breakpoint
-- Each statement that writes products refreshes those it changed in what the listings hold; a
-- product update that leaves those columns alone (a stock count) costs nothing.
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
      WHERE (n.category_id, n.is_active, n.popularity, n.price, n.old_price, n.brand_id, n.color_id)
        IS DISTINCT FROM
        (o.category_id, o.is_active, o.popularity, o.price, o.old_price, o.brand_id, o.color_id));
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM bozor_refresh_category_listings(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_category_listings_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_category_listings();
--> statement-breakpoint
CREATE TRIGGER products_category_listings_update
AFTER UPDATE ON products REFERENCING OLD TABLE AS previous NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_category_listings();
--> statement-breakpoint
-- A category moved under another parent changes which lists its products are in: every listing
-- is written again (the tree changes seldom; products' own changes are the common case).
CREATE OR REPLACE FUNCTION bozor_relist_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed n JOIN previous o ON o.id = n.id
             WHERE n.parent_id IS DISTINCT FROM o.parent_id) THEN
    PERFORM bozor_refresh_category_listings(ARRAY(SELECT id FROM products));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_category_listings_update
AFTER UPDATE ON categories REFERENCING OLD TABLE AS previous NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_relist_categories();
