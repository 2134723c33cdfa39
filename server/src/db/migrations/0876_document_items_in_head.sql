-- Decision 059, revised before release: an item per row cost a statement and a row per item (a 200 MB EFD has
-- 1.2 million), for what a new audit reads document by document. The items now travel in the document's `head`
-- (one compressed value per document, written by the insert that writes the document), and the three facts the
-- worklist shows and filters by are kept on each finding — findings are few, items are many.
DROP TABLE company_document_items;

ALTER TABLE document_findings
  ADD COLUMN description text,
  ADD COLUMN ncm text,
  ADD COLUMN cfop text;
