-- Official reference tables (global, no tenant). Loaded from reference-data/ by the reference loader;
-- a reload upserts by code and only marks absent codes inactive, because rules and products point at them.

-- Where each table came from and how fresh it is (shown to users).
CREATE TABLE reference_sources (
  table_name text PRIMARY KEY
    CHECK (table_name IN ('ncm', 'cest', 'cfop', 'cst', 'ibs-cbs-cst', 'cclasstrib', 'ipi-enquadramento', 'uf-rates')),
  title text NOT NULL,
  source text NOT NULL,
  as_of text NOT NULL,
  file_name text NOT NULL,
  file_sha256 char(64) NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  row_count integer NOT NULL CHECK (row_count >= 0),
  loaded_at timestamptz NOT NULL DEFAULT now()
);

-- NCM, every level: chapter (2 digits), heading (4), subheading levels (5, 6, 7) and items (8).
CREATE TABLE ref_ncm (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{2}([0-9]{2}([0-9]{1,4})?)?$'),
  level smallint NOT NULL CHECK (level IN (2, 4, 5, 6, 7, 8)),
  parent_code text REFERENCES ref_ncm(code) DEFERRABLE INITIALLY DEFERRED,
  description text NOT NULL,
  full_description text NOT NULL,
  start_date date NOT NULL,
  end_date date,
  legal_act text,
  active boolean NOT NULL DEFAULT true,
  search_text text GENERATED ALWAYS AS (f_unaccent(lower(full_description))) STORED,
  CONSTRAINT ref_ncm_level_matches CHECK (level = length(code)),
  CONSTRAINT ref_ncm_dates CHECK (end_date IS NULL OR end_date >= start_date)
);
-- Code prefix search must use an index whatever the database collation is.
CREATE INDEX ref_ncm_code_prefix_idx ON ref_ncm (code text_pattern_ops);
CREATE INDEX ref_ncm_parent_idx ON ref_ncm (parent_code);
-- Word search only offers eight-digit codes; the partial index also keeps the first load fast.
CREATE INDEX ref_ncm_search_trgm ON ref_ncm USING gin (search_text gin_trgm_ops) WHERE level = 8;

-- CEST (Convênio ICMS 142/2018): SS.III.DD stored as 7 digits; ncm_prefixes are 2–8 digit NCM prefixes.
CREATE TABLE ref_cest (
  code char(7) PRIMARY KEY CHECK (code ~ '^[0-9]{7}$'),
  segment char(2) NOT NULL,
  item text NOT NULL,
  description text NOT NULL,
  ncm_prefixes text[] NOT NULL DEFAULT '{}',
  active boolean NOT NULL DEFAULT true
);
-- "CESTs that fit an NCM" asks ncm_prefixes && (every prefix of the NCM): an array-overlap GIN lookup.
CREATE INDEX ref_cest_prefixes_gin ON ref_cest USING gin (ncm_prefixes);

CREATE TABLE ref_cfop (
  code char(4) PRIMARY KEY CHECK (code ~ '^[1-7][0-9]{3}$'),
  name text NOT NULL,
  short_name text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  kind text NOT NULL,
  stock_move boolean NOT NULL,
  finance_move boolean NOT NULL,
  active boolean NOT NULL DEFAULT true,
  search_text text GENERATED ALWAYS AS (f_unaccent(lower(code || ' ' || name))) STORED
);
CREATE INDEX ref_cfop_search_trgm ON ref_cfop USING gin (search_text gin_trgm_ops);

-- CST ICMS, CSOSN, CST IPI, CST PIS, CST COFINS (cst.csv) and CST IBS/CBS (ibs-cbs-cst.json).
CREATE TABLE ref_cst (
  type text NOT NULL CHECK (type IN ('ICMS', 'CSOSN', 'IPI', 'PIS', 'COFINS', 'IBSCBS')),
  code text NOT NULL CHECK (code ~ '^[0-9]{2,3}$'),
  name text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('all', 'in', 'out')),
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (type, code)
);

CREATE TABLE ref_ipi_enquadramento (
  code char(3) PRIMARY KEY CHECK (code ~ '^[0-9]{3}$'),
  cst_group text NOT NULL,
  description text NOT NULL,
  cst_in char(2),
  cst_out char(2),
  active boolean NOT NULL DEFAULT true
);

-- cClassTrib of IBS/CBS (LC 214/2025) with the reductions (percent) and validity of each code.
CREATE TABLE ref_cclasstrib (
  code char(6) PRIMARY KEY CHECK (code ~ '^[0-9]{6}$'),
  cst char(3) NOT NULL,
  name text NOT NULL,
  description text NOT NULL,
  legal_basis text NOT NULL DEFAULT '',
  rate_type text NOT NULL,
  p_red_ibs numeric(7, 4) NOT NULL CHECK (p_red_ibs BETWEEN 0 AND 100),
  p_red_cbs numeric(7, 4) NOT NULL CHECK (p_red_cbs BETWEEN 0 AND 100),
  start_date date NOT NULL,
  end_date date,
  updated_on date,
  documents text[] NOT NULL DEFAULT '{}',
  annex text NOT NULL DEFAULT '',
  link text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX ref_cclasstrib_cst_idx ON ref_cclasstrib (cst);

-- Internal (modal) ICMS rate and standard FCP of each UF, in percent.
CREATE TABLE ref_uf_rates (
  uf char(2) PRIMARY KEY CHECK (uf ~ '^[A-Z]{2}$'),
  name text NOT NULL,
  ibge char(2) NOT NULL UNIQUE,
  region text NOT NULL CHECK (region IN ('N', 'NE', 'CO', 'SE', 'S')),
  internal_rate numeric(5, 2) NOT NULL CHECK (internal_rate BETWEEN 0 AND 100),
  fcp_rate numeric(5, 2) NOT NULL CHECK (fcp_rate BETWEEN 0 AND 100),
  note text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true
);
