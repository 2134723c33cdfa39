-- The deferral a cClassTrib's tax treatment fixes (issue 36, decision 068): Receita's reference calculator takes
-- pDif from the treatment (TRATAMENTO_TRIBUTARIO.TRTR_EXPRESSAO_PERCENTUAL_DIFERIMENTO, 1.00 = 100 % for
-- "Diferimento" and "Diferimento com redução de alíquota") instead of asking the issuer for gDif. Percent; null
-- when the treatment fixes none. The loader fills it on every load (loaders/rtc.ts).
ALTER TABLE ref_rtc_cclasstrib ADD COLUMN p_dif numeric(8, 4);

-- Tables loaded before this column: every IBS/CBS code whose CST has the indicator gDif (510001, 515001 in the
-- calculator's data V0029) has one of those two treatments.
UPDATE ref_rtc_cclasstrib SET p_dif = 100 WHERE kind = 'IBSCBS' AND (flags ->> 'gDif')::boolean;
