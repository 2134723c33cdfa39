-- Catalogue health check (issue 14 §3): one run per request, its findings by product.

-- GS1 check digit of a GTIN-8/12/13/14 (weights 3,1,3,… from the right, excluding the check digit).
CREATE FUNCTION gtin_is_valid(g text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT g ~ '^[0-9]+$' AND length(g) IN (8, 12, 13, 14) AND right(g, 1)::int = (
    10 - (SELECT sum(substr(lpad(g, 14, '0'), i, 1)::int * CASE WHEN i % 2 = 1 THEN 3 ELSE 1 END)
          FROM generate_series(1, 13) AS i) % 10) % 10
$$;

CREATE TABLE health_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid,
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Done', 'Failed')),
  -- NCM and cClassTrib validity are judged on this date.
  reference_date date NOT NULL DEFAULT current_date,
  products integer,
  findings integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX health_checks_company_idx ON health_checks (company_id, created_at DESC);

-- No foreign key to products: a 100k-product delete must not fan out into findings (they belong to a
-- past run and are read through a join to products, so a deleted product's findings simply vanish).
CREATE TABLE health_findings (
  check_id uuid NOT NULL REFERENCES health_checks(id) ON DELETE CASCADE,
  company_id uuid NOT NULL,
  product_id uuid NOT NULL,
  kind text NOT NULL,
  detail text NOT NULL DEFAULT '',
  PRIMARY KEY (check_id, kind, product_id)
);
CREATE INDEX health_findings_product_idx ON health_findings (check_id, product_id);
