-- The company's own documents (issue 22, decision 040): uploads of NF-e/NFC-e XMLs, ZIPs of them and SPED EFD
-- files, imported by a background job; each document is one row, its audit findings rows of their own.

CREATE TABLE document_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid,
  user_name text NOT NULL DEFAULT '',
  file_name text NOT NULL,
  -- Where the upload waits for the job (under DATA_DIR); removed once the job ends.
  upload_dir text NOT NULL,
  files integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Done', 'Failed')),
  documents integer NOT NULL DEFAULT 0,
  items integer NOT NULL DEFAULT 0,
  products_created integer NOT NULL DEFAULT 0,
  products_updated integer NOT NULL DEFAULT 0,
  duplicates integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  findings integer NOT NULL DEFAULT 0,
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX document_imports_company_idx ON document_imports (company_id, created_at DESC, id DESC);

-- One row per document a company imported. doc_key is the access key (chave) when the document has one, else
-- the EFD's own key (model, series, number, participant): the same document twice is a duplicate, not a second row.
CREATE TABLE company_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  import_id uuid NOT NULL REFERENCES document_imports(id) ON DELETE CASCADE,
  doc_key text NOT NULL,
  chave char(44) CHECK (chave ~ '^[0-9]{44}$'),
  source text NOT NULL CHECK (source IN ('xml', 'efd')),
  direction text NOT NULL CHECK (direction IN ('sale', 'purchase')),
  model char(2) NOT NULL,
  number text NOT NULL,
  issued_on date,
  counterpart text,
  uf_origin char(2),
  uf_destination char(2),
  file_name text NOT NULL,
  items integer NOT NULL,
  total numeric(15, 2),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, doc_key)
);
CREATE INDEX company_documents_import_idx ON company_documents (import_id);

-- No foreign key to products (like health_findings): findings are a record of what a document said.
CREATE TABLE document_findings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import_id uuid NOT NULL REFERENCES document_imports(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES company_documents(id) ON DELETE CASCADE,
  company_id uuid NOT NULL,
  product_id uuid,
  internal_code text NOT NULL,
  chave text,
  n_item integer NOT NULL,
  kind text NOT NULL,
  field text NOT NULL,
  expected text,
  found text,
  difference numeric(15, 2),
  rejection text
);
CREATE INDEX document_findings_import_idx ON document_findings (import_id, id);
CREATE INDEX document_findings_kind_idx ON document_findings (import_id, kind, id);
CREATE INDEX document_findings_product_idx ON document_findings (import_id, product_id, id);
CREATE INDEX document_findings_document_idx ON document_findings (document_id);

-- Documents refused (not the company's, bad access key) and unreadable files or lines, with file and line.
CREATE TABLE document_import_problems (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import_id uuid NOT NULL REFERENCES document_imports(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  line integer,
  message text NOT NULL
);
CREATE INDEX document_import_problems_import_idx ON document_import_problems (import_id, id);
