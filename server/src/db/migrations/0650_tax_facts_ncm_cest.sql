-- Issue 21: POST /tax/calculate checks the item's NCM (validity on the date) and CEST (exists, fits the NCM)
-- from the in-memory snapshot of decision 025, so a reload of ref_ncm or ref_cest must bump the same counter.
CREATE TRIGGER ref_ncm_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_ncm
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
CREATE TRIGGER ref_cest_tax_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ref_cest
  FOR EACH STATEMENT EXECUTE FUNCTION bump_tax_facts_version();
