-- Support tickets about a product and their chat (spec 02 §3 Ticket / Ticket comment, §4, §9; decision 020).
--
-- partner_id is the company's partner, copied once: a company never changes partner, and the staff queue
-- (GET /tickets/partners) then reads one index range instead of joining every company of the partner.
-- The product is copied too (code, description, GTIN): the ticket keeps what it was about when the
-- product is later renamed or deleted, and the knowledge base finds tickets by GTIN without the catalogue.
CREATE TABLE tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id uuid NOT NULL REFERENCES partners(id),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  product_id uuid REFERENCES products(id) ON DELETE SET NULL,
  product_code varchar(155) NOT NULL,
  product_description varchar(255) NOT NULL,
  gtin varchar(14) CHECK (gtin ~ '^[0-9]{14}$'),
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Pending', 'Closed')),
  title varchar(200) NOT NULL CHECK (char_length(title) >= 5),
  description varchar(500) NOT NULL CHECK (char_length(description) >= 10),
  ticket_id_reference uuid REFERENCES tickets(id) ON DELETE SET NULL,
  -- Kept with the status under the ticket's row lock: "the second and later comments make it Pending".
  comment_count integer NOT NULL DEFAULT 0,
  created_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by uuid REFERENCES users(id)
);
-- The three lists, newest first (bench/README.md "Tickets"): a Member's companies, a partner's queue, Admin.
CREATE INDEX tickets_company_created_idx ON tickets (company_id, created_at DESC, id DESC);
CREATE INDEX tickets_partner_created_idx ON tickets (partner_id, created_at DESC, id DESC);
CREATE INDEX tickets_created_idx ON tickets (created_at DESC, id DESC);
-- Related tickets of the create modal (GET /tickets/{gtin}/knowledge-base).
CREATE INDEX tickets_gtin_idx ON tickets (gtin, created_at DESC) WHERE gtin IS NOT NULL;
-- Foreign keys from products, users and tickets: deleting one of those looks here.
CREATE INDEX tickets_product_idx ON tickets (product_id) WHERE product_id IS NOT NULL;
CREATE INDEX tickets_reference_idx ON tickets (ticket_id_reference) WHERE ticket_id_reference IS NOT NULL;

-- A growing id, so the chat's polling asks "after the last id I have". Comments of one ticket are inserted
-- under the ticket's row lock (tickets.service.ts): a later id always commits after an earlier one of the same
-- ticket, so a poller never skips a comment that was still uncommitted when it read.
CREATE TABLE ticket_comments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id uuid NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  -- The tenant key, copied from the ticket (company-scoped tables stay keyed by company).
  company_id uuid NOT NULL,
  text varchar(2000) NOT NULL CHECK (char_length(btrim(text)) > 0),
  type text NOT NULL DEFAULT 'Normal' CHECK (type IN ('Normal', 'KnowledgeBase')),
  comment_id_reference bigint REFERENCES ticket_comments(id) ON DELETE SET NULL,
  created_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Polling: WHERE ticket_id = $1 AND id > $2 ORDER BY id.
CREATE INDEX ticket_comments_ticket_idx ON ticket_comments (ticket_id, id);
-- The knowledge-base comments of a ticket (a small share of all comments).
CREATE INDEX ticket_comments_kb_idx ON ticket_comments (ticket_id, id) WHERE type = 'KnowledgeBase';
CREATE INDEX ticket_comments_reference_idx ON ticket_comments (comment_id_reference)
  WHERE comment_id_reference IS NOT NULL;
