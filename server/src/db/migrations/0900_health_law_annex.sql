-- Issue 38 (decision 062): the catalogue health check proposes the cClassTrib the law backs for an NCM
-- (LC 214/2025 annexes, Receita's NCM applicability table ref_rtc_ncm). The proposed code(s) are kept
-- beside the finding so the health screen, its XLSX and the reform simulation can show them.
ALTER TABLE health_findings ADD COLUMN proposal text;
