import { sql } from 'drizzle-orm';
import { buyerBoundCodesSql } from './law-codes.repository.js';

/**
 * The rules that are the NF-e rule book's (NCM in force I05-20, IBS/CBS CST UB13-10, cClassTrib UB14-10 and
 * UB14-20) are applied by the book itself (health-rule-book.ts), not copied here.
 * Every other rejection rule over one company's catalogue as ONE set-based statement: a scan of the
 * company's products joined to their rule's current version, the NCM/CEST/cClassTrib/cBenef tables by
 * hash join. Each branch of the UNION is one finding kind (contract healthFindingKinds); `detail` is
 * what the analyst needs to see to fix it.
 */
export const insertFindingsSql = (checkId: string, companyId: string, date: string) => sql`
  WITH p AS MATERIALIZED (
    SELECT p.id, p.ncm, p.cest, p.gtin, p.fiscal_rule_id IS NOT NULL AS has_rule, v.uf,
      right(v.cst_icms, 2) AS cst, v.cfop_saida AS cfop, nullif(trim(v.cod_benef), '') AS cbenef,
      v.cbs_cst, v.cbs_cclass_trib AS cclass
    FROM products p
    LEFT JOIN fiscal_rules r ON r.id = p.fiscal_rule_id
    LEFT JOIN fiscal_rule_versions v ON v.id = r.current_version_id
    WHERE p.company_id = ${companyId}
  ),
  uf_rule AS (
    SELECT DISTINCT ON (uf) uf, cbenef_required, cbenef_optional_csts FROM ref_uf_tax_rules
    WHERE active AND valid_from <= ${date}::date AND (valid_to IS NULL OR valid_to >= ${date}::date)
    ORDER BY uf, valid_from DESC
  ),
  -- CSTs that have a benefit code in the UF's table: NT 2019.001 N12-85 asks cBenef for them (used where the
  -- table's 'NULO' row, the CSTs allowed without cBenef, is not known).
  uf_benefit_csts AS (
    SELECT DISTINCT uf, unnest(csts) AS cst FROM ref_cbenef
    WHERE active AND valid_from <= ${date}::date AND (valid_to IS NULL OR valid_to >= ${date}::date)
  ),
  f AS (
    SELECT id, 'NCM_MISSING' AS kind, '' AS detail FROM p WHERE ncm IS NULL
    UNION ALL
    SELECT id, 'GTIN_INVALID', 'GTIN ' || gtin FROM p WHERE gtin IS NOT NULL AND NOT gtin_is_valid(gtin)
    UNION ALL
    SELECT p.id, 'CEST_NCM_MISMATCH', 'CEST ' || p.cest || ' × NCM ' || coalesce(p.ncm, '—')
    FROM p LEFT JOIN ref_cest c ON c.code = p.cest
    WHERE p.cest IS NOT NULL AND (
      c.code IS NULL OR p.ncm IS NULL OR (cardinality(c.ncm_prefixes) > 0
        AND NOT EXISTS (SELECT 1 FROM unnest(c.ncm_prefixes) AS x WHERE starts_with(p.ncm, x))))
    UNION ALL
    SELECT id, 'CST_CFOP_MISMATCH', 'CST ' || cst || ' × CFOP ' || cfop FROM p
    WHERE cst IS NOT NULL AND cfop IS NOT NULL AND (
      (cst IN ('10', '30', '60', '70') AND cfop NOT IN ('5401', '5402', '5403', '5405', '6401', '6403', '6404'))
      OR (cst IN ('00', '20', '40', '41', '51') AND cfop IN ('5401', '5402', '5403', '5405', '6401', '6403', '6404')))
    UNION ALL
    SELECT p.id, 'CBENEF_MISSING', 'UF ' || p.uf || ', CST ' || p.cst
    FROM p JOIN uf_rule u ON u.uf = p.uf AND u.cbenef_required
    LEFT JOIN uf_benefit_csts b ON b.uf = p.uf AND b.cst = p.cst
    WHERE p.cbenef IS NULL AND p.cst IS NOT NULL AND CASE
      WHEN u.cbenef_optional_csts IS NOT NULL THEN NOT (p.cst = ANY(u.cbenef_optional_csts))
      ELSE b.cst IS NOT NULL END
    UNION ALL
    SELECT p.id, 'CBENEF_INVALID', 'cBenef ' || p.cbenef || ' (UF ' || p.uf || ', CST ' || coalesce(p.cst, '—') || ')'
    FROM p WHERE p.cbenef IS NOT NULL AND p.cbenef <> 'SEM CBENEF'
      -- Only where the UF's official table is loaded: a state without one cannot be checked (not verified).
      AND EXISTS (SELECT 1 FROM ref_cbenef l WHERE l.uf = p.uf AND l.active)
      AND NOT EXISTS (
      SELECT 1 FROM ref_cbenef c WHERE c.code = p.cbenef AND c.uf = p.uf AND c.active AND p.cst = ANY(c.csts)
        AND c.valid_from <= ${date}::date AND (c.valid_to IS NULL OR c.valid_to >= ${date}::date))
    UNION ALL
    SELECT id, 'IBSCBS_MISSING', '' FROM p WHERE has_rule AND cbs_cst IS NULL AND ${date}::date >= '2026-01-01'
    UNION ALL
    SELECT id, 'CCLASSTRIB_MISSING', 'CST ' || cbs_cst FROM p WHERE cbs_cst IS NOT NULL AND cclass IS NULL
    UNION ALL
    -- A code of the table outside its validity on the date (the rule book's UB14-10 decides whether it exists).
    SELECT p.id, 'CCLASSTRIB_NOT_IN_FORCE', 'cClassTrib ' || p.cclass
    FROM p JOIN ref_cclasstrib t ON t.code = p.cclass
    WHERE t.start_date > ${date}::date OR t.end_date < ${date}::date
  ),
  -- CCLASSTRIB_ANNEX_IGNORED (decision 062): a rule taxed in full (CST 000) on an NCM that Receita's NCM
  -- applicability table (ref_rtc_ncm, NCM_APLICAVEL) places in an annex of LC 214/2025 — Anexo I cesta básica
  -- (art. 125), Anexo VII reduced 60 % (art. 135) and the others. The table lists NCM prefixes of 2 to 8
  -- digits: each product NCM's prefixes are joined by equality (hash join), never a LIKE per pair.
  annex AS (
    SELECT p.id, p.ncm, p.cclass, n.code, n.annex, length(n.ncm) AS len, t.p_red_cbs, t.legal_basis
    FROM p CROSS JOIN generate_series(2, 8) AS k
    JOIN ref_rtc_ncm n ON n.ncm = left(p.ncm, k) AND n.kind = 'IBSCBS' AND n.active AND n.annex IS NOT NULL
      AND n.start_date <= ${date}::date AND (n.end_date IS NULL OR n.end_date >= ${date}::date)
    JOIN ref_rtc_cclasstrib t ON t.kind = 'IBSCBS' AND t.code = n.code AND t.active
    WHERE p.cbs_cst = '000' AND p.cclass IS NOT NULL AND p.ncm ~ '^[0-9]{8}$'
      -- The table repeats a (code, prefix) row once per exclusion: an NCM excluded by any of them is out.
      AND NOT EXISTS (
        SELECT 1 FROM ref_rtc_ncm e, unnest(e.excluded) AS x
        WHERE e.kind = 'IBSCBS' AND e.code = n.code AND e.ncm = n.ncm AND e.active AND starts_with(p.ncm, x))
      -- Codes that hang on the buyer or on an event (public administration, health emergency, deferral) are
      -- not what a sale of the NCM takes by default: never proposed.
      AND n.code NOT IN (${buyerBoundCodesSql})
  ),
  annex_best AS (
    SELECT DISTINCT ON (id, code) id, ncm, cclass, code, annex, len, p_red_cbs, legal_basis
    FROM annex ORDER BY id, code, len DESC
  ),
  annex_f AS (
    SELECT id, 'CCLASSTRIB_ANNEX_IGNORED' AS kind,
      'NCM ' || ncm || ' no ' || string_agg(annex || ' da LC 214/2025 (' || legal_basis || ', cClassTrib ' || code || ')',
        '; ' ORDER BY len DESC, p_red_cbs DESC, code) || ': a regra usa ' || cclass AS detail,
      string_agg(code, ',' ORDER BY len DESC, p_red_cbs DESC, code) AS proposal
    FROM annex_best GROUP BY id, ncm, cclass
  )
  INSERT INTO health_findings (check_id, company_id, product_id, kind, detail, proposal)
  SELECT ${checkId}::uuid, ${companyId}::uuid, id, kind, detail, NULL FROM f
  UNION ALL
  SELECT ${checkId}::uuid, ${companyId}::uuid, id, kind, detail, proposal FROM annex_f`;
