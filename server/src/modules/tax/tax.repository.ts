import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface UfRuleRow {
  uf: string;
  internalRate: string;
  fcpRate: string;
  difalMethod: 'simples' | 'dupla' | null;
  difalFcpInGrossUp: boolean | null;
  reliefFormula: 'simples' | 'por-dentro' | null;
  cbenefRequired: boolean | null;
  source: string | null;
  validFrom: string | null;
  validTo: string | null;
}

export interface ClassTribRow {
  code: string;
  cst: string;
  pRedIbs: string;
  pRedCbs: string;
  legalBasis: string;
  startDate: string;
  endDate: string | null;
}

export interface CbenefRow {
  code: string;
  uf: string;
  csts: string[];
  validFrom: string;
  validTo: string | null;
}

export interface CalculationFacts {
  rules: UfRuleRow[];
  classTrib: ClassTribRow | null;
  cbenef: CbenefRow | null;
}

/**
 * Everything the engine needs from the reference tables for one item, in ONE round trip (the endpoint
 * is called per invoice line): both states' rates and the rule in force on the date, the cClassTrib
 * row and the cBenef row.
 */
export async function findCalculationFacts(
  db: DbOrTx,
  q: { ufs: [string, string]; date: string; cClassTrib: string | null; cBenef: string | null },
): Promise<CalculationFacts> {
  const res = await db.execute<{ facts: CalculationFacts } & Record<string, unknown>>(sql`
    SELECT json_build_object(
      'rules', (SELECT coalesce(json_agg(json_build_object(
          'uf', r.uf, 'internalRate', r.internal_rate::text, 'fcpRate', r.fcp_rate::text,
          'difalMethod', t.difal_method, 'difalFcpInGrossUp', t.difal_fcp_in_gross_up,
          'reliefFormula', t.relief_formula, 'cbenefRequired', t.cbenef_required, 'source', t.source,
          'validFrom', t.valid_from::text, 'validTo', t.valid_to::text)), '[]'::json)
        FROM ref_uf_rates r
        LEFT JOIN LATERAL (
          SELECT * FROM ref_uf_tax_rules t
          WHERE t.uf = r.uf AND t.active AND t.valid_from <= ${q.date}::date
            AND (t.valid_to IS NULL OR t.valid_to >= ${q.date}::date)
          ORDER BY t.valid_from DESC LIMIT 1) t ON true
        WHERE r.uf IN (${q.ufs[0]}, ${q.ufs[1]})),
      'classTrib', (SELECT json_build_object('code', code, 'cst', cst, 'pRedIbs', p_red_ibs::text,
          'pRedCbs', p_red_cbs::text, 'legalBasis', legal_basis, 'startDate', start_date::text,
          'endDate', end_date::text)
        FROM ref_cclasstrib WHERE code = ${q.cClassTrib}),
      'cbenef', (SELECT json_build_object('code', code, 'uf', uf, 'csts', csts,
          'validFrom', valid_from::text, 'validTo', valid_to::text)
        FROM ref_cbenef WHERE code = ${q.cBenef} AND active)
    ) AS facts`);
  return res.rows[0]!.facts;
}

/** The state rules in force today, for the fiscal-rules screen's 'Fontes das tabelas'. */
export async function findUfRules(db: DbOrTx) {
  const res = await db.execute<Record<string, unknown>>(sql`
    SELECT t.uf, t.difal_method AS "difalMethod", t.difal_fcp_in_gross_up AS "difalFcpInGrossUp",
      t.relief_formula AS "reliefFormula", t.cbenef_required AS "cbenefRequired", t.source,
      t.valid_from::text AS "validFrom", t.valid_to::text AS "validTo",
      (SELECT count(*)::int FROM ref_cbenef c WHERE c.uf = t.uf AND c.active) AS "cbenefCount"
    FROM ref_uf_tax_rules t
    WHERE t.active AND (t.valid_to IS NULL OR t.valid_to >= current_date)
    ORDER BY t.uf, t.valid_from DESC`);
  return res.rows;
}
