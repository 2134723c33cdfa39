-- Issue 24: a company's CNAE is a CNAE subclass code, stored as its 7 digits (the API accepts 4711-3/02 or
-- 4711302). Formatted codes already stored are reduced to their digits; the check holds every new write
-- (NOT VALID: free text typed before the check stays until the company is edited, where the form asks for a code).
UPDATE companies SET cnae = regexp_replace(cnae, '[^0-9]', '', 'g')
WHERE cnae ~ '^\s*[0-9]{4}[-.]?[0-9]/?[0-9]{2}\s*$' AND cnae !~ '^[0-9]{7}$';
UPDATE companies SET cnae = NULL WHERE btrim(cnae) = '';
ALTER TABLE companies ADD CONSTRAINT companies_cnae_subclass CHECK (cnae ~ '^[0-9]{7}$') NOT VALID;
