-- Read paths of issues 9 and 10 at 1M global products / 10 × 100k partner products (bench/README.md
-- "Classification read paths", docs/decisions/026-classification-read-paths.md).

-- The global screen's Descrição IGUAL / INICIA COM: the folded description stored once per row (as
-- products.description_search, 0471), so the btree over it serves the count as an index-only scan
-- (PostgreSQL never answers from an expression index alone: the count of "cafe" visited ~33k heap rows
-- at 1M). Same key, same order (COLLATE "C") as the expression index of 0520 it replaces.
ALTER TABLE global_products
  ADD COLUMN description_search text GENERATED ALWAYS AS (f_unaccent(lower(description))) STORED;
CREATE INDEX global_products_search_order_idx ON global_products (description_search COLLATE "C", id);
DROP INDEX IF EXISTS global_products_folded_order_idx;

-- The pending queue's Descrição IGUAL / INICIA COM, for one company or across a partner: a prefix
-- range per company over Pending rows only, carrying what the page orders by (created_at, id), so the
-- count and the page's ids are index-only and only the 25 rows shown are read from the table.
CREATE INDEX products_pending_search_idx ON products (company_id, description_search COLLATE "C")
  INCLUDE (created_at, id) WHERE status = 'P';

ANALYZE global_products;
ANALYZE products;
