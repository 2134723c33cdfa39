-- Issue 15: an import's history row is committed when the import starts, outside the file's transaction,
-- so that after a crash or kill -9 the history still shows the file as not finished (the catalogue holds
-- none of it: the transaction died with its connection). backend_pid/backend_start name the connection
-- that runs the import's transaction: while it lives the import is running; once gone, it was interrupted.
-- A refused file deletes its row (nothing of it was written). Rows before this migration are finished.
ALTER TABLE import_history
  ADD COLUMN finished boolean NOT NULL DEFAULT true,
  ADD COLUMN backend_pid integer,
  ADD COLUMN backend_start timestamptz;
