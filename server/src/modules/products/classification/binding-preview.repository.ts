import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/** The figures of a rule's current version the preview shows (the sale inside the company's UF). */
export interface RuleTaxes {
  id: string;
  name: string | null;
  ncm: string;
  cest: string | null;
  uf: string;
  cfopSaida: string | null;
  cstIcms: string | null;
  cstCsosn: string | null;
  aliqIcms: string | null;
  redBcIcms: string | null;
  pisCst: string | null;
  aliqPis: string | null;
  cofinsCst: string | null;
  aliqCofins: string | null;
  ipiCst: string | null;
  ipiAliq: string | null;
  cbsCst: string | null;
  cbsCClassTrib: string | null;
}

export async function findRuleTaxes(db: DbOrTx, ruleId: string | null): Promise<RuleTaxes | null> {
  if (!ruleId) return null;
  const res = await db.execute<RuleTaxes & Record<string, unknown>>(sql`
    SELECT r.id, coalesce(v.description, r.description) AS name, r.ncm, r.cest, r.uf,
      v.cfop_saida AS "cfopSaida", v.cst_icms AS "cstIcms", v.cst_csosn AS "cstCsosn", v.aliq_icms::text AS "aliqIcms",
      v.red_bc_icms::text AS "redBcIcms", v.pis_cst_saida AS "pisCst", v.aliq_pis::text AS "aliqPis",
      v.cofins_cst_saida AS "cofinsCst", v.aliq_cofins::text AS "aliqCofins", v.ipi_cst_saida AS "ipiCst",
      v.ipi_aliq::text AS "ipiAliq", v.cbs_cst AS "cbsCst", v.cbs_cclass_trib AS "cbsCClassTrib"
    FROM fiscal_rules r LEFT JOIN fiscal_rule_versions v ON v.id = r.current_version_id
    WHERE r.id = ${ruleId}`);
  return res.rows[0] ?? null;
}

/** Simples Nacional (CRT 1 or 2, NF-e): its invoices carry the CSOSN, not the CST of ICMS. */
export async function isSimplesCompany(db: DbOrTx, companyId: string): Promise<boolean> {
  const res = await db.execute<{ crt: string } & Record<string, unknown>>(
    sql`SELECT crt FROM companies WHERE id = ${companyId}`,
  );
  return ['1', '2'].includes(res.rows[0]?.crt ?? '');
}
