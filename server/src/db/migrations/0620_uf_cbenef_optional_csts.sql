-- Issue 14 §2/§3: each state's 'cBenef x CST' table has a 'NULO' row, the CSTs an NF-e item may carry with no
-- cBenef at all (RJ: 00, 10, 30, 41, 50, 60, 90). The health check reports a missing cBenef only outside that
-- list; NULL means the state's list is not known, and the check falls back to "a CST some code of the UF allows".
ALTER TABLE ref_uf_tax_rules ADD COLUMN cbenef_optional_csts text[];
