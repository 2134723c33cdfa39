-- Each audit finding says how much it matters (issue 37, decision 058): `rejeicao` (SEFAZ would reject the
-- document), `risco` (the tax due differs: the R$ is in `difference`) or `informativo` (an opportunity or a
-- catalogue rule to update). `rule_code` names the rule behind it: the rejection code (cStat) for `rejeicao`, the
-- audit's own check id otherwise (e.g. `icms-aliquota-interestadual`), so a worklist can group by cause.
ALTER TABLE document_findings
  ADD COLUMN severity text NOT NULL DEFAULT 'risco' CHECK (severity IN ('rejeicao', 'risco', 'informativo')),
  ADD COLUMN rule_code text;

-- Findings recorded before the column: a rejection code made them `rejeicao`.
UPDATE document_findings SET severity = 'rejeicao', rule_code = rejection WHERE rejection IS NOT NULL;

CREATE INDEX document_findings_severity_idx ON document_findings (import_id, severity, id);
