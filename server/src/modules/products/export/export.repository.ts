import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

export interface ExportRow {
  id: string;
  internalCode: string;
  gtin: string | null;
  description: string;
  ncm: string | null;
  cest: string | null;
  status: string;
  code: string | null;
  updatedAt: Date;
  cfopSaida: string | null;
  cstIcms: string | null;
  cstCsosn: string | null;
  aliqIcms: string | null;
  redBcIcms: string | null;
  aliqIcmsSt: string | null;
  iva: string | null;
  fcp: string | null;
  pisCst: string | null;
  aliqPis: string | null;
  cofinsCst: string | null;
  aliqCofins: string | null;
  ipiCst: string | null;
  aliqIpi: string | null;
}

/**
 * One page of the export (keyset by id). The tax fields come from the product's rule, or — for a
 * product classified through a global product without its own link — from the base rule of its
 * NCM/CEST in the company's UF.
 */
export async function findExportPage(
  db: DbOrTx,
  where: SQL,
  uf: string,
  afterId: string | null,
  limit: number,
): Promise<ExportRow[]> {
  const res = await db.execute<ExportRow & Record<string, unknown>>(sql`
    SELECT p.id, p.internal_code AS "internalCode", p.gtin, p.description, p.ncm, p.cest, p.status,
      p.fiscal_service_reference_code AS code, p.updated_at AS "updatedAt",
      v.cfop_saida AS "cfopSaida", v.cst_icms AS "cstIcms", v.cst_csosn AS "cstCsosn", v.aliq_icms AS "aliqIcms",
      v.red_bc_icms AS "redBcIcms", v.aliq_icms_st AS "aliqIcmsSt", v.iva, v.fcp,
      v.pis_cst_saida AS "pisCst", v.aliq_pis AS "aliqPis", v.cofins_cst_saida AS "cofinsCst",
      v.aliq_cofins AS "aliqCofins", v.ipi_cst_saida AS "ipiCst", v.ipi_aliq AS "aliqIpi"
    FROM products p
    LEFT JOIN LATERAL (
      SELECT coalesce(p.fiscal_rule_id, CASE WHEN p.status = 'F' AND p.ncm IS NOT NULL THEN (
        SELECT f.id FROM fiscal_rules f WHERE NOT f.is_named AND f.ncm = p.ncm
          AND f.cest IS NOT DISTINCT FROM p.cest AND f.uf = ${uf} LIMIT 1) END) AS rule_id
    ) r ON true
    LEFT JOIN fiscal_rules fr ON fr.id = r.rule_id
    LEFT JOIN fiscal_rule_versions v ON v.id = fr.current_version_id
    WHERE ${where} ${afterId ? sql`AND p.id > ${afterId}` : sql``}
    ORDER BY p.id LIMIT ${limit}`);
  return res.rows;
}
