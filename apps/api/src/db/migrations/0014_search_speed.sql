-- Search reads an inverted index of the product names: one row per word of each active product,
-- carrying the columns the search ranks, sorts, filters and counts by. Its covering index keeps a
-- word's rows side by side, so a query reads only the index entries of its words (an index-only
-- scan) instead of visiting every matching product row; counts stay exact. `rank` is the word's
-- part of the text rank as `ts_rank` weighs n occurrences (the sum of 1/k² for k up to n), so a
-- query's rank is the sum over its words; bit i of `positions` says it is the names' (i+1)-th
-- word, which finds a phrase with shifts (words past the 63rd are ranked but not placed).
CREATE TABLE "search_postings" (
	"word" text COLLATE "C" NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"rank" real NOT NULL,
	"positions" bigint NOT NULL,
	"popularity" integer NOT NULL,
	"price" bigint NOT NULL,
	"old_price" bigint,
	"brand_id" integer,
	"color_id" integer,
	"value_ids" integer[] NOT NULL
);
--> statement-breakpoint
-- Rewrites the rows of the given products from their current state: inactive products have none.
CREATE OR REPLACE FUNCTION bozor_refresh_search_postings(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM search_postings WHERE product_id = ANY (ids);
  INSERT INTO search_postings
    (word, product_id, rank, positions, popularity, price, old_price, brand_id, color_id, value_ids)
  SELECT w.lexeme, p.id,
    (SELECT sum(1.0 / (k * k)) FROM generate_series(1, cardinality(w.positions)) AS k),
    coalesce((SELECT bit_or(1::bigint << (n - 1)) FROM unnest(w.positions) AS n WHERE n <= 63), 0),
    p.popularity, p.price, p.old_price, p.brand_id, p.color_id,
    coalesce((SELECT array_agg(v.value_id ORDER BY v.value_id)
      FROM product_attribute_values v WHERE v.product_id = p.id), '{}')
  FROM products p, unnest(p.search_vector) AS w
  WHERE p.id = ANY (ids) AND p.is_active;
$$;
--> statement-breakpoint
-- The words are written before their indexes are built, which packs the indexes tight.
SELECT bozor_refresh_search_postings(ARRAY(SELECT id FROM products));
--> statement-breakpoint
CREATE UNIQUE INDEX "search_postings_word_idx" ON "search_postings" ("word", "product_id")
	INCLUDE ("rank", "positions", "popularity", "price", "old_price", "brand_id", "color_id", "value_ids");
--> statement-breakpoint
CREATE INDEX "search_postings_product_idx" ON "search_postings" ("product_id");
--> statement-breakpoint
-- Each statement that writes products or their attribute values refreshes the products it
-- changed; a product update that leaves the indexed columns alone (a stock count) costs nothing.
-- Attribute values lock their products first, so two transactions changing one product's values
-- refresh it one after the other, the second seeing the first's values.
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
      WHERE (n.search_vector, n.is_active, n.popularity, n.price, n.old_price, n.brand_id, n.color_id)
        IS DISTINCT FROM
        (o.search_vector, o.is_active, o.popularity, o.price, o.old_price, o.brand_id, o.color_id));
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
CREATE TRIGGER products_search_postings_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_search_postings();
--> statement-breakpoint
CREATE TRIGGER products_search_postings_update
AFTER UPDATE ON products REFERENCING OLD TABLE AS previous NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_search_postings();
--> statement-breakpoint
CREATE TRIGGER product_attribute_values_search_postings_insert
AFTER INSERT ON product_attribute_values REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_search_postings();
--> statement-breakpoint
CREATE TRIGGER product_attribute_values_search_postings_update
AFTER UPDATE ON product_attribute_values REFERENCING OLD TABLE AS previous NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_search_postings();
--> statement-breakpoint
CREATE TRIGGER product_attribute_values_search_postings_delete
AFTER DELETE ON product_attribute_values REFERENCING OLD TABLE AS previous
FOR EACH STATEMENT EXECUTE FUNCTION bozor_sync_search_postings();
