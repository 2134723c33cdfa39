-- Pending SIMILAR across a partner's companies (issue 10, decision 029). Word similarity is computed
-- once per distinct folded description instead of once (twice, with the trigram recheck) per Pending
-- row: partner-wide, "cafe torardo" had ~14k candidate rows (each read from the table and scored)
-- but ~2.5k distinct descriptions. pending_descriptions holds, per partner, every folded description
-- a Pending product of its companies may have; the search scores its trigram matches and then reads
-- the rows of the best ones through products_pending_search_idx (0580).
--
-- The table may hold more than that (an entry outlives its last Pending product until
-- prune_pending_descriptions removes it; two writers may add the same entry at once): the search
-- joins back to the Pending rows, so an extra entry costs a probe and never changes a result. It must
-- never hold less: every statement that writes Pending rows adds their entries (triggers below).
-- No unique key and no foreign key on purpose: writers never wait for each other here (a unique
-- key makes a second import wait for the first one's commit, and two of them could deadlock).
CREATE TABLE pending_descriptions (
  partner_id uuid NOT NULL,
  description_search text NOT NULL
);
CREATE INDEX pending_descriptions_key ON pending_descriptions (partner_id, description_search);
CREATE INDEX pending_descriptions_trgm ON pending_descriptions
  USING gin (partner_id, description_search gin_trgm_ops);

-- The advisory lock class of a partner's entries: writers hold it shared until they commit; the
-- pruner takes it exclusively without waiting, so it never removes an entry a writer in flight relies on.
CREATE FUNCTION add_pending_descriptions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(590, hashtext(c.partner_id::text))
  FROM companies c WHERE c.id IN (SELECT n.company_id FROM new_rows n WHERE n.status = 'P');
  INSERT INTO pending_descriptions (partner_id, description_search)
  SELECT DISTINCT c.partner_id, n.description_search
  FROM new_rows n JOIN companies c ON c.id = n.company_id
  WHERE n.status = 'P' AND NOT EXISTS (
    SELECT 1 FROM pending_descriptions d
    WHERE d.partner_id = c.partner_id AND d.description_search = n.description_search);
  RETURN NULL;
END $$;

CREATE TRIGGER pending_descriptions_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_pending_descriptions();
CREATE TRIGGER pending_descriptions_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_pending_descriptions();

-- A company moved to another partner takes its Pending descriptions along.
CREATE FUNCTION move_pending_descriptions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(590, hashtext(NEW.partner_id::text));
  INSERT INTO pending_descriptions (partner_id, description_search)
  SELECT DISTINCT NEW.partner_id, p.description_search FROM products p
  WHERE p.company_id = NEW.id AND p.status = 'P' AND NOT EXISTS (
    SELECT 1 FROM pending_descriptions d
    WHERE d.partner_id = NEW.partner_id AND d.description_search = p.description_search);
  RETURN NULL;
END $$;
CREATE TRIGGER pending_descriptions_partner AFTER UPDATE OF partner_id ON companies
  FOR EACH ROW WHEN (OLD.partner_id IS DISTINCT FROM NEW.partner_id)
  EXECUTE FUNCTION move_pending_descriptions();

-- Removes a partner's entries without a Pending product (and duplicates). Returns how many went, or
-- NULL when a writer of that partner is in flight (try again later). Run it in its own short
-- transaction: until that commits, the partner's writers wait.
CREATE FUNCTION prune_pending_descriptions(p_partner uuid) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(590, hashtext(p_partner::text)) THEN
    RETURN NULL;
  END IF;
  -- A statement after the lock: its snapshot sees every writer that committed before it.
  DELETE FROM pending_descriptions d
  WHERE d.partner_id = p_partner AND (
    NOT EXISTS (
      SELECT 1 FROM products p JOIN companies c ON c.id = p.company_id
      WHERE c.partner_id = p_partner AND p.status = 'P'
        AND (p.description_search COLLATE "C") = d.description_search)
    OR EXISTS (
      SELECT 1 FROM pending_descriptions e
      WHERE e.partner_id = d.partner_id AND e.description_search = d.description_search AND e.ctid < d.ctid));
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END $$;

INSERT INTO pending_descriptions (partner_id, description_search)
SELECT DISTINCT c.partner_id, p.description_search
FROM products p JOIN companies c ON c.id = p.company_id WHERE p.status = 'P';
ANALYZE pending_descriptions;
