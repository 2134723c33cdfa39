-- Which versions of the bundled seed reference-data/st-agreements.csv were applied (decision 064). A start applies
-- a file whose SHA-256 is not here yet: it adds the rows the table lacks and refreshes rows no person has touched,
-- and never overrides the Admin's curation.
CREATE TABLE st_agreement_seed_loads (
  file_sha256 char(64) PRIMARY KEY CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  loaded_at timestamptz NOT NULL DEFAULT now(),
  inserted integer NOT NULL CHECK (inserted >= 0),
  updated integer NOT NULL CHECK (updated >= 0),
  skipped integer NOT NULL CHECK (skipped >= 0)
);
