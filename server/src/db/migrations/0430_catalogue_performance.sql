-- Indexes the products benchmark (bench/README.md) led to.

-- "Código interno" search is a substring match (ILIKE '%text%'): without a trigram index it read
-- every product of the company (≈0.5 s at 200k products).
CREATE INDEX products_internal_code_trgm ON products USING gin (internal_code gin_trgm_ops);
