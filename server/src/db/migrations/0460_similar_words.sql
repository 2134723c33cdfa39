-- SIMILAR search by corrected words (docs/decisions/010-similar-word-correction.md), replacing the
-- KNN scan of 0440: the KNN bound of word similarity is inexact, so a typo ("queijo mussarela" vs
-- "MUÇARELA"), an unknown word or words that are not adjacent in the descriptions ("feijao carioca
-- sao jorge") made it recheck a whole group of rows (0.1–1.4 s at 1M). Now each typed word is
-- corrected against a dictionary of the base's words and rows are found by exact words.

-- The words of a text as searched: accents and case folded, split on anything not a letter or digit
-- ("1,5L" → 1, 5l). Schema-qualified because index builds run with a restricted search_path. Not
-- STRICT: array_remove is not, and a STRICT SQL function with a non-strict body is not inlined (each
-- call would go through the function executor, ≈2× slower).
CREATE FUNCTION description_words(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_remove(regexp_split_to_array(public.f_unaccent(lower($1)), '[^[:alnum:]]+'), '') $$;

-- The dictionary: every distinct word of the global descriptions and how many products hold it
-- (so a word goes when its last product does, and a tie between two corrections goes to the more
-- common word). Kept by the statement triggers below, whatever writes global_products.
CREATE TABLE global_product_words (
  word text PRIMARY KEY,
  products integer NOT NULL
);
-- The closest dictionary word to a typed one (KNN on trigram distance).
CREATE INDEX global_product_words_trgm ON global_product_words USING gist (word gist_trgm_ops);

-- Rows holding a set of words (array containment); ≈3.5 MB per 300k rows, where the trigram
-- indexes are 19 MB (GIN) and 53 MB (GiST).
CREATE INDEX global_products_description_words ON global_products USING gin (description_words(description));

-- The distinct words of each description, counted once per product.
CREATE FUNCTION count_description_words(descriptions text[]) RETURNS TABLE (word text, products int)
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT w.word, count(*)::int
  FROM unnest(descriptions) d(description)
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(public.description_words(d.description)) AS word) w
  GROUP BY w.word
$$;

-- Adds the words of `added` to the dictionary and takes those of `removed` out of it (a word left
-- with no product goes).
CREATE FUNCTION change_global_product_words(added text[], removed text[]) RETURNS void
  LANGUAGE sql AS $$
  -- In word order, so concurrent writers lock the shared counters in the same order.
  INSERT INTO public.global_product_words AS gw (word, products)
  SELECT d.word, sum(d.products)::int
  FROM (SELECT * FROM public.count_description_words(added)
        UNION ALL SELECT c.word, -c.products FROM public.count_description_words(removed) c) d
  GROUP BY d.word HAVING sum(d.products) <> 0 ORDER BY d.word
  ON CONFLICT (word) DO UPDATE SET products = gw.products + excluded.products;
  DELETE FROM public.global_product_words gw
  WHERE gw.products <= 0 AND gw.word IN (SELECT c.word FROM public.count_description_words(removed) c);
$$;

-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
CREATE FUNCTION sync_global_product_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM change_global_product_words(ARRAY(SELECT a.description FROM added a), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM change_global_product_words('{}', ARRAY(SELECT r.description FROM removed r));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose description changed (the loader rewrites every column of a known code).
    PERFORM change_global_product_words(
      ARRAY(SELECT a.description FROM added a JOIN removed r ON r.id = a.id WHERE a.description <> r.description),
      ARRAY(SELECT r.description FROM added a JOIN removed r ON r.id = a.id WHERE a.description <> r.description));
  ELSE
    DELETE FROM global_product_words;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER global_product_words_insert AFTER INSERT ON global_products
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sync_global_product_words();
CREATE TRIGGER global_product_words_update AFTER UPDATE ON global_products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sync_global_product_words();
CREATE TRIGGER global_product_words_delete AFTER DELETE ON global_products
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION sync_global_product_words();
CREATE TRIGGER global_product_words_truncate AFTER TRUNCATE ON global_products
  FOR EACH STATEMENT EXECUTE FUNCTION sync_global_product_words();

-- An existing base (a fresh database has none).
INSERT INTO global_product_words (word, products)
SELECT w.word, count(*)::int
FROM global_products g CROSS JOIN LATERAL (SELECT DISTINCT unnest(description_words(g.description)) AS word) w
GROUP BY w.word;

-- The KNN index of 0440 served only SIMILAR: 177 MB at 1M rows, paid on every description write.
DROP INDEX global_products_description_trgm_knn;
