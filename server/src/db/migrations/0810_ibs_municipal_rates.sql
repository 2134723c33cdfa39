-- IBS municipal rate per municipality and date (issue 25 §1: operacao.cMunFG decides the municipality; decision 042).
-- The official calculator has no rate per município (its V0015 removed the fictitious ones), so these rows are the
-- Admin's, each with its source; with no row in force for the cMunFG the reference rate of ref_cbs_ibs_rates applies.
CREATE TABLE ibs_municipal_rates (
  id uuid PRIMARY KEY,
  uf char(2) NOT NULL CHECK (uf ~ '^[A-Z]{2}$'),
  c_mun char(7) NOT NULL CHECK (c_mun ~ '^[0-9]{7}$'),
  valid_from date NOT NULL CHECK (valid_from BETWEEN '2026-01-01' AND '2033-12-31'),
  valid_to date,
  rate numeric(7, 4) NOT NULL CHECK (rate >= 0 AND rate < 100),
  source text NOT NULL CHECK (length(btrim(source)) BETWEEN 3 AND 300),
  estimated boolean NOT NULL DEFAULT true,
  updated_by uuid REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ibs_municipal_rates_period CHECK (valid_to IS NULL OR valid_to >= valid_from),
  CONSTRAINT ibs_municipal_rates_start UNIQUE (c_mun, valid_from)
);

-- Every server reprices with an edit within a second (the tax-facts snapshot, decision 025).
CREATE TRIGGER ibs_municipal_rates_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ibs_municipal_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
