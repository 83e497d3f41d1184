CREATE TABLE "category_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"active_products" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_counts" ADD CONSTRAINT "category_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every change to what the catalogue shows is announced on the `bozor_catalogue` channel once its
-- transaction commits, so each API process drops the answers it cached from the old rows. The
-- payload is a space-separated list of cache tags (see apps/api/src/plugins/response-cache.ts):
--   d<id>  the product page of product <id>            p<id>  any answer showing product <id>
--   c<id>  lists and filters over category <id>         x      lists across the whole catalogue
--   *      everything
-- Statement triggers with transition tables: a seed of 100,000 products sends a handful of
-- notifications, not one a row.
CREATE OR REPLACE FUNCTION bozor_announce(tags text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF tags IS NULL OR cardinality(tags) = 0 THEN
    RETURN;
  END IF;
  -- NOTIFY takes at most 8000 bytes; a change that large is announced as "everything"
  IF cardinality(tags) > 500 OR '*' = ANY (tags) THEN
    PERFORM pg_notify('bozor_catalogue', '*');
  ELSE
    PERFORM pg_notify('bozor_catalogue', array_to_string(tags, ' '));
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_announce_everything() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_announce(ARRAY['*']);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_announce_products_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_announce(ARRAY(
    SELECT 'x' UNION SELECT DISTINCT 'c' || category_id FROM new_rows
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_announce_products_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_announce(ARRAY(
    SELECT 'x'
    UNION SELECT DISTINCT 'c' || category_id FROM old_rows
    UNION SELECT 'p' || id FROM old_rows
    UNION SELECT 'd' || id FROM old_rows
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A change of stock alone (checkout, a cancel) touches the product's page, and the lists that
-- show it only when it runs out or comes back; any other change may move it in or out of lists.
CREATE OR REPLACE FUNCTION bozor_announce_products_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_announce(ARRAY(
    WITH pairs AS (
      SELECT o.id AS old_id, n.id AS new_id,
        o.category_id AS old_category, n.category_id AS new_category,
        (o.stock > 0) IS DISTINCT FROM (n.stock > 0) AS availability_changed,
        (to_jsonb(o) - 'stock') IS DISTINCT FROM (to_jsonb(n) - 'stock') AS details_changed,
        o.stock IS DISTINCT FROM n.stock AS stock_changed
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    )
    SELECT '*' FROM pairs WHERE old_id IS NULL OR new_id IS NULL
    UNION SELECT 'd' || new_id FROM pairs WHERE details_changed OR stock_changed
    UNION SELECT 'p' || new_id FROM pairs WHERE details_changed OR availability_changed
    UNION SELECT 'x' FROM pairs WHERE details_changed
    UNION SELECT 'c' || old_category FROM pairs WHERE details_changed
    UNION SELECT 'c' || new_category FROM pairs WHERE details_changed
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_announce_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_announce_products_inserted();
--> statement-breakpoint
CREATE TRIGGER products_announce_update
AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_announce_products_updated();
--> statement-breakpoint
CREATE TRIGGER products_announce_delete
AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_announce_products_deleted();
--> statement-breakpoint
CREATE TRIGGER products_announce_truncate
AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION bozor_announce_everything();
--> statement-breakpoint
-- The rest of what the shop shows changes rarely (an editor, a seed): any change drops everything.
-- (search_words is left out: it grows only with products added or renamed, which announce "x".)
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'categories', 'brands', 'colors', 'tags', 'product_tags', 'attributes', 'attribute_values',
    'product_attribute_values', 'tariffs', 'contacts', 'contents', 'banners',
    'collections', 'collection_products', 'questions', 'branches'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bozor_announce_everything()',
      t || '_announce', t
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- category_counts follows the products' categories and active flags in the same transaction;
-- a change of stock or price leaves it alone.
CREATE OR REPLACE FUNCTION bozor_count_products(changes jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_counts AS c (category_id, active_products)
  SELECT (d ->> 'category_id')::int, sum((d ->> 'delta')::int)
  FROM jsonb_array_elements(changes) AS d
  GROUP BY 1
  HAVING sum((d ->> 'delta')::int) <> 0
  ON CONFLICT (category_id) DO UPDATE SET active_products = c.active_products + excluded.active_products;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_count_products_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_count_products(coalesce((
    SELECT jsonb_agg(jsonb_build_object('category_id', category_id, 'delta', 1))
    FROM new_rows WHERE is_active
  ), '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_count_products_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_count_products(coalesce((
    SELECT jsonb_agg(jsonb_build_object('category_id', category_id, 'delta', -1))
    FROM old_rows WHERE is_active
  ), '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_count_products_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_count_products(coalesce((
    SELECT jsonb_agg(d) FROM (
      SELECT jsonb_build_object('category_id', o.category_id, 'delta', -1) AS d
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.is_active AND (NOT n.is_active OR n.category_id <> o.category_id)
      UNION ALL
      SELECT jsonb_build_object('category_id', n.category_id, 'delta', 1)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.is_active AND (NOT o.is_active OR n.category_id <> o.category_id)
    ) AS moved
  ), '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_count_products_inserted();
--> statement-breakpoint
CREATE TRIGGER products_count_update
AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_count_products_updated();
--> statement-breakpoint
CREATE TRIGGER products_count_delete
AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION bozor_count_products_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_count_products_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM category_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_truncate
AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION bozor_count_products_truncated();
--> statement-breakpoint
INSERT INTO category_counts (category_id, active_products)
SELECT category_id, count(*) FROM products WHERE is_active GROUP BY category_id;
--> statement-breakpoint
-- Lists walk these in their sort order and filter on the included columns without reading the
-- table, then read the 24 rows of the page (listing-repository.ts).
CREATE INDEX "products_active_popularity_idx" ON "products" ("popularity" DESC, "id")
INCLUDE ("category_id", "brand_id", "color_id", "price", "old_price") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" ("price", "id")
INCLUDE ("category_id", "brand_id", "color_id", "popularity", "old_price") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_active_category_idx" ON "products" ("category_id", "price")
INCLUDE ("id", "brand_id", "color_id", "popularity", "old_price") WHERE "is_active";
