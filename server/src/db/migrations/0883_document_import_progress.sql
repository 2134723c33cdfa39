-- Progress inside a document import (issue 37, decision 057): documents read of about how many the upload holds
-- (counted before reading: a ZIP's entries, one per XML, an EFD's C100 lines; set to what was read at the end) and
-- items audited, written at least every second while it runs, so the screen never shows a silent "Em processamento".
ALTER TABLE document_imports
  ADD COLUMN documents_read integer NOT NULL DEFAULT 0,
  ADD COLUMN documents_total integer,
  ADD COLUMN items_audited integer NOT NULL DEFAULT 0;
