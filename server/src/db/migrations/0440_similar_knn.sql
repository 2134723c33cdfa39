-- SIMILAR search of the global base (docs/decisions/009-similar-search.md): the best 250 matches
-- by word-similarity distance, read in distance order from a GiST index (KNN, `<->>`), so a common
-- text costs the same as a rare one instead of scoring every one of its matches (≈33k of 1M rows
-- for "agua mineral" through the GIN index). The GIN index stays for IGUAL / INICIA COM /
-- TERMINA COM (LIKE). siglen: descriptions hold ≈40 trigrams, which saturate the default 12-byte
-- signatures of the inner pages; 256 bytes (same index size here) keep the tree more selective (see bench/README.md).
CREATE INDEX global_products_description_trgm_knn ON global_products
  USING gist (f_unaccent(lower(description)) gist_trgm_ops (siglen = 256));
