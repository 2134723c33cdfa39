-- The documents audit as a worklist (issue 37, decision 059).

-- Each imported item as it was read: what the worklist shows and filters by (description, NCM, CFOP) and what a
-- new audit of the import reads again (prod and taxes keyed by the NF-e layout's tags). The uploaded files are
-- removed when the import ends, so without these rows an import could never be audited again.
CREATE TABLE company_document_items (
  document_id uuid NOT NULL REFERENCES company_documents(id) ON DELETE CASCADE,
  n_item integer NOT NULL,
  internal_code text NOT NULL,
  description text,
  ncm text,
  cfop text,
  prod jsonb NOT NULL,
  taxes jsonb NOT NULL,
  PRIMARY KEY (document_id, n_item)
);

-- The document's own facts the audit reads besides its items (ide, issuer, recipient, EFD side).
ALTER TABLE company_documents ADD COLUMN head jsonb;

-- A group of findings is one cause: kind, field, product and rule. Its status is keyed by that identity (an md5 of
-- the four), not by finding ids, so it survives a new audit of the import that rewrites every finding row.
CREATE TABLE document_finding_group_statuses (
  import_id uuid NOT NULL REFERENCES document_imports(id) ON DELETE CASCADE,
  group_key char(32) NOT NULL,
  status text NOT NULL CHECK (status IN ('Aberto', 'EmAnalise', 'Corrigido', 'Ignorado')),
  reason text,
  user_id uuid,
  user_name text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (import_id, group_key),
  CHECK (status <> 'Ignorado' OR length(trim(coalesce(reason, ''))) > 0)
);

-- When the import was last audited again (null: only by the import itself).
ALTER TABLE document_imports ADD COLUMN reaudited_at timestamptz;
