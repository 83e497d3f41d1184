-- A new product is announced with its id as well (`p<id>`), as a changed or deleted one is, so a
-- process that keeps the search index in memory learns which products to read; the response cache
-- has nothing kept under a new product's tag, so it drops nothing more than before.
CREATE OR REPLACE FUNCTION bozor_announce_products_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bozor_announce(ARRAY(
    SELECT 'x'
    UNION SELECT DISTINCT 'c' || category_id FROM new_rows
    UNION SELECT 'p' || id FROM new_rows
  ));
  RETURN NULL;
END
$$;
