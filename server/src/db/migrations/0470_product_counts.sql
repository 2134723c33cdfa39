-- Exact product counts per company without counting the rows: the products page's count(*) of a
-- company's 90k products (an index-only scan) was most of the unfiltered page (bench/README.md).
--
-- Writers never update a counter row: every statement on products appends its net change per
-- (company, status, linked) as new rows, so concurrent writers never wait on each other here, and a
-- reader's sum over the rows its snapshot sees is exactly count(*) in that snapshot (the deltas
-- commit or roll back with the rows they describe; a transaction sees its own). A read that finds
-- too many rows for a company folds them into one per group (products/product-counts.repository.ts).
-- No foreign key to companies: it would make every appended row check the company; the companies
-- trigger below drops a deleted company's rows instead.
CREATE TABLE product_count_deltas (
  company_id uuid NOT NULL,
  status char(1) NOT NULL,
  -- fiscal_service_reference_code IS NOT NULL (linked to a global product): the "binded" and
  -- "finishedByFiscalServiceLink" filters.
  linked boolean NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX product_count_deltas_company_idx ON product_count_deltas (company_id);

-- Statement-level triggers with transition tables: one grouped INSERT per statement (an import batch
-- of 1,000 rows adds a handful of rows), not one per product row.
CREATE FUNCTION product_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_count_deltas (company_id, status, linked, n)
  SELECT r.company_id, r.status, r.fiscal_service_reference_code IS NOT NULL, count(*)
  FROM new_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;

-- Old rows count -1 and new rows +1; groups whose changes cancel (an update that kept the status and
-- the link, as most import updates do) add nothing.
CREATE FUNCTION product_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_count_deltas (company_id, status, linked, n)
  SELECT d.company_id, d.status, d.linked, sum(d.n)
  FROM (
    SELECT o.company_id, o.status, o.fiscal_service_reference_code IS NOT NULL AS linked, -1 AS n FROM old_rows o
    UNION ALL
    SELECT r.company_id, r.status, r.fiscal_service_reference_code IS NOT NULL, 1 FROM new_rows r
  ) d
  GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0;
  RETURN NULL;
END $$;

-- A company's own deletion cascades here: its deltas are dropped (below), so none is appended for it.
-- (The cascaded DELETE runs inside the foreign-key trigger, whose statement triggers fire after the
-- companies trigger: checking that the company is still there does not depend on that order.)
CREATE FUNCTION product_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_count_deltas (company_id, status, linked, n)
  SELECT d.company_id, d.status, d.linked, d.n
  FROM (
    SELECT o.company_id, o.status, o.fiscal_service_reference_code IS NOT NULL AS linked, -count(*) AS n
    FROM old_rows o GROUP BY 1, 2, 3
  ) d
  WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id);
  RETURN NULL;
END $$;

CREATE FUNCTION product_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_count_deltas;
  RETURN NULL;
END $$;

CREATE FUNCTION product_counts_after_company_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_count_deltas d USING old_companies o WHERE d.company_id = o.id;
  RETURN NULL;
END $$;

-- Created before the backfill: CREATE TRIGGER locks products against writes until this migration
-- commits, and the backfill's snapshot (taken after the lock) holds every committed row, so no write
-- is counted twice or missed.
CREATE TRIGGER product_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_insert();
CREATE TRIGGER product_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_update();
CREATE TRIGGER product_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_delete();
CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_truncate();
CREATE TRIGGER product_counts_company_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_companies FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_company_delete();

INSERT INTO product_count_deltas (company_id, status, linked, n)
SELECT p.company_id, p.status, p.fiscal_service_reference_code IS NOT NULL, count(*)
FROM products p GROUP BY 1, 2, 3;
