-- ERP sync (issue 23, decision 032): API keys, the product change feed and signed webhooks.

-- An API key: only its SHA-256 is kept (the key is shown once). Scope: one company (company_id) or
-- every company of the creator's partner (company_id NULL). The key acts as its creator, narrowed to
-- that scope, so it never holds more than the person who made it.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  key_hash text NOT NULL UNIQUE,
  -- The first characters of the key, so a list can tell keys apart without holding them.
  key_prefix text NOT NULL,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_partner_idx ON api_keys (partner_id, created_at DESC);
CREATE INDEX api_keys_company_idx ON api_keys (company_id, created_at DESC) WHERE company_id IS NOT NULL;

-- The change feed. Each event is written by the statement that changes the product (triggers below),
-- in its transaction, with the writer's transaction id. The feed's order is the order in which those
-- transactions COMMIT: at commit a deferred trigger gives each (company, transaction) the next number of
-- that company's counter row (change_counters) and holds the counter's row lock until the commit is
-- visible, so number n+1 can only be handed out after n is visible (or rolled back with its number).
-- A reader therefore never sees n+1 without n: the cursor (seq, id) never skips nor repeats an event.
CREATE TABLE product_changes (
  id bigint GENERATED ALWAYS AS IDENTITY,
  company_id uuid NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  product_id uuid NOT NULL,
  internal_code text NOT NULL,
  event text NOT NULL,
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, xid, id)
);

CREATE TABLE change_commits (
  company_id uuid NOT NULL,
  xid xid8 NOT NULL,
  seq bigint,
  PRIMARY KEY (company_id, xid)
);
CREATE UNIQUE INDEX change_commits_seq_key ON change_commits (company_id, seq);
CREATE INDEX change_commits_unassigned_idx ON change_commits (xid) WHERE seq IS NULL;

CREATE TABLE change_counters (
  company_id uuid PRIMARY KEY,
  last bigint NOT NULL
);

-- What the feed shows of a product (its fiscal data), from to_jsonb of a products row (transition
-- tables have no named row type to declare).
CREATE FUNCTION product_change_view(p jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'internalCode', p->'internal_code', 'description', p->'description', 'gtin', p->'gtin', 'ncm', p->'ncm',
    'cest', p->'cest', 'status', p->'status', 'globalCode', p->'fiscal_service_reference_code',
    'fiscalRuleId', p->'fiscal_rule_id', 'fiscalRuleStatus', p->'fiscal_rule_status')
$$;

CREATE FUNCTION record_product_changes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT n.company_id, n.id, n.internal_code, 'product.created', NULL, product_change_view(to_jsonb(n)) FROM new_rows n
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Old and new rows paired by id (the hash join over the two transition tables, as 0550 does); a
-- statement that touches only columns outside the fiscal view (updated_at, …) records nothing.
CREATE FUNCTION record_product_changes_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH pairs AS (
    SELECT n.company_id, n.id, n.internal_code, product_change_view(to_jsonb(o)) AS b, product_change_view(to_jsonb(n)) AS a
    FROM new_rows n JOIN old_rows o ON o.id = n.id),
  ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT company_id, id, internal_code, 'product.changed', b, a FROM pairs WHERE a IS DISTINCT FROM b
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A product deleted with its company (cascade) has no feed to go to.
CREATE FUNCTION record_product_changes_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT o.company_id, o.id, o.internal_code, 'product.deleted', product_change_view(to_jsonb(o)), NULL FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = o.company_id)
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER product_changes_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_product_changes_insert();
CREATE TRIGGER product_changes_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_product_changes_update();
CREATE TRIGGER product_changes_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_product_changes_delete();

-- A new version of a rule changes what its linked products pay: one event per product linked to the
-- rule, unless the new version carries the same tax content (dates, author and text aside).
CREATE FUNCTION record_rule_version_changes() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WITH ins AS (
    INSERT INTO product_changes (company_id, product_id, internal_code, event, before, after)
    SELECT p.company_id, p.id, p.internal_code, 'product.rule_version_changed',
      product_change_view(to_jsonb(p)) || jsonb_build_object('fiscalRuleVersionId', OLD.current_version_id),
      product_change_view(to_jsonb(p)) || jsonb_build_object('fiscalRuleVersionId', NEW.current_version_id)
    FROM products p WHERE p.fiscal_rule_id = NEW.id
    RETURNING company_id)
  INSERT INTO change_commits (company_id, xid)
  SELECT DISTINCT company_id, pg_current_xact_id() FROM ins
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER fiscal_rules_version_changes AFTER UPDATE OF current_version_id ON fiscal_rules
  FOR EACH ROW WHEN (OLD.current_version_id IS DISTINCT FROM NEW.current_version_id)
  EXECUTE FUNCTION record_rule_version_changes();

-- At commit: number this transaction's commits, companies in id order (two transactions that touch
-- the same companies lock their counters in the same order, so they cannot deadlock here). Fires once
-- per (company, transaction) row; the first firing numbers them all, the others find nothing left.
CREATE FUNCTION assign_change_seq() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n bigint;
BEGIN
  FOR r IN
    SELECT c.company_id FROM change_commits c
    WHERE c.xid = pg_current_xact_id() AND c.seq IS NULL ORDER BY c.company_id
  LOOP
    INSERT INTO change_counters AS k (company_id, last) VALUES (r.company_id, 1)
    ON CONFLICT (company_id) DO UPDATE SET last = k.last + 1
    RETURNING k.last INTO n;
    UPDATE change_commits SET seq = n WHERE company_id = r.company_id AND xid = pg_current_xact_id();
    -- A hint for the webhook dispatchers (delivered at commit); the feed itself is the durable record.
    PERFORM pg_notify('erp_changes', r.company_id::text);
  END LOOP;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER change_commits_seq AFTER INSERT ON change_commits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION assign_change_seq();

-- A deleted company takes its feed along.
CREATE FUNCTION drop_company_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_changes p USING old_companies o WHERE p.company_id = o.id;
  DELETE FROM change_commits c USING old_companies o WHERE c.company_id = o.id;
  DELETE FROM change_counters c USING old_companies o WHERE c.company_id = o.id;
  RETURN NULL;
END $$;
CREATE TRIGGER erp_changes_company_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_companies FOR EACH STATEMENT EXECUTE FUNCTION drop_company_changes();

-- Webhooks of a company. The secret signs deliveries (HMAC), so it is kept as is and never returned
-- after creation. cursor_seq/cursor_id: the feed position already turned into deliveries.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) <= 2000),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  secret text NOT NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Disabled')),
  disabled_reason text,
  cursor_seq bigint NOT NULL DEFAULT 0,
  cursor_id bigint NOT NULL DEFAULT 0,
  failing_since timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_company_idx ON webhooks (company_id, created_at);

-- One message per event (Standard Webhooks): the id is the webhook-id of every attempt; the body is
-- kept as sent, so a retry signs the same bytes.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Succeeded', 'Failed')),
  attempts integer NOT NULL DEFAULT 0,
  response_status integer,
  duration_ms integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  next_attempt_at timestamptz
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC, id);
