-- A new release can ship newer official tables in reference-data/ (e.g. more states' cBenef tables). A start
-- reloads a table whose loaded file came from the bundle when the bundled file changed; a table an operator
-- loaded from a file of their own (npm run load:reference -- <table> <file>) is left as it is.
-- Rows loaded before this column existed: the first start loads the bundle, so they are taken as bundled.
ALTER TABLE reference_sources ADD COLUMN loaded_from_bundle boolean NOT NULL DEFAULT true;
