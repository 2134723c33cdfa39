-- Fewer foreign-key checks per imported product (bench/README.md, "import ≤ 2× COPY";
-- docs/decisions/011-audit-and-history-keys.md). An import writes, per product, an audit item and
-- (when classified) a rule-history row; every foreign key on them is one more index lookup and row
-- lock per row, which were a third of the import's database time.
--
-- company_id on both tables is the tenant key copied from the product in the same statement: the
-- product_id key already ties each row to a product, and the product's own key to its company
-- (deleting a company still removes them through the product's cascade).
ALTER TABLE product_audits DROP CONSTRAINT IF EXISTS product_audits_company_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_company_id_fkey;

-- Who acted is a recorded fact, kept with the name as written at the time (users are never
-- deleted; if one were, the audit item should still say who it was instead of forgetting it).
ALTER TABLE product_audits DROP CONSTRAINT IF EXISTS product_audits_user_id_fkey;

-- The rule and the version of a history row are one key: the version must belong to that rule.
-- One composite check replaces two single ones, and it is stricter (a version of another rule is
-- refused). Deleting a rule still cascades: rule → its versions → their history rows.
CREATE UNIQUE INDEX IF NOT EXISTS fiscal_rule_versions_rule_version_key
  ON fiscal_rule_versions (fiscal_rule_id, id);
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_fiscal_rule_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_version_id_fkey;
ALTER TABLE product_rule_history ADD CONSTRAINT product_rule_history_rule_version_fkey
  FOREIGN KEY (fiscal_rule_id, version_id) REFERENCES fiscal_rule_versions (fiscal_rule_id, id) ON DELETE CASCADE;
