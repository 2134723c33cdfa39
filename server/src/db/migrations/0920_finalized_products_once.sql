-- 'Produtos Finalizados' counts products finalized, not classification events (issue 38, decision 067).
-- 0550 counted every passage to Classified ('F') on its day, for good: a product classified, unbound and
-- classified again counted twice, and one unbound or deleted afterwards still counted, so the chart's
-- 'Classificados' could pass the catalogue's Classified products. Now a product counts once, on the day it
-- last became Classified, and only while it is Classified: leaving 'F' (unbinding, an audit, a deletion)
-- takes it off the day it was counted on. The sum of the series is the Classified products finalized in
-- its window — never more than the dashboard's 'Classificados' doughnut slice. Arrivals ('created') stay
-- history: a deleted product still arrived on its day.
--
-- The day a product was counted on, one row per Classified product (no foreign key, as the counters:
-- the products' own statement triggers keep it). Writers of one product are serialized by its row lock,
-- so a product never has two rows.
CREATE TABLE product_finalizations (
  product_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  day date NOT NULL
);

CREATE OR REPLACE FUNCTION oversight_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_finalizations (product_id, company_id, day)
  SELECT r.id, r.company_id, oversight_today() FROM new_rows r WHERE r.status = 'F';
  INSERT INTO product_daily_counts (company_id, day, created, classified)
  SELECT r.company_id, oversight_today(), count(*), count(*) FILTER (WHERE r.status = 'F')
  FROM new_rows r GROUP BY 1;
  INSERT INTO product_rule_check_deltas (company_id, checked, n)
  SELECT r.company_id, r.fiscal_rule_status IS NOT DISTINCT FROM 'Checked', count(*)
  FROM new_rows r WHERE r.fiscal_rule_id IS NOT NULL GROUP BY 1, 2;
  RETURN NULL;
END $$;

-- Only rows that enter or leave 'F' touch the finalizations; an update that keeps a product Classified (a
-- new rule, a reclassification) leaves it on its day. EXECUTE plans the old/new join per statement (0862).
CREATE OR REPLACE FUNCTION oversight_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
  WITH moved AS (
    SELECT n.id, n.company_id, n.status = 'F' AS finalized
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status = 'F') <> (o.status = 'F')
  ), gone AS (
    DELETE FROM product_finalizations f USING moved m
    WHERE NOT m.finalized AND f.product_id = m.id
    RETURNING f.company_id, f.day
  ), came AS (
    INSERT INTO product_finalizations (product_id, company_id, day)
    SELECT m.id, m.company_id, oversight_today() FROM moved m WHERE m.finalized
    RETURNING company_id, day
  )
  INSERT INTO product_daily_counts (company_id, day, created, classified)
  SELECT d.company_id, d.day, 0, sum(d.n)
  FROM (SELECT company_id, day, -1 AS n FROM gone UNION ALL SELECT company_id, day, 1 FROM came) d
  GROUP BY 1, 2 HAVING sum(d.n) <> 0
  $q$;
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

-- A deleted Classified product leaves the day it was counted on; a deleted company's rows are dropped
-- by its own trigger (0563), so nothing is subtracted for a company that is gone.
CREATE OR REPLACE FUNCTION oversight_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
  WITH gone AS (
    DELETE FROM product_finalizations f USING old_rows o
    WHERE o.status = 'F' AND f.product_id = o.id
    RETURNING f.company_id, f.day
  )
  INSERT INTO product_daily_counts (company_id, day, created, classified)
  SELECT g.company_id, g.day, 0, -count(*) FROM gone g
  WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = g.company_id)
  GROUP BY 1, 2
  $q$;
  INSERT INTO product_rule_check_deltas (company_id, checked, n)
  SELECT d.company_id, d.checked, d.n
  FROM (
    SELECT o.company_id, o.fiscal_rule_status IS NOT DISTINCT FROM 'Checked' AS checked, -count(*) AS n
    FROM old_rows o WHERE o.fiscal_rule_id IS NOT NULL GROUP BY 1, 2
  ) d
  WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION oversight_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_rule_check_deltas;
  INSERT INTO product_daily_counts (company_id, day, created, classified)
  SELECT f.company_id, f.day, 0, -count(*) FROM product_finalizations f GROUP BY 1, 2;
  DELETE FROM product_finalizations;
  RETURN NULL;
END $$;

-- Backfill: every Classified product on the day 0550 dated it (its last update: no better date is kept),
-- and each day's 'classified' rebuilt from them (the old sums are cancelled by rows of the opposite sign, so
-- partner_daily_counts' triggers follow). A past 'classified' count no product backs (a product since
-- unbound or deleted, a reclassification counted twice) leaves the series.
INSERT INTO product_finalizations (product_id, company_id, day)
SELECT p.id, p.company_id, (p.updated_at AT TIME ZONE 'America/Sao_Paulo')::date FROM products p WHERE p.status = 'F';

INSERT INTO product_daily_counts (company_id, day, created, classified)
SELECT d.company_id, d.day, 0, sum(d.n)
FROM (
  SELECT x.company_id, x.day, -x.classified AS n FROM product_daily_counts x
  UNION ALL
  SELECT f.company_id, f.day, 1 FROM product_finalizations f
) d
WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id)
GROUP BY 1, 2 HAVING sum(d.n) <> 0;
