-- Issue 25 (decision 038): the open data of Receita Federal's reference CBS/IBS/IS calculator, loaded as
-- reference tables like the others (reference-data/rtc/, reloadable, with source), read by POST /tax/calculate
-- through the tax-facts snapshot (decision 025): every table here bumps `reference_versions` in the writing
-- transaction.

ALTER TABLE reference_sources DROP CONSTRAINT IF EXISTS reference_sources_table_name_check;
ALTER TABLE reference_sources ADD CONSTRAINT reference_sources_table_name_check CHECK (table_name IN (
  'ncm', 'cest', 'cfop', 'cst', 'ibs-cbs-cst', 'cclasstrib', 'ipi-enquadramento', 'uf-rates', 'uf-rules', 'cbenef',
  'rtc-aliquotas', 'rtc-cclasstrib', 'rtc-ncm', 'rtc-aliquotas-especificas', 'rtc-is', 'rtc-monofasia'));

-- Reference rates of CBS, IBS-UF and IBS-Mun by date (LC 214/2025 arts. 343–346, 361–369; ADCT arts. 125–128).
-- Rows the law does not fix (reference rates from 2027, set by Senate resolution) are estimates: the Admin may
-- replace the value (override_*), which a reload of the file never overwrites.
CREATE TABLE ref_cbs_ibs_rates (
  tax text NOT NULL CHECK (tax IN ('CBS', 'IBSUF', 'IBSMun')),
  valid_from date NOT NULL,
  valid_to date,
  rate numeric(8, 4) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  estimated boolean NOT NULL,
  source text NOT NULL,
  override_rate numeric(8, 4) CHECK (override_rate >= 0 AND override_rate <= 100),
  override_source text,
  override_by uuid REFERENCES users (id),
  override_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (tax, valid_from),
  CONSTRAINT ref_cbs_ibs_rates_dates CHECK (valid_to IS NULL OR valid_to >= valid_from),
  -- Only an estimate may be edited, and an edit always says where its value comes from.
  CONSTRAINT ref_cbs_ibs_rates_override CHECK (
    (override_rate IS NULL AND override_source IS NULL)
    OR (estimated AND override_rate IS NOT NULL AND length(trim(override_source)) > 0))
);

-- cClassTrib of the calculator: reductions per tax, group indicators, DF-e types, legal basis, validity.
-- Key (kind, code): IS codes reuse the numbers (and CST 000) of CBS/IBS codes.
CREATE TABLE ref_rtc_cclasstrib (
  kind text NOT NULL CHECK (kind IN ('IBSCBS', 'IS')),
  cst text NOT NULL,
  code text NOT NULL CHECK (code ~ '^\d{6}$'),
  taxes text NOT NULL,
  description text NOT NULL,
  p_red_cbs numeric(8, 4) NOT NULL,
  p_red_ibsuf numeric(8, 4) NOT NULL,
  p_red_ibsmun numeric(8, 4) NOT NULL,
  rate_type text NOT NULL,
  nomenclature text,
  flags jsonb NOT NULL,
  documents text[] NOT NULL,
  legal_basis text NOT NULL,
  start_date date NOT NULL,
  end_date date,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (kind, code)
);

-- NCM codes or prefixes a cClassTrib applies to, with the NCMs excluded from each row.
CREATE TABLE ref_rtc_ncm (
  id integer PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('IBSCBS', 'IS')),
  cst text NOT NULL,
  code text NOT NULL,
  ncm text NOT NULL CHECK (ncm ~ '^\d{2,8}$'),
  annex text,
  excluded text[] NOT NULL,
  start_date date NOT NULL,
  end_date date,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX ref_rtc_ncm_code_idx ON ref_rtc_ncm (kind, code);

-- Fixed or sector-uniform rates of some cClassTrib (010001, 010002, 22xxxx), per tax and date.
CREATE TABLE ref_rtc_specific_rates (
  code text NOT NULL,
  tax text NOT NULL CHECK (tax IN ('CBS', 'IBSUF', 'IBSMun')),
  valid_from date NOT NULL,
  valid_to date,
  rate numeric(8, 4) NOT NULL,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (code, tax, valid_from)
);

-- Imposto Seletivo rates by NCM/NBS (ad valorem %, or ad rem amount per unit).
-- ref: the source row (kind, product or service table, id), as the ids repeat across those tables.
CREATE TABLE ref_is_rates (
  ref text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('AD_VALOREM', 'AD_REM')),
  ncm text,
  nbs text,
  rate numeric(12, 4) NOT NULL,
  unit text,
  valid_from date NOT NULL,
  valid_to date,
  excluded text[] NOT NULL,
  active boolean NOT NULL DEFAULT true
);

-- Ad rem CBS/IBS of monophasic fuels (LC 214/2025 arts. 172–180), per NCM, tax and date.
CREATE TABLE ref_mono_rates (
  ncm text NOT NULL,
  tax text NOT NULL CHECK (tax IN ('CBS', 'IBSUF', 'IBSMun')),
  valid_from date NOT NULL,
  valid_to date,
  rate numeric(12, 4) NOT NULL,
  unit text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (ncm, tax, valid_from)
);

CREATE TRIGGER ref_cbs_ibs_rates_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_cbs_ibs_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_rtc_cclasstrib_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_rtc_cclasstrib
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_rtc_ncm_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_rtc_ncm
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_rtc_specific_rates_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON ref_rtc_specific_rates FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_is_rates_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_is_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_mono_rates_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_mono_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
