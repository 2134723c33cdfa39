-- The folded description stored once per row (bench/README.md "classificados + descrição cafe").
-- A trigram match is always rechecked against the row, and recomputing f_unaccent(lower(description))
-- there was most of a company's text search (lower() under the ICU collation alone ≈1.5 µs a row):
-- with the folded text stored, the recheck is a plain LIKE. The index over it replaces the expression
-- index of 0301, so an insert still folds and indexes the text once. Searches write
-- `p.description_search LIKE f_unaccent(lower(…))` (products list, fiscal-rules product filters).
ALTER TABLE products
  ADD COLUMN description_search text GENERATED ALWAYS AS (f_unaccent(lower(description))) STORED;

DROP INDEX products_description_trgm;
CREATE INDEX products_description_trgm ON products USING gin (company_id, description_search gin_trgm_ops);

ANALYZE products;
