-- Issue 14: POST /tax/calculate keeps the per-UF rules, cClassTrib and cBenef rows in memory (decision 025).
-- Every statement that writes one of those tables — the loader, a seed, a hand-written UPDATE — bumps one
-- counter in the same transaction, so a server sees a committed change by reading one row, never a
-- counter ahead of the rows it stands for.
CREATE TABLE reference_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO reference_versions (name, version) VALUES ('tax-facts', 0);

CREATE FUNCTION bump_tax_facts_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reference_versions SET version = version + 1 WHERE name = 'tax-facts';
  RETURN NULL;
END
$$;

CREATE TRIGGER ref_uf_rates_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_uf_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_uf_tax_rules_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_uf_tax_rules
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_cclasstrib_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_cclasstrib
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_cbenef_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_cbenef
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
