-- The keys an import writes most, checked once per statement instead of once per row
-- (docs/decisions/011-audit-and-history-keys.md; bench/README.md, "import ≤ 2× COPY").
-- An imported product writes the product row, an audit item and, when its GTIN classifies it, a
-- rule-history row. Each foreign key is an after-row trigger that looks the parent up through SPI and
-- locks it: ≈8,600 such checks per 1,000-row batch were a third of the import's database time.
--
-- 1. Keys that are gone: company_id of audit items and history rows is the tenant key copied from the
--    product in the statement that writes them (the product's own key ties it to its company, and
--    deleting a company still removes them through its products); user_id of an audit item records who
--    acted, next to the name as written then (users are not deleted; an audit trail should not forget).
ALTER TABLE product_audits DROP CONSTRAINT IF EXISTS product_audits_company_id_fkey;
ALTER TABLE product_audits DROP CONSTRAINT IF EXISTS product_audits_user_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_company_id_fkey;

-- 2. Keys kept, enforced per statement by the triggers below with the semantics of a foreign key
--    (MATCH SIMPLE, parent rows locked FOR KEY SHARE, ON DELETE CASCADE / SET NULL, parent keys immutable):
--    products.fiscal_rule_id → fiscal_rules (SET NULL); product_audits.product_id → products (CASCADE);
--    product_rule_history.product_id → products (CASCADE); product_rule_history (fiscal_rule_id,
--    version_id) → fiscal_rule_versions (fiscal_rule_id, id) (CASCADE: the version must belong to the
--    rule, stricter than the two single keys it replaces). products.company_id stays a plain foreign key.
ALTER TABLE products DROP CONSTRAINT IF EXISTS products_fiscal_rule_id_fkey;
ALTER TABLE product_audits DROP CONSTRAINT IF EXISTS product_audits_product_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_product_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_fiscal_rule_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_version_id_fkey;
ALTER TABLE product_rule_history DROP CONSTRAINT IF EXISTS product_rule_history_rule_version_fkey;
CREATE UNIQUE INDEX IF NOT EXISTS fiscal_rule_versions_rule_version_key ON fiscal_rule_versions (fiscal_rule_id, id);

