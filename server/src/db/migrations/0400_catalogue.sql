-- Product catalogue (products area, 04xx): the global product base and its rules per UF, the
-- classification batches, import history with its invalid-lines report, and product audit items.
-- GTINs are stored in their 14-digit form (left-padded with zeros), the one key they are matched by.

CREATE TABLE global_products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The integration code a linked product keeps in products.fiscal_service_reference_code.
  code varchar(60) NOT NULL UNIQUE CHECK (length(trim(code)) > 0),
  description varchar(255) NOT NULL CHECK (length(trim(description)) > 0),
  gtin char(14) UNIQUE CHECK (gtin ~ '^[0-9]{14}$'),
  ncm varchar(8) NOT NULL CHECK (ncm ~ '^[0-9]{8}$'),
  cest varchar(7) CHECK (cest ~ '^[0-9]{7}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Descrição: IGUAL / INICIA COM / TERMINA COM (LIKE) and SIMILAR (word similarity) all use it.
CREATE INDEX global_products_description_trgm ON global_products
  USING gin (f_unaccent(lower(description)) gin_trgm_ops);
-- GTIN "INICIA COM" is typed without the padding zeros.
CREATE INDEX global_products_gtin_prefix_idx ON global_products (ltrim(gtin, '0') text_pattern_ops)
  WHERE gtin IS NOT NULL;
CREATE INDEX global_products_ncm_idx ON global_products (ncm text_pattern_ops);
CREATE INDEX global_products_description_order_idx ON global_products (description, id);

-- The rule a global product takes in a UF when it is not the base rule of its NCM/CEST there
-- (e.g. a named rule). Without a row the base rule (NCM, CEST, UF) applies.
CREATE TABLE global_product_rules (
  global_product_id uuid NOT NULL REFERENCES global_products(id) ON DELETE CASCADE,
  uf char(2) NOT NULL CHECK (uf ~ '^[A-Z]{2}$'),
  fiscal_rule_id uuid NOT NULL REFERENCES fiscal_rules(id) ON DELETE CASCADE,
  PRIMARY KEY (global_product_id, uf)
);
CREATE INDEX global_product_rules_rule_idx ON global_product_rules (fiscal_rule_id);

-- One row per creation call or imported file: how many products arrived and how many the GTIN
-- match classified (indicators screen, classifyProductsHistIndicators).
CREATE TABLE classification_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  source text NOT NULL CHECK (source IN ('Create', 'Import')),
  sent integer NOT NULL CHECK (sent >= 0),
  classified integer NOT NULL CHECK (classified >= 0 AND classified <= sent),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classification_batches_company_idx ON classification_batches (company_id, created_at DESC);

CREATE TABLE import_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- Kept as written at import time: the history must read the same after a user is renamed.
  user_name text NOT NULL,
  file_name text,
  received integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  duplicated integer NOT NULL DEFAULT 0,
  invalid integer NOT NULL DEFAULT 0,
  classified integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_history_company_idx ON import_history (company_id, created_at DESC);

-- The invalid (and duplicated) lines of an import with their reason, downloadable as CSV.
CREATE TABLE import_invalid_lines (
  import_id uuid NOT NULL REFERENCES import_history(id) ON DELETE CASCADE,
  line integer NOT NULL,
  internal_code text NOT NULL DEFAULT '',
  reason text NOT NULL,
  PRIMARY KEY (import_id, line)
);

-- Audit items of a product (Audit details modal, occurrences): what happened, when, by whom.
CREATE TABLE product_audits (
  id bigint GENERATED ALWAYS AS IDENTITY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  description text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE INDEX product_audits_product_idx ON product_audits (product_id, created_at DESC);

-- Filters of the products list: last-update range and page order within a company, the linked-only
-- flag and the "my" flag of the global search (company × integration code).
CREATE INDEX products_company_updated_idx ON products (company_id, updated_at DESC, id);
CREATE INDEX products_company_reference_idx ON products (company_id, fiscal_service_reference_code)
  WHERE fiscal_service_reference_code IS NOT NULL;
