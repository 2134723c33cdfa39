-- Exact ticket counts per (company, status) without counting rows: the list's count(*) of a partner's 50k or
-- Admin's 100k tickets was 27–34 ms of index-only scan, over the list's 25 ms budget (bench/README.md "Tickets").
-- Ticket writes are single rows at human pace (open, a comment that changes the status, close), so a row-level
-- trigger keeping one counter row per (company, status) costs one small upsert per write; writers of one company
-- wait on each other only for that row. The status split also serves the dashboard's Open/Pending/Closed figures.
-- No foreign key to companies: deleting a company deletes its tickets, whose triggers empty its counter rows.
CREATE TABLE ticket_counts (
  company_id uuid NOT NULL,
  partner_id uuid NOT NULL,
  status text NOT NULL,
  n integer NOT NULL CHECK (n > 0),
  PRIMARY KEY (company_id, status)
);
CREATE INDEX ticket_counts_partner_idx ON ticket_counts (partner_id);

CREATE FUNCTION ticket_counts_add(p_company uuid, p_partner uuid, p_status text, p_n integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_n > 0 THEN
    INSERT INTO ticket_counts (company_id, partner_id, status, n) VALUES (p_company, p_partner, p_status, p_n)
    ON CONFLICT (company_id, status) DO UPDATE SET n = ticket_counts.n + EXCLUDED.n;
  ELSE
    UPDATE ticket_counts SET n = n + p_n WHERE company_id = p_company AND status = p_status AND n + p_n > 0;
    IF NOT FOUND THEN
      DELETE FROM ticket_counts WHERE company_id = p_company AND status = p_status;
    END IF;
  END IF;
END $$;

CREATE FUNCTION ticket_counts_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id THEN
      PERFORM ticket_counts_add(OLD.company_id, OLD.partner_id, OLD.status, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id THEN
      PERFORM ticket_counts_add(NEW.company_id, NEW.partner_id, NEW.status, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER tickets_counts AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_on_change();

-- Tickets written before this migration.
INSERT INTO ticket_counts (company_id, partner_id, status, n)
SELECT company_id, partner_id, status, count(*) FROM tickets GROUP BY 1, 2, 3;
