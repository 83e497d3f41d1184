-- Search folds Russian, Uzbek Cyrillic and Uzbek Latin to one Latin form (packages/shared/src/search.ts
-- computes the same form for queries; both must change together).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bozor_latin(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    replace(replace(
      translate(
        replace(replace(replace(replace(replace(replace(replace(replace(
          translate(
            translate(lower(input), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЎҚҒҲ', 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяўқғҳ'),
            '''’‘ʻʼ`ъь', ''),
          'щ', 'sh'), 'ш', 'sh'), 'ч', 'ch'), 'ж', 'j'), 'ю', 'yu'), 'я', 'ya'), 'ц', 'ts'), 'ё', 'e'),
        'абвгдезийклмнопрстуфхыэўқғҳ', 'abvgdeziyklmnoprstufxieoqgh'),
      'zh', 'j'), 'kh', 'x'),
    '[^a-z0-9]+', ' ', 'g'))
$$;
