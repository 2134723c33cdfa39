-- Oversight (issue 12, decision 021): the partner dashboard and the indicators read counters, never
-- count(*) over the catalogue. Same pattern as product_count_deltas (0470): statement triggers append
-- rows, readers sum them, a read that finds too many rows folds them. No foreign key to companies (it
-- would check the company on every appended row); the companies trigger drops a deleted company's rows.

-- Products linked to a fiscal rule, checked or not: the dashboard's 'Produtos' doughnut.
CREATE TABLE product_rule_check_deltas (
  company_id uuid NOT NULL,
  checked boolean NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX product_rule_check_deltas_company_idx ON product_rule_check_deltas (company_id);

-- Dated history of the catalogue: products that arrived and products that became Classified, per
-- company and day (America/Sao_Paulo, the users' calendar). History, not state: a deleted product
-- stays counted on the day it arrived, and a product classified twice (unbound, then bound again)
-- counts twice — the 'Produtos Finalizados' chart shows work done per period.
CREATE TABLE product_daily_counts (
  company_id uuid NOT NULL,
  day date NOT NULL,
  created bigint NOT NULL,
  classified bigint NOT NULL
);
CREATE INDEX product_daily_counts_company_day_idx ON product_daily_counts (company_id, day);

CREATE FUNCTION oversight_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date
$$;

CREATE FUNCTION oversight_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_daily_counts (company_id, day, created, classified)
  SELECT r.company_id, oversight_today(), count(*), count(*) FILTER (WHERE r.status = 'F')
  FROM new_rows r GROUP BY 1;
  INSERT INTO product_rule_check_deltas (company_id, checked, n)
  SELECT r.company_id, r.fiscal_rule_status IS NOT DISTINCT FROM 'Checked', count(*)
  FROM new_rows r WHERE r.fiscal_rule_id IS NOT NULL GROUP BY 1, 2;
  RETURN NULL;
END $$;

-- Classified = the row's status became 'F' in this statement (old and new rows paired by id; the
-- hash join over the two transition tables is per statement, never a lookup into products).
CREATE FUNCTION oversight_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_daily_counts (company_id, day, created, classified)
  SELECT n.company_id, oversight_today(), 0, count(*)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'F' AND o.status <> 'F'
  GROUP BY 1;
  INSERT INTO product_rule_check_deltas (company_id, checked, n)
  SELECT d.company_id, d.checked, sum(d.n)
  FROM (
    SELECT o.company_id, o.fiscal_rule_status IS NOT DISTINCT FROM 'Checked' AS checked, -1 AS n FROM old_rows o
    WHERE o.fiscal_rule_id IS NOT NULL
    UNION ALL
    SELECT r.company_id, r.fiscal_rule_status IS NOT DISTINCT FROM 'Checked', 1 FROM new_rows r WHERE r.fiscal_rule_id IS NOT NULL
  ) d
  GROUP BY 1, 2 HAVING sum(d.n) <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION oversight_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_rule_check_deltas (company_id, checked, n)
  SELECT d.company_id, d.checked, d.n
  FROM (
    SELECT o.company_id, o.fiscal_rule_status IS NOT DISTINCT FROM 'Checked' AS checked, -count(*) AS n
    FROM old_rows o WHERE o.fiscal_rule_id IS NOT NULL GROUP BY 1, 2
  ) d
  WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id);
  RETURN NULL;
END $$;

CREATE FUNCTION oversight_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_rule_check_deltas;
  RETURN NULL;
END $$;

CREATE FUNCTION oversight_after_company_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_rule_check_deltas d USING old_companies o WHERE d.company_id = o.id;
  DELETE FROM product_daily_counts d USING old_companies o WHERE d.company_id = o.id;
  RETURN NULL;
END $$;

CREATE TRIGGER oversight_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oversight_after_insert();
CREATE TRIGGER oversight_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION oversight_after_update();
CREATE TRIGGER oversight_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oversight_after_delete();
CREATE TRIGGER oversight_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION oversight_after_truncate();
CREATE TRIGGER oversight_company_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_companies FOR EACH STATEMENT EXECUTE FUNCTION oversight_after_company_delete();

-- Backfill (the triggers exist already, so no write is missed or counted twice, as in 0470). The
-- catalogue kept no classification dates: an existing Classified product counts on its last update.
INSERT INTO product_rule_check_deltas (company_id, checked, n)
SELECT p.company_id, p.fiscal_rule_status IS NOT DISTINCT FROM 'Checked', count(*)
FROM products p WHERE p.fiscal_rule_id IS NOT NULL GROUP BY 1, 2;
INSERT INTO product_daily_counts (company_id, day, created, classified)
SELECT c.company_id, c.day, sum(c.created), sum(c.classified)
FROM (
  SELECT p.company_id, (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, 1 AS created, 0 AS classified
  FROM products p
  UNION ALL
  SELECT p.company_id, (p.updated_at AT TIME ZONE 'America/Sao_Paulo')::date, 0, 1 FROM products p WHERE p.status = 'F'
) c
GROUP BY 1, 2;

-- Log export (GET /users/partners/logs/export): a period of every partner (Admin) or of one partner,
-- read in (created_at, id) order page by page.
CREATE INDEX audit_events_time_idx ON audit_events (created_at, id);
CREATE INDEX audit_events_partner_time_id_idx ON audit_events (partner_id, created_at, id);
DROP INDEX audit_events_partner_time_idx;

-- The fiscal-rule events move into the Products range (spec 02 §7: 3000–3999 are Products; the
-- export's module is Users, Companies or Products): 4001–4010 become 3071–3080.
UPDATE audit_events SET code = code - 930, module = 'Products' WHERE code BETWEEN 4001 AND 4010;
