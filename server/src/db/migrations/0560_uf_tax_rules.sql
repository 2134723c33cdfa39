-- Per-UF state rules (issue 14 §2): what differs by state, each row with its legal source and validity,
-- loaded from reference-data/uf-tax-rules.csv and cbenef.csv like the other official tables.

ALTER TABLE reference_sources DROP CONSTRAINT IF EXISTS reference_sources_table_name_check;
ALTER TABLE reference_sources ADD CONSTRAINT reference_sources_table_name_check CHECK (table_name IN (
  'ncm', 'cest', 'cfop', 'cst', 'ibs-cbs-cst', 'cclasstrib', 'ipi-enquadramento', 'uf-rates', 'uf-rules', 'cbenef'));

-- One row per UF and start of validity: a rule that changes gets a new row (the old one an end date).
CREATE TABLE ref_uf_tax_rules (
  uf char(2) NOT NULL CHECK (uf ~ '^[A-Z]{2}$'),
  valid_from date NOT NULL,
  valid_to date,
  difal_method text NOT NULL CHECK (difal_method IN ('simples', 'dupla')),
  difal_fcp_in_gross_up boolean NOT NULL DEFAULT false,
  relief_formula text NOT NULL CHECK (relief_formula IN ('simples', 'por-dentro')),
  cbenef_required boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (uf, valid_from),
  CONSTRAINT ref_uf_tax_rules_dates CHECK (valid_to IS NULL OR valid_to >= valid_from)
);

-- cBenef codes (UF + 6 characters, NT 2016.002) and the CSTs each may be used with (NT 2019.001).
CREATE TABLE ref_cbenef (
  code varchar(10) PRIMARY KEY CHECK (code ~ '^[A-Z]{2}[A-Z0-9]{6,8}$'),
  uf char(2) NOT NULL,
  csts text[] NOT NULL,
  description text NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX ref_cbenef_uf_idx ON ref_cbenef (uf);
