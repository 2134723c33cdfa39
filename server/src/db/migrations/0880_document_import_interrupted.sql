-- Issue 35: a document import left Running by a server that died ends Interrupted at the next start (decision 056),
-- as product imports do (0510_import_status.sql). runner_pid/runner_start name the connection the running server
-- holds for the import: while it lives the import is running; once gone, the server that ran it died.
ALTER TABLE document_imports DROP CONSTRAINT document_imports_status_check;
ALTER TABLE document_imports ADD CONSTRAINT document_imports_status_check
  CHECK (status IN ('Queued', 'Running', 'Done', 'Failed', 'Interrupted'));
ALTER TABLE document_imports
  ADD COLUMN runner_pid integer,
  ADD COLUMN runner_start timestamptz;
