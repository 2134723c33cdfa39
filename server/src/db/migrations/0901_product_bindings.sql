-- Issue 38 (decision 062): a binding of products to a global product can be undone within the session that made
-- it. Each binding keeps what it changed: the products' state before it, restored by the undo. A row lives as
-- long as its session (the undo asks the same session); ON DELETE CASCADE lets a session's end take them along.
CREATE TABLE product_bindings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  actor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  global_code text NOT NULL,
  bound_at timestamptz NOT NULL,
  undone_at timestamptz,
  -- [{ id, companyId, partnerId, status, ncm, cest, fiscalServiceReferenceCode, fiscalRuleId, fiscalRuleSince,
  --    fiscalRuleStatus }]: each product before the binding.
  items jsonb NOT NULL
);
CREATE INDEX product_bindings_session_idx ON product_bindings (session_id);
