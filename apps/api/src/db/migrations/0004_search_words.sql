-- The vocabulary follows the catalogue: every statement that adds or renames products adds their words.
CREATE OR REPLACE FUNCTION bozor_add_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM changed, unnest(tsvector_to_array(changed.search_vector)) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[a-z]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_add_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update
AFTER UPDATE ON products REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bozor_add_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, unnest(tsvector_to_array(products.search_vector)) AS w
WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[a-z]'
ON CONFLICT DO NOTHING;
