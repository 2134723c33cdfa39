import type { TStateRuleRow } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Normalised grouping filters (spec 02 §3 "Rule filters"); undefined = no filter. */
export interface GroupingFilters {
  ncm?: string;
  cest?: string;
  uf?: string;
  cfopEntrada?: string;
  cfopSaida?: string;
  aliqICMS?: string;
  productDescription?: string;
  status?: 'Checked' | 'Unchecked';
  gtin?: string;
}

/** WHERE over rules `r` and their current versions `v`; product filters look only at products in scope. */
function buildWhere(f: GroupingFilters, scope: SQL): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.ncm) parts.push(sql`r.ncm LIKE ${`${f.ncm}%`}`);
  if (f.cest) parts.push(sql`r.cest LIKE ${`${f.cest}%`}`);
  if (f.uf) parts.push(sql`r.uf = ${f.uf}`);
  if (f.cfopEntrada) parts.push(sql`v.cfop_entrada = ${f.cfopEntrada}`);
  if (f.cfopSaida) parts.push(sql`v.cfop_saida = ${f.cfopSaida}`);
  if (f.aliqICMS) parts.push(sql`v.aliq_icms = ${f.aliqICMS}::numeric`);
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.productDescription) {
    const like = `%${f.productDescription}%`;
    parts.push(sql`(
      f_unaccent(lower(r.description)) LIKE f_unaccent(lower(${like}))
      OR EXISTS (SELECT 1 FROM products p WHERE p.fiscal_rule_id = r.id AND ${scope}
                 AND p.description_search LIKE f_unaccent(lower(${like}))))`);
  }
  if (f.gtin) {
    parts.push(sql`EXISTS (SELECT 1 FROM products p WHERE p.fiscal_rule_id = r.id AND ${scope}
                           AND ltrim(p.gtin, '0') = ltrim(${f.gtin}, '0'))`);
  }
  return sql.join(parts, sql` AND `);
}

export async function countGroups(db: DbOrTx, f: GroupingFilters, scope: SQL): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT DISTINCT r.ncm, r.cest
      FROM fiscal_rules r JOIN fiscal_rule_versions v ON v.id = r.current_version_id
      WHERE ${buildWhere(f, scope)}) g`);
  return res.rows[0]?.n ?? 0;
}

export interface GroupRuleRow extends TStateRuleRow {
  ncm: string;
  cest: string | null;
  ncmDescription: string | null;
}

/** The matching rules of one page of (NCM, CEST) groups, in group order. */
export async function findGroupPageRules(
  db: DbOrTx,
  f: GroupingFilters,
  scope: SQL,
  page: { offset: number; limit: number },
): Promise<GroupRuleRow[]> {
  const where = buildWhere(f, scope);
  const res = await db.execute<GroupRuleRow & Record<string, unknown>>(sql`
    WITH matched AS (
      SELECT r.*, v.cfop_entrada, v.cfop_saida, v.cst_icms, v.cst_csosn, v.aliq_icms, v.red_bc_icms,
             v.aliq_icms_st, v.red_bc_icms_st, v.pis_cst_entrada, v.pis_cst_saida, v.aliq_pis,
             v.cofins_cst_entrada, v.cofins_cst_saida, v.aliq_cofins, v.ipi_ex, v.ipi_cst_entrada, v.ipi_cst_saida
      FROM fiscal_rules r JOIN fiscal_rule_versions v ON v.id = r.current_version_id
      WHERE ${where}
    ), page AS (
      SELECT DISTINCT ncm, cest FROM matched
      ORDER BY ncm, cest NULLS FIRST OFFSET ${page.offset} LIMIT ${page.limit}
    )
    SELECT m.ncm, m.cest, n.full_description AS "ncmDescription",
           m.id, m.description, m.is_named AS "isNamed", m.status, m.uf,
           m.cfop_entrada AS "cfopEntrada", m.cfop_saida AS "cfopSaida", m.cst_icms AS "cstICMS",
           m.cst_csosn AS "cstCSOSN", m.aliq_icms::text AS "aliqICMS", m.red_bc_icms::text AS "redBCICMS",
           m.aliq_icms_st::text AS "aliqICMSST", m.red_bc_icms_st::text AS "redBCICMSST",
           m.pis_cst_entrada AS "pisCstEntrada", m.pis_cst_saida AS "pisCstSaida", m.aliq_pis::text AS "aliqPIS",
           m.cofins_cst_entrada AS "cofinsCstEntrada", m.cofins_cst_saida AS "cofinsCstSaida",
           m.aliq_cofins::text AS "aliqCOFINS", m.ipi_ex AS "ipiEx", m.ipi_cst_entrada AS "ipiCstEntrada",
           m.ipi_cst_saida AS "ipiCstSaida"
    FROM matched m
    JOIN page g ON g.ncm = m.ncm AND g.cest IS NOT DISTINCT FROM m.cest
    LEFT JOIN ref_ncm n ON n.code = m.ncm
    ORDER BY m.ncm, m.cest NULLS FIRST, m.uf, m.is_named, m.description`);
  return res.rows;
}
