-- Fiscal rules (global content shared by every partner) and their dated versions.
-- A rule row holds the identity (NCM, CEST, UF, name), the review status and a pointer to its
-- current version; every edit closes that version (valid_to) and opens a new one (valid_from), so
-- product details can be read "as of" any date.

CREATE TABLE fiscal_rules (
  id uuid PRIMARY KEY,
  is_named boolean NOT NULL DEFAULT false,
  -- Named rules carry a name of 6 to 299 characters (spec 02 §5); base rules have none.
  description text CHECK (description IS NULL OR length(description) BETWEEN 6 AND 299),
  ncm char(8) NOT NULL CHECK (ncm ~ '^[0-9]{8}$'),
  cest char(7) CHECK (cest ~ '^[0-9]{7}$'),
  uf char(2) NOT NULL CHECK (uf ~ '^[A-Z]{2}$'),
  status text NOT NULL DEFAULT 'Unchecked' CHECK (status IN ('Unchecked', 'Checked')),
  current_version_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fiscal_rules_named_has_description CHECK (is_named = (description IS NOT NULL))
);
-- Base rules are keyed by (NCM, CEST, UF); a missing CEST counts as one value.
CREATE UNIQUE INDEX fiscal_rules_base_key ON fiscal_rules (ncm, cest, uf) NULLS NOT DISTINCT WHERE NOT is_named;
CREATE INDEX fiscal_rules_group_idx ON fiscal_rules (ncm, cest);
CREATE INDEX fiscal_rules_named_search_trgm ON fiscal_rules
  USING gin (f_unaccent(lower(description)) gin_trgm_ops) WHERE is_named;

CREATE TABLE fiscal_rule_versions (
  id uuid PRIMARY KEY,
  fiscal_rule_id uuid NOT NULL REFERENCES fiscal_rules(id) ON DELETE CASCADE,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz,
  created_by uuid,
  description text,
  ncm char(8) NOT NULL,
  cest char(7),
  uf char(2) NOT NULL,
  -- federal part
  cod_anp varchar(9),
  nri varchar(3),
  aliq_pis numeric(7, 4),
  pis_cst_entrada varchar(3),
  pis_cst_saida varchar(3),
  aliq_cofins numeric(7, 4),
  cofins_cst_entrada varchar(3),
  cofins_cst_saida varchar(3),
  red_pis numeric(7, 4),
  red_cofins numeric(7, 4),
  piscofins_amp_legal text,
  ipi_aliq numeric(7, 4),
  ipi_cod_enq varchar(3),
  ipi_cst_entrada varchar(3),
  ipi_cst_saida varchar(3),
  ipi_ex varchar(3),
  pmc numeric(14, 4),
  import_tax numeric(7, 4),
  cbs_cst varchar(3),
  cbs_cclass_trib varchar(6),
  cbs_aliq numeric(7, 4),
  cbs_reducao numeric(7, 4),
  cbs_reducao_base_calculo numeric(7, 4),
  -- state part
  cfop_entrada varchar(4),
  cfop_saida varchar(4),
  cst_icms varchar(3),
  cst_csosn varchar(3),
  aliq_icms numeric(7, 4),
  aliq_icms_st numeric(7, 4),
  red_bc_icms numeric(7, 4),
  red_bc_icms_st numeric(7, 4),
  iva numeric(7, 4),
  mva_ajustado_4 numeric(9, 4),
  mva_ajustado_12 numeric(9, 4),
  fcp numeric(7, 4),
  cod_benef varchar(10),
  antecipado boolean NOT NULL DEFAULT false,
  p_difer numeric(7, 4),
  desonerado boolean NOT NULL DEFAULT false,
  isencao numeric(7, 4),
  picms_pdv numeric(7, 4),
  simb_pdv varchar(20),
  icms_amp_legal text,
  tp_calc_difal smallint NOT NULL DEFAULT 0 CHECK (tp_calc_difal IN (0, 1, 2)),
  ibs_aliq_uf numeric(7, 4),
  ibs_aliq_mun numeric(7, 4),
  ibs_reducao numeric(7, 4),
  ibs_reducao_base_calculo numeric(7, 4),
  icms_pdv_cst_csosn varchar(3),
  icms_pdv_aliquota numeric(7, 4),
  icms_pdv_fcp numeric(7, 4),
  icms_pdv_reducao_bc numeric(7, 4),
  icms_pdv_aliquota_efetiva numeric(7, 4),
  -- ICMS protocol / agreement that applies (name, description, subsTrib, respTrib, rates, validity)
  protocol jsonb,
  agreement jsonb,
  CONSTRAINT fiscal_rule_versions_dates CHECK (valid_to IS NULL OR valid_to >= valid_from),
  CONSTRAINT fiscal_rule_versions_percentages CHECK (
    coalesce(aliq_icms, 0) BETWEEN 0 AND 100 AND coalesce(aliq_icms_st, 0) BETWEEN 0 AND 100
    AND coalesce(red_bc_icms, 0) BETWEEN 0 AND 100 AND coalesce(red_bc_icms_st, 0) BETWEEN 0 AND 100
    AND coalesce(aliq_pis, 0) BETWEEN 0 AND 100 AND coalesce(aliq_cofins, 0) BETWEEN 0 AND 100
    AND coalesce(fcp, 0) BETWEEN 0 AND 100
  )
);
-- One open version per rule.
CREATE UNIQUE INDEX fiscal_rule_versions_current_key ON fiscal_rule_versions (fiscal_rule_id) WHERE valid_to IS NULL;
CREATE INDEX fiscal_rule_versions_rule_time_idx ON fiscal_rule_versions (fiscal_rule_id, valid_from);

ALTER TABLE fiscal_rules ADD CONSTRAINT fiscal_rules_current_version_fk
  FOREIGN KEY (current_version_id) REFERENCES fiscal_rule_versions(id) DEFERRABLE INITIALLY DEFERRED;
