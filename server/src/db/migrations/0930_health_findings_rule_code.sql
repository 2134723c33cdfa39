-- The catalogue health check applies the NF-e rule book's rules (decision 060, issue 36): a finding the book decided
-- names its rejection code and rule id ("778 · I05-20"), as the documents audit's findings do.
ALTER TABLE health_findings ADD COLUMN rule_code text;
