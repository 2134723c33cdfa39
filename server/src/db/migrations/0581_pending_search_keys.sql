-- The pending queue's other searches over a partner's companies (issue 10; bench/README.md
-- "Classification read paths", decision 026). Each field × filter is a range on a btree key of Pending
-- rows per company instead of a trigram bitmap over every status (partner-wide TERMINA COM read and
-- rechecked ~10x the rows it kept): TERMINA COM as a prefix of the reversed text; the internal code
-- case-folded (ILIKE folds both sides with lower() too). The description keys carry the page's order
-- (created_at, id) so the count and the page's ids are index-only.
CREATE INDEX products_pending_search_rev_idx
  ON products (company_id, (reverse(description_search) COLLATE "C"))
  INCLUDE (description_search, created_at, id) WHERE status = 'P';
CREATE INDEX products_pending_gtin_rev_idx ON products (company_id, reverse(gtin) text_pattern_ops)
  WHERE status = 'P' AND gtin IS NOT NULL;
CREATE INDEX products_pending_code_idx ON products (company_id, lower(internal_code) text_pattern_ops)
  WHERE status = 'P';
CREATE INDEX products_pending_code_rev_idx ON products (company_id, reverse(lower(internal_code)) text_pattern_ops)
  WHERE status = 'P';
-- SIMILAR (word similarity, `<%`) over Pending rows only: the trigram index of every status made the
-- planner read the whole (company, key) btree above and test each row instead.
CREATE INDEX products_pending_trgm_idx ON products USING gin (company_id, description_search gin_trgm_ops)
  WHERE status = 'P';
ANALYZE products;
