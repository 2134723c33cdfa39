-- Classifying at scale (issue 10): the pending queue's indexes, the global base's curation (imports and
-- their invalid lines), the "classify once → everywhere" fan-outs, and the change-check runs.

-- The fan-out classifies Pending products by GTIN (classification history source 'Global').
ALTER TABLE classification_batches DROP CONSTRAINT classification_batches_source_check;
ALTER TABLE classification_batches ADD CONSTRAINT classification_batches_source_check
  CHECK (source IN ('Create', 'Import', 'Global'));

-- Pending global products (staff queue): a company's Pending products newest first, and the GTIN
-- typed without its padding zeros (INICIA COM), both only over Pending rows.
CREATE INDEX products_pending_created_idx ON products (company_id, created_at DESC, id) WHERE status = 'P';
CREATE INDEX products_pending_gtin_prefix_idx ON products (company_id, ltrim(gtin, '0') text_pattern_ops)
  WHERE status = 'P' AND gtin IS NOT NULL;

-- One global-base import (POST /products/global/import): counts and who sent it.
CREATE TABLE global_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  file_name text,
  received integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  invalid integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE global_import_invalid_lines (
  import_id uuid NOT NULL REFERENCES global_imports(id) ON DELETE CASCADE,
  line integer NOT NULL,
  code text NOT NULL DEFAULT '',
  reason text NOT NULL,
  PRIMARY KEY (import_id, line)
);

-- One "classify once → everywhere" run: queued as pg-boss jobs per company; each job adds its
-- classified products here, so the screen can show the count when done.
CREATE TABLE global_fanouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('Create', 'Update', 'Import')),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  companies integer NOT NULL CHECK (companies >= 0),
  products integer NOT NULL CHECK (products >= 0),
  -- Companies are packed into jobs of about 20,000 Pending products (fanout.service.ts).
  jobs integer NOT NULL CHECK (jobs >= 0),
  jobs_done integer NOT NULL DEFAULT 0,
  classified integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Change-check runs (GET /products/fiscalservice/consult): the indicators screen's
-- "Histórico de consultas de produtos alterados" reads them (cross-team agreement, issue 12).
CREATE TABLE product_change_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount >= 0),
  missing integer NOT NULL CHECK (missing >= 0),
  changed integer NOT NULL CHECK (changed >= 0),
  finished integer NOT NULL CHECK (finished >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX product_change_checks_company_idx ON product_change_checks (company_id, created_at DESC);
