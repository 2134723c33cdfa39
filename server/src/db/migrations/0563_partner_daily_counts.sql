-- The dashboard's 'Produtos Finalizados' series summed product_daily_counts over every company of the
-- scope and every day of a year: 100 companies × 365 days = 36,500 rows per request, 65–71 ms in the
-- database alone (bench/README.md, decision 028). This keeps the same history per partner and day,
-- derived from product_daily_counts by its own statement triggers, so the dashboard reads ≈ 365 rows
-- per partner. Invariant: for every partner and day, sum(partner_daily_counts) = sum of its companies'
-- product_daily_counts — inserts add, deletes subtract (a fold deletes and re-inserts the same sums,
-- a deleted company's rows are deleted with it). A company never changes partner (companies.service).
CREATE TABLE partner_daily_counts (
  partner_id uuid NOT NULL,
  day date NOT NULL,
  created bigint NOT NULL,
  classified bigint NOT NULL
);
CREATE INDEX partner_daily_counts_partner_day_idx ON partner_daily_counts (partner_id, day);

CREATE FUNCTION partner_daily_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_daily_counts (partner_id, day, created, classified)
  SELECT c.partner_id, r.day, sum(r.created), sum(r.classified)
  FROM new_rows r JOIN companies c ON c.id = r.company_id
  GROUP BY 1, 2;
  RETURN NULL;
END $$;

CREATE FUNCTION partner_daily_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_daily_counts (partner_id, day, created, classified)
  SELECT c.partner_id, r.day, -sum(r.created), -sum(r.classified)
  FROM old_rows r JOIN companies c ON c.id = r.company_id
  GROUP BY 1, 2;
  RETURN NULL;
END $$;

CREATE TRIGGER partner_daily_insert AFTER INSERT ON product_daily_counts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_daily_after_insert();
CREATE TRIGGER partner_daily_delete AFTER DELETE ON product_daily_counts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_daily_after_delete();

-- A deleted company's history leaves its partner's series too (as it left the per-company one).
CREATE OR REPLACE FUNCTION oversight_after_company_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_rule_check_deltas d USING old_companies o WHERE d.company_id = o.id;
  INSERT INTO partner_daily_counts (partner_id, day, created, classified)
  SELECT o.partner_id, d.day, -sum(d.created), -sum(d.classified)
  FROM product_daily_counts d JOIN old_companies o ON o.id = d.company_id
  GROUP BY 1, 2;
  -- the company row is gone, so partner_daily_after_delete finds no partner for these: nothing twice
  DELETE FROM product_daily_counts d USING old_companies o WHERE d.company_id = o.id;
  RETURN NULL;
END $$;

INSERT INTO partner_daily_counts (partner_id, day, created, classified)
SELECT c.partner_id, d.day, sum(d.created), sum(d.classified)
FROM product_daily_counts d JOIN companies c ON c.id = d.company_id
GROUP BY 1, 2;
