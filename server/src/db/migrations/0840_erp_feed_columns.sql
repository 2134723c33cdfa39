-- ERP sync (issue 23, decision 044): the feed triggers build each event's fiscal view from the row's
-- columns instead of product_change_view(to_jsonb(row)). That function took the whole row as one jsonb
-- and read it nine times, so PostgreSQL could not inline it (an argument used more than once must be
-- cheap): every event ran four separate function calls and two whole-row to_jsonb, which doubled the
-- fan-out's UPDATE of 10k products. Now the view is an inlinable function of the nine columns (each
-- argument used once), and an UPDATE compares the nine columns as one row before building any JSON.
--
-- before/after become json (text kept as written) instead of jsonb: nothing queries inside them, the
-- feed sends them as they are, and printing jsonb back to text was two thirds of the database's CPU per
-- feed page (and building jsonb a part of the trigger's cost).
ALTER TABLE product_changes
  ALTER COLUMN before TYPE json USING before::json,
  ALTER COLUMN after TYPE json USING after::json;

CREATE FUNCTION product_fiscal_view(
  internal_code text, description text, gtin text, ncm text, cest text, status text,
  global_code text, fiscal_rule_id uuid, fiscal_rule_status text
) RETURNS json LANGUAGE sql IMMUTABLE AS $$
  SELECT json_build_object(
    'internalCode', internal_code, 'description', description, 'gtin', gtin, 'ncm', ncm, 'cest', cest,
    'status', status, 'globalCode', global_code, 'fiscalRuleId', fiscal_rule_id,
    'fiscalRuleStatus', fiscal_rule_status)
$$;

CREATE OR REPLACE FUNCTION record_product_changes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT n.company_id, n.id, n.internal_code, 'product.created', NULL,
      product_fiscal_view(n.internal_code, n.description, n.gtin, n.ncm, n.cest, n.status,
        n.fiscal_service_reference_code, n.fiscal_rule_id, n.fiscal_rule_status)
    FROM new_rows n
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Only rows whose fiscal columns changed are paired into events (touching updated_at records nothing).
CREATE OR REPLACE FUNCTION record_product_changes_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT n.company_id, n.id, n.internal_code, 'product.changed',
      product_fiscal_view(o.internal_code, o.description, o.gtin, o.ncm, o.cest, o.status,
        o.fiscal_service_reference_code, o.fiscal_rule_id, o.fiscal_rule_status),
      product_fiscal_view(n.internal_code, n.description, n.gtin, n.ncm, n.cest, n.status,
        n.fiscal_service_reference_code, n.fiscal_rule_id, n.fiscal_rule_status)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.internal_code, o.description, o.gtin, o.ncm, o.cest, o.status, o.fiscal_service_reference_code,
           o.fiscal_rule_id, o.fiscal_rule_status)
      IS DISTINCT FROM (n.internal_code, n.description, n.gtin, n.ncm, n.cest, n.status,
           n.fiscal_service_reference_code, n.fiscal_rule_id, n.fiscal_rule_status)
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION record_product_changes_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT o.company_id, o.id, o.internal_code, 'product.deleted',
      product_fiscal_view(o.internal_code, o.description, o.gtin, o.ncm, o.cest, o.status,
        o.fiscal_service_reference_code, o.fiscal_rule_id, o.fiscal_rule_status), NULL
    FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = o.company_id)
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION record_rule_version_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_content jsonb;
  new_content jsonb;
BEGIN
  SELECT to_jsonb(v) - '{id,valid_from,valid_to,created_by,description}'::text[] INTO old_content
  FROM fiscal_rule_versions v WHERE v.id = OLD.current_version_id;
  SELECT to_jsonb(v) - '{id,valid_from,valid_to,created_by,description}'::text[] INTO new_content
  FROM fiscal_rule_versions v WHERE v.id = NEW.current_version_id;
  IF old_content IS NOT DISTINCT FROM new_content THEN
    RETURN NULL;
  END IF;
  -- The view's nine keys and the version, in the contract's order.
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT p.company_id, p.id, p.internal_code, 'product.rule_version_changed',
      json_build_object('internalCode', p.internal_code, 'description', p.description, 'gtin', p.gtin,
        'ncm', p.ncm, 'cest', p.cest, 'status', p.status, 'globalCode', p.fiscal_service_reference_code,
        'fiscalRuleId', p.fiscal_rule_id, 'fiscalRuleStatus', p.fiscal_rule_status,
        'fiscalRuleVersionId', OLD.current_version_id),
      json_build_object('internalCode', p.internal_code, 'description', p.description, 'gtin', p.gtin,
        'ncm', p.ncm, 'cest', p.cest, 'status', p.status, 'globalCode', p.fiscal_service_reference_code,
        'fiscalRuleId', p.fiscal_rule_id, 'fiscalRuleStatus', p.fiscal_rule_status,
        'fiscalRuleVersionId', NEW.current_version_id)
    FROM products p WHERE p.fiscal_rule_id = NEW.id
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

DROP FUNCTION product_change_view(jsonb);
