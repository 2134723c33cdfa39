-- Core product catalogue (the products area extends it in 04xx): rule links need it now.
-- company_id is on every row (tenant key; future Citus distribution column).

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  internal_code varchar(155) NOT NULL CHECK (length(trim(internal_code)) > 0),
  description varchar(255) NOT NULL CHECK (length(trim(description)) > 0),
  gtin varchar(14) CHECK (gtin ~ '^[0-9]{1,14}$'),
  ncm char(8) CHECK (ncm ~ '^[0-9]{8}$'),
  cest char(7) CHECK (cest ~ '^[0-9]{7}$'),
  -- Pending, Classified (F), InAudit, Returned (D), Error
  status char(1) NOT NULL DEFAULT 'P' CHECK (status IN ('P', 'F', 'A', 'D', 'E')),
  fiscal_service_reference_code text,
  fiscal_rule_id uuid REFERENCES fiscal_rules(id) ON DELETE SET NULL,
  fiscal_rule_status text CHECK (fiscal_rule_status IN ('Unchecked', 'Checked', 'Detached')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_company_internal_code_key ON products (company_id, internal_code);
CREATE INDEX products_company_status_idx ON products (company_id, status);
CREATE INDEX products_fiscal_rule_idx ON products (fiscal_rule_id) WHERE fiscal_rule_id IS NOT NULL;
CREATE INDEX products_ncm_idx ON products (ncm, cest);
CREATE INDEX products_gtin_idx ON products (gtin) WHERE gtin IS NOT NULL;
CREATE INDEX products_description_trgm ON products USING gin (f_unaccent(lower(description)) gin_trgm_ops);

-- Which rule version applied to a product and when: one row per (link, version) period.
-- Linking opens a row; editing the rule closes the rows of its products and opens rows on the new
-- version; unbinding closes the row.
CREATE TABLE product_rule_history (
  id bigint GENERATED ALWAYS AS IDENTITY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  fiscal_rule_id uuid NOT NULL REFERENCES fiscal_rules(id) ON DELETE CASCADE,
  version_id uuid NOT NULL REFERENCES fiscal_rule_versions(id) ON DELETE CASCADE,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz,
  PRIMARY KEY (company_id, id),
  CONSTRAINT product_rule_history_dates CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE INDEX product_rule_history_product_idx ON product_rule_history (product_id, valid_from DESC);
CREATE INDEX product_rule_history_open_rule_idx ON product_rule_history (fiscal_rule_id) WHERE valid_to IS NULL;
