-- A product's rule history as link periods (docs/decisions/013-rule-link-periods.md).
--
-- Before: product_rule_history held one row per (product, rule version) period. Linking a product
-- opened a row and every rule edit closed the rows of all its products and opened new ones, so
-- classifying an imported product wrote a history row (80k per 100k-row file) and editing a rule
-- with 50k products rewrote 100k history rows.
-- Now: the open link lives on the product (fiscal_rule_id + fiscal_rule_since) and the table keeps only
-- closed links (rule, from, to), written when a link ends (relink, unbind). Which version applied at
-- any moment follows from the rule's own dated versions, which are immutable and cover time without
-- gaps: the version periods of a link are its period cut by the versions' periods. Nothing is lost:
-- the old rows are exactly those cuts.

-- The key functions, single-column, with the parents' keys as an array instead of a join to the
-- transition table. A join made the planner unique-ify the transition rows (whole rows, for the
-- DELETE's row marks) in a hash table that spilled to disk and was rebuilt for every row of the
-- other side: a 100k-product DELETE ran over ten minutes in the cascade to its audit items. An array
-- built once (an init plan) leaves one plan: the child's index searched for the array's keys.
CREATE OR REPLACE FUNCTION enforce_reference() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  child_col text := TG_ARGV[2];
  parent_col text := TG_ARGV[3];
  missing bigint;
  others bigint;
  example text;
BEGIN
  IF position(',' IN child_col) > 0 THEN
    RAISE EXCEPTION 'enforce_reference: one column per key (%)', TG_ARGV[0];
  END IF;
  -- Statement triggers fire for statements that touched no row (most updates of an import batch).
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  -- One lookup per distinct key: which are missing, and how many parents this transaction did not
  -- write itself. Those it wrote (xmin is ours) are invisible to every other transaction until it
  -- commits, so no one else can delete them and they need no lock (an import's audit items point at
  -- its own products).
  EXECUTE format(
    'SELECT count(*) FILTER (WHERE p.xmin IS NULL), count(*) FILTER (WHERE p.xmin <> pg_current_xact_id()::xid),
            min(k.key::text) FILTER (WHERE p.xmin IS NULL)
     FROM (SELECT DISTINCT n.%2$I AS key FROM new_rows n WHERE n.%2$I IS NOT NULL) k
     LEFT JOIN %1$I p ON p.%3$I = k.key',
    TG_ARGV[1], child_col, parent_col) INTO missing, others, example;
  IF missing = 0 AND others > 0 THEN
    -- Lock the other parents as a foreign key does (FOR KEY SHARE): a concurrent delete then either
    -- waits for this transaction or has committed, and the second check (a new snapshot) sees the
    -- parent gone. (Rows locked before by this transaction are locked again cheaply.)
    EXECUTE format(
      'SELECT 1 FROM %1$I p
       WHERE p.%3$I = ANY (ARRAY(SELECT DISTINCT n.%2$I FROM new_rows n WHERE n.%2$I IS NOT NULL))
         AND p.xmin <> pg_current_xact_id()::xid
       FOR KEY SHARE OF p',
      TG_ARGV[1], child_col, parent_col);
    EXECUTE format(
      'SELECT count(*), min(k.key::text) FROM (SELECT DISTINCT n.%2$I AS key FROM new_rows n WHERE n.%2$I IS NOT NULL) k
       WHERE NOT EXISTS (SELECT 1 FROM %1$I p WHERE p.%3$I = k.key)',
      TG_ARGV[1], child_col, parent_col) INTO missing, example;
  END IF;
  IF missing > 0 THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[0], TABLE = TG_TABLE_NAME,
        DETAIL = format('Key (%s)=(%s) is not present in table "%s".', child_col, example, TG_ARGV[1]);
  END IF;
  RETURN NULL;
END
$fn$;

-- TG_ARGV: child table, child column, parent column, 'cascade' or 'set null', and for 'set null'
-- optionally more child columns (comma-separated) cleared with the key.
CREATE OR REPLACE FUNCTION cascade_reference() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  child_col text := TG_ARGV[1];
  parent_col text := TG_ARGV[2];
  sets text;
  keys text;
BEGIN
  IF position(',' IN child_col) > 0 THEN
    RAISE EXCEPTION 'cascade_reference: one column per key (%.%)', TG_ARGV[0], child_col;
  END IF;
  keys := format('c.%I = ANY (ARRAY(SELECT DISTINCT o.%I FROM old_rows o))', child_col, parent_col);
  IF TG_ARGV[3] = 'set null' THEN
    SELECT string_agg(format('%I = NULL', c), ', ') INTO sets
    FROM unnest(array_prepend(child_col, string_to_array(coalesce(TG_ARGV[4], ''), ','))) AS c WHERE c <> '';
    EXECUTE format('UPDATE %I c SET %s WHERE %s', TG_ARGV[0], sets, keys);
  ELSE
    EXECUTE format('DELETE FROM %I c WHERE %s', TG_ARGV[0], keys);
  END IF;
  RETURN NULL;
END
$fn$;

ALTER TABLE products ADD COLUMN IF NOT EXISTS fiscal_rule_since timestamptz;
-- The version key goes with the column below (the rule key replaces it).
DROP TRIGGER IF EXISTS product_rule_history_version_ref_ins ON product_rule_history;
DROP TRIGGER IF EXISTS product_rule_history_version_ref_upd ON product_rule_history;
DROP TRIGGER IF EXISTS fiscal_rule_versions_history_ref_del ON fiscal_rule_versions;

-- Old rows → links: consecutive periods of the same rule that touch (an edit closed one and opened
-- the next at the same instant) are one link.
CREATE TEMP TABLE rule_links ON COMMIT DROP AS
WITH ordered AS (
  SELECT h.*, CASE
      WHEN lag(h.fiscal_rule_id) OVER w IS DISTINCT FROM h.fiscal_rule_id
        OR lag(h.valid_to) OVER w IS DISTINCT FROM h.valid_from THEN 1 ELSE 0 END AS starts
  FROM product_rule_history h
  WINDOW w AS (PARTITION BY h.product_id ORDER BY h.valid_from, h.id)
),
numbered AS (
  SELECT o.*, sum(o.starts) OVER (PARTITION BY o.product_id ORDER BY o.valid_from, o.id) AS link
  FROM ordered o
)
SELECT n.company_id, n.product_id, n.fiscal_rule_id, min(n.valid_from) AS valid_from,
  CASE WHEN bool_or(n.valid_to IS NULL) THEN NULL ELSE max(n.valid_to) END AS valid_to
FROM numbered n
GROUP BY n.company_id, n.product_id, n.fiscal_rule_id, n.link;

CREATE INDEX ON rule_links (product_id);
ANALYZE rule_links;

-- The open link of a linked product (its rule's, else it was linked without a history row: since its
-- last change). Joins, not a subquery per product: a catalogue has hundreds of thousands of them.
UPDATE products p SET fiscal_rule_since = l.since
FROM (SELECT product_id, fiscal_rule_id, max(valid_from) AS since FROM rule_links WHERE valid_to IS NULL
      GROUP BY product_id, fiscal_rule_id) l
WHERE l.product_id = p.id AND l.fiscal_rule_id = p.fiscal_rule_id;
UPDATE products SET fiscal_rule_since = updated_at WHERE fiscal_rule_id IS NOT NULL AND fiscal_rule_since IS NULL;

-- Open rows that no longer match the product's link are closed now (the link they describe ended).
UPDATE rule_links l SET valid_to = greatest(now(), l.valid_from)
WHERE l.valid_to IS NULL AND NOT EXISTS (
  SELECT 1 FROM products p WHERE p.id = l.product_id AND p.fiscal_rule_id = l.fiscal_rule_id);

DELETE FROM product_rule_history;
ALTER TABLE product_rule_history DROP COLUMN version_id;
DROP INDEX IF EXISTS product_rule_history_open_rule_idx;
INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
SELECT company_id, product_id, fiscal_rule_id, valid_from, valid_to FROM rule_links WHERE valid_to IS NOT NULL;
ALTER TABLE product_rule_history ALTER COLUMN valid_to SET NOT NULL;
-- Deleting a rule deletes its closed links (cascade below) through this index.
CREATE INDEX IF NOT EXISTS product_rule_history_rule_idx ON product_rule_history (fiscal_rule_id);

-- Keys (decision 011), now all single-column. The version key is gone with the column; the rule key
-- replaces it: product_rule_history.fiscal_rule_id → fiscal_rules.id, ON DELETE CASCADE.
DROP TRIGGER IF EXISTS product_rule_history_rule_ref_ins ON product_rule_history;
CREATE TRIGGER product_rule_history_rule_ref_ins AFTER INSERT ON product_rule_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_rule_history_fiscal_rule_id_fkey', 'fiscal_rules', 'fiscal_rule_id', 'id');
DROP TRIGGER IF EXISTS product_rule_history_rule_ref_upd ON product_rule_history;
CREATE TRIGGER product_rule_history_rule_ref_upd AFTER UPDATE ON product_rule_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enforce_reference('product_rule_history_fiscal_rule_id_fkey', 'fiscal_rules', 'fiscal_rule_id', 'id');
DROP TRIGGER IF EXISTS fiscal_rules_history_ref_del ON fiscal_rules;
CREATE TRIGGER fiscal_rules_history_ref_del AFTER DELETE ON fiscal_rules REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cascade_reference('product_rule_history', 'fiscal_rule_id', 'id', 'cascade');
-- A deleted rule ends its products' links: the rule and its since are cleared together.
DROP TRIGGER IF EXISTS fiscal_rules_products_ref_del ON fiscal_rules;
CREATE TRIGGER fiscal_rules_products_ref_del AFTER DELETE ON fiscal_rules REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cascade_reference('products', 'fiscal_rule_id', 'id', 'set null', 'fiscal_rule_since');
DROP INDEX IF EXISTS fiscal_rule_versions_rule_version_key;

ALTER TABLE products DROP CONSTRAINT IF EXISTS products_rule_since;
ALTER TABLE products ADD CONSTRAINT products_rule_since CHECK (fiscal_rule_id IS NULL OR fiscal_rule_since IS NOT NULL);

