-- A cash receipt number is one number whatever its case: 'ab-1796' entered after 'AB-1796' is the
-- same paper receipt. The API now stores a number as staff copy it off paper, normalised (trimmed,
-- inner spaces collapsed to one, upper-cased); the unique index is on upper(receipt_number) rather
-- than the plain column, so the database itself refuses a second spelling of a number even from a
-- writer that does not normalise (a script, an import): a plain index would hold only as long as
-- every writer remembered to. Lookups compare upper(receipt_number), which this index serves.
DROP INDEX "payments_receipt_number_key";--> statement-breakpoint
-- Numbers entered before are normalised the same way, so a new entry of one compares equal to it.
UPDATE "payments" SET "receipt_number" = upper(regexp_replace(btrim("receipt_number"), '\s+', ' ', 'g')) WHERE "receipt_number" IS NOT NULL;--> statement-breakpoint
-- Two payments whose numbers differed only in case (or spacing) now collide. Both keep their
-- money and their receipt: the earliest keeps the number, every later one is suffixed with its own
-- payment id (' #<id>'). '#' is a character the API never accepts in a number, so a suffixed one
-- can collide with no number entered later, and staff find the pair by searching the number.
UPDATE "payments" SET "receipt_number" = "payments"."receipt_number" || ' #' || "payments"."id"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "receipt_number" ORDER BY "created_at", "id") AS "nth"
  FROM "payments"
  WHERE "receipt_number" IS NOT NULL
) AS "numbered"
WHERE "numbered"."id" = "payments"."id" AND "numbered"."nth" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" USING btree (upper("receipt_number"));