-- AFTER INSERT / UPDATE … FOR EACH STATEMENT REFERENCING NEW TABLE AS new_rows.
-- TG_ARGV: constraint name (reported like a foreign key's), parent table, child columns, parent columns
-- (comma-separated, same order). The parent columns must be unique (a primary key or unique index).
-- Index lookups per key, not a scan of the parent: without statistics on the transition table the
-- planner would hash-join a whole parent table (fiscal rules, versions) for a few hundred keys.
CREATE OR REPLACE FUNCTION enforce_reference() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  child_cols text[] := string_to_array(TG_ARGV[2], ',');
  parent_cols text[] := string_to_array(TG_ARGV[3], ',');
  keys text := '';
  not_null text := '';
  matches text := '';
  i int;
  missing bigint;
  others bigint;
  example text;
BEGIN
  -- Statement triggers fire for statements that touched no row (most updates of an import batch).
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  FOR i IN 1 .. array_length(child_cols, 1) LOOP
    keys := keys || CASE WHEN i > 1 THEN ', ' ELSE '' END || format('n.%I', child_cols[i]);
    not_null := not_null || CASE WHEN i > 1 THEN ' AND ' ELSE '' END || format('n.%I IS NOT NULL', child_cols[i]);
    matches := matches || CASE WHEN i > 1 THEN ' AND ' ELSE '' END || format('p.%I = k.%I', parent_cols[i], child_cols[i]);
  END LOOP;
  -- One lookup per distinct key: which are missing, and how many parents this transaction did not
  -- write itself. Those it wrote (xmin is ours) are invisible to every other transaction until it
  -- commits, so no one else can delete them and they need no lock (an import's audit items and
  -- history rows point at its own products).
  EXECUTE format(
    'SELECT count(*) FILTER (WHERE p.xmin IS NULL), count(*) FILTER (WHERE p.xmin <> pg_current_xact_id()::xid),
            min(k::text) FILTER (WHERE p.xmin IS NULL)
     FROM (SELECT DISTINCT %2$s FROM new_rows n WHERE %3$s) k LEFT JOIN %1$I p ON %4$s',
    TG_ARGV[1], keys, not_null, matches) INTO missing, others, example;
  IF missing = 0 AND others > 0 THEN
    -- Lock the other parents as a foreign key does (FOR KEY SHARE): a concurrent delete then either
    -- waits for this transaction or has committed, and the second check (a new snapshot) sees the
    -- parent gone. (Rows locked before by this transaction are locked again cheaply.)
    EXECUTE format(
      'SELECT 1 FROM %1$I p WHERE p.xmin <> pg_current_xact_id()::xid
         AND EXISTS (SELECT 1 FROM (SELECT DISTINCT %2$s FROM new_rows n WHERE %3$s) k WHERE %4$s) FOR KEY SHARE OF p',
      TG_ARGV[1], keys, not_null, matches);
    EXECUTE format(
      'SELECT count(*), min(k::text) FROM (SELECT DISTINCT %2$s FROM new_rows n WHERE %3$s) k
       WHERE NOT EXISTS (SELECT 1 FROM %1$I p WHERE %4$s)',
      TG_ARGV[1], keys, not_null, matches) INTO missing, example;
  END IF;
  IF missing > 0 THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[0], TABLE = TG_TABLE_NAME,
        DETAIL = format('Key (%s)=%s is not present in table "%s".', TG_ARGV[2], example, TG_ARGV[1]);
  END IF;
  RETURN NULL;
END
$fn$;

-- AFTER DELETE ON <parent> FOR EACH STATEMENT REFERENCING OLD TABLE AS old_rows.
-- TG_ARGV: child table, child columns, parent columns, 'cascade' or 'set null'.
-- Index lookups per deleted parent: with stale statistics saying the child table is small, the planner
-- once chose a nested loop over a scan of it with the deleted rows rescanned inside (100k × 100k,
-- ten minutes for one import's products); without sequential scans only the index plan is left.
CREATE OR REPLACE FUNCTION cascade_reference() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  child_cols text[] := string_to_array(TG_ARGV[1], ',');
  parent_cols text[] := string_to_array(TG_ARGV[2], ',');
  matches text;
  sets text;
BEGIN
  SELECT string_agg(format('c.%I = o.%I', child_cols[i], parent_cols[i]), ' AND ')
    INTO matches FROM generate_subscripts(child_cols, 1) AS i;
  IF TG_ARGV[3] = 'set null' THEN
    SELECT string_agg(format('%I = NULL', c), ', ') INTO sets FROM unnest(child_cols) AS c;
    EXECUTE format('UPDATE %I c SET %s WHERE EXISTS (SELECT 1 FROM old_rows o WHERE %s)', TG_ARGV[0], sets, matches);
  ELSE
    EXECUTE format('DELETE FROM %I c WHERE EXISTS (SELECT 1 FROM old_rows o WHERE %s)', TG_ARGV[0], matches);
  END IF;
  RETURN NULL;
END
$fn$;

-- Referenced keys never change (a foreign key would refuse it too: NO ACTION on update).
CREATE OR REPLACE FUNCTION refuse_key_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the key of table "%" cannot change: rows of other tables refer to it', TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME;
END
$fn$;

-- products.fiscal_rule_id → fiscal_rules.id, ON DELETE SET NULL.
DROP TRIGGER IF EXISTS products_fiscal_rule_ref_ins ON products;
CREATE TRIGGER products_fiscal_rule_ref_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('products_fiscal_rule_id_fkey', 'fiscal_rules', 'fiscal_rule_id', 'id');
DROP TRIGGER IF EXISTS products_fiscal_rule_ref_upd ON products;
CREATE TRIGGER products_fiscal_rule_ref_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('products_fiscal_rule_id_fkey', 'fiscal_rules', 'fiscal_rule_id', 'id');
DROP TRIGGER IF EXISTS fiscal_rules_products_ref_del ON fiscal_rules;
CREATE TRIGGER fiscal_rules_products_ref_del AFTER DELETE ON fiscal_rules REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cascade_reference('products', 'fiscal_rule_id', 'id', 'set null');

-- product_audits.product_id → products.id, ON DELETE CASCADE.
DROP TRIGGER IF EXISTS product_audits_product_ref_ins ON product_audits;
CREATE TRIGGER product_audits_product_ref_ins AFTER INSERT ON product_audits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_audits_product_id_fkey', 'products', 'product_id', 'id');
DROP TRIGGER IF EXISTS product_audits_product_ref_upd ON product_audits;
CREATE TRIGGER product_audits_product_ref_upd AFTER UPDATE ON product_audits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_audits_product_id_fkey', 'products', 'product_id', 'id');
DROP TRIGGER IF EXISTS products_audits_ref_del ON products;
CREATE TRIGGER products_audits_ref_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cascade_reference('product_audits', 'product_id', 'id', 'cascade');

-- product_rule_history.product_id → products.id, ON DELETE CASCADE.
DROP TRIGGER IF EXISTS product_rule_history_product_ref_ins ON product_rule_history;
CREATE TRIGGER product_rule_history_product_ref_ins AFTER INSERT ON product_rule_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_rule_history_product_id_fkey', 'products', 'product_id', 'id');
DROP TRIGGER IF EXISTS product_rule_history_product_ref_upd ON product_rule_history;
CREATE TRIGGER product_rule_history_product_ref_upd AFTER UPDATE ON product_rule_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_rule_history_product_id_fkey', 'products', 'product_id', 'id');
DROP TRIGGER IF EXISTS products_history_ref_del ON products;
CREATE TRIGGER products_history_ref_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cascade_reference('product_rule_history', 'product_id', 'id', 'cascade');

-- product_rule_history (fiscal_rule_id, version_id) → fiscal_rule_versions (fiscal_rule_id, id), ON DELETE CASCADE.
DROP TRIGGER IF EXISTS product_rule_history_version_ref_ins ON product_rule_history;
CREATE TRIGGER product_rule_history_version_ref_ins AFTER INSERT ON product_rule_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_rule_history_rule_version_fkey', 'fiscal_rule_versions',
    'fiscal_rule_id,version_id', 'fiscal_rule_id,id');
DROP TRIGGER IF EXISTS product_rule_history_version_ref_upd ON product_rule_history;
CREATE TRIGGER product_rule_history_version_ref_upd AFTER UPDATE ON product_rule_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_rule_history_rule_version_fkey', 'fiscal_rule_versions',
    'fiscal_rule_id,version_id', 'fiscal_rule_id,id');
DROP TRIGGER IF EXISTS fiscal_rule_versions_history_ref_del ON fiscal_rule_versions;
CREATE TRIGGER fiscal_rule_versions_history_ref_del AFTER DELETE ON fiscal_rule_versions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cascade_reference('product_rule_history', 'fiscal_rule_id,version_id', 'fiscal_rule_id,id', 'cascade');

DROP TRIGGER IF EXISTS products_key_immutable ON products;
CREATE TRIGGER products_key_immutable BEFORE UPDATE OF id ON products
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_key_change();
DROP TRIGGER IF EXISTS fiscal_rules_key_immutable ON fiscal_rules;
CREATE TRIGGER fiscal_rules_key_immutable BEFORE UPDATE OF id ON fiscal_rules
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_key_change();
DROP TRIGGER IF EXISTS fiscal_rule_versions_key_immutable ON fiscal_rule_versions;
CREATE TRIGGER fiscal_rule_versions_key_immutable BEFORE UPDATE OF id, fiscal_rule_id ON fiscal_rule_versions
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.fiscal_rule_id IS DISTINCT FROM NEW.fiscal_rule_id)
  EXECUTE FUNCTION refuse_key_change();
