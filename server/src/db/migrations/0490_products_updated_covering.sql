-- The products page filtered by last-update dates counts the company's rows in the range
-- (bench/README.md, "atualizados nos últimos 30 dias": ≈7.7k of 100k rows): with the status in the
-- index that count is an index-only scan (a Member's count leaves InAudit out by status) instead of
-- one heap fetch per row. Same key, so the page order keeps using it.
CREATE INDEX products_company_updated_status_idx ON products (company_id, updated_at DESC, id) INCLUDE (status);
DROP INDEX IF EXISTS products_company_updated_idx;
ALTER INDEX products_company_updated_status_idx RENAME TO products_company_updated_idx;
