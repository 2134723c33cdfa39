-- PIS/COFINS with or without the ICMS in the base (STF RE 574.706, Tema 69) is the issuer's choice (issue 37,
-- decision 058): 'auto' reads it from each document (either base is clean), 'sem-icms' or 'com-icms' is the
-- company's declared choice, and a document that does otherwise is a finding.
ALTER TABLE companies ADD COLUMN pis_cofins_icms_base text NOT NULL DEFAULT 'auto'
  CHECK (pis_cofins_icms_base IN ('auto', 'com-icms', 'sem-icms'));
