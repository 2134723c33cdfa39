-- Text search within one company (products page, bench/README.md "classificados + descrição cafe").

-- The trigram indexes of the description and the internal code covered every company: a company's
-- search read the matches of all companies before keeping its own. btree_gin puts company_id in the
-- same GIN index, so the scan intersects the company's entries with the trigrams' and reads only its
-- rows. A GIN index answers a condition on any subset of its columns, so the searches that name no
-- company (fiscal-rules product filters) keep using it. The description's index is rebuilt that way
-- over the stored folded column in 0471_product_search_column.sql.
CREATE EXTENSION IF NOT EXISTS btree_gin;

DROP INDEX products_internal_code_trgm;
CREATE INDEX products_internal_code_trgm ON products USING gin (company_id, internal_code gin_trgm_ops);

-- f_unaccent() as a SQL wrapper is never inlined (it is IMMUTABLE over the STABLE unaccent()), so
-- every call runs the SQL-function executor: ≈2.4 µs a row, most of the recheck of a trigram match
-- and of the index upkeep on insert. Called as C with one argument, unaccent_dict() uses the
-- "unaccent" dictionary of its own schema — the same dictionary, the same results, so the indexes
-- over it stay valid. C functions need a superuser (the embedded server's role); on a managed
-- server without one the SQL wrapper stays. COST stays the SQL default so that no plan changes.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND EXISTS (SELECT 1 FROM pg_ts_dict d JOIN pg_proc f ON f.pronamespace = d.dictnamespace
                 WHERE d.dictname = 'unaccent' AND f.proname = 'f_unaccent') THEN
    CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT COST 100
      AS '$libdir/unaccent', 'unaccent_dict';
  END IF;
END
$$;

-- Statistics of the new index expressions: without them the planner guesses the text's selectivity
-- and sorts a bitmap of the matches instead of walking the company's newest rows for a page.
ANALYZE products;
