-- The global products screen's page (issue 9, bench/README.md "Classifying a product"): a search other
-- than SIMILAR / TERMINA COM is a prefix (or equality) on one key and is ordered by that same key, so
-- one btree range read, in order, gives the page (LIMIT/OFFSET) and an index-only count, instead of
-- every match read through the trigram index and sorted. COLLATE "C": byte order lets a btree serve
-- LIKE 'prefix%' and ORDER BY alike (the keys are folded lower-case text or digits). The queries spell
-- the same expressions (global/global-products.repository.ts).
CREATE INDEX IF NOT EXISTS global_products_folded_order_idx
  ON global_products ((f_unaccent(lower(description)) COLLATE "C"), id);
CREATE INDEX IF NOT EXISTS global_products_gtin_order_idx
  ON global_products ((ltrim(gtin, '0') COLLATE "C"), id) WHERE gtin IS NOT NULL;
CREATE INDEX IF NOT EXISTS global_products_ncm_order_idx ON global_products ((ncm COLLATE "C"), id);
-- Superseded by the two above (same prefix searches, now in the order the page reads).
DROP INDEX IF EXISTS global_products_gtin_prefix_idx;
DROP INDEX IF EXISTS global_products_ncm_idx;
