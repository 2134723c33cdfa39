import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

export interface RuleSummaryRow {
  id: string;
  description: string | null;
  cstIcms: string | null;
  cstCsosn: string | null;
  aliqIcms: string | null;
  redBcIcms: string | null;
  cfopSaida: string | null;
  piscofins: string | null;
}

/** The current version of a rule, as the audit modal shows it beside the product. */
export async function findRuleSummary(db: DbOrTx, ruleId: string): Promise<RuleSummaryRow | undefined> {
  const res = await db.execute<RuleSummaryRow & Record<string, unknown>>(sql`
    SELECT fr.id, fr.description, v.cst_icms AS "cstIcms", v.cst_csosn AS "cstCsosn", v.aliq_icms AS "aliqIcms",
      v.red_bc_icms AS "redBcIcms", v.cfop_saida AS "cfopSaida", v.pis_cst_saida AS piscofins
    FROM fiscal_rules fr JOIN fiscal_rule_versions v ON v.id = fr.current_version_id
    WHERE fr.id = ${ruleId}`);
  return res.rows[0];
}

/** Approved without a rule in the UF: Classified through the global link alone (as a binding does). */
export async function setClassified(db: DbOrTx, productId: string, at: Date) {
  await db.execute(sql`UPDATE products SET status = 'F', updated_at = ${at} WHERE id = ${productId}`);
}
