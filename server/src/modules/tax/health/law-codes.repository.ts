import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/**
 * cClassTrib codes that hang on the buyer or on an event (public administration, health emergency, deferral):
 * not what a sale of the NCM takes by default, so never proposed (decision 062). Kept in one place for the
 * health check's statement and the rule editor's list.
 */
export const BUYER_BOUND_CODES = ['200005', '200006', '200008', '200011', '200012', '200043', '515001'];
export const buyerBoundCodesSql = sql.join(
  BUYER_BOUND_CODES.map((c) => sql`${c}`),
  sql`, `,
);

export interface LawCode {
  code: string;
  annex: string;
  legalBasis: string;
}

/**
 * The cClassTrib codes an annex of LC 214/2025 gives the NCM (Receita's NCM applicability table, ref_rtc_ncm),
 * the most specific NCM prefix first, then the larger reduction — the order the health check proposes them in.
 */
export async function findLawCodesForNcm(db: DbOrTx, ncm: string, date: string): Promise<LawCode[]> {
  const res = await db.execute<LawCode & Record<string, unknown>>(sql`
    SELECT code, annex, "legalBasis" FROM (
      SELECT DISTINCT ON (n.code) n.code, n.annex, t.legal_basis AS "legalBasis", length(n.ncm) AS len, t.p_red_cbs
      FROM generate_series(2, 8) AS k
      JOIN ref_rtc_ncm n ON n.ncm = left(${ncm}::text, k) AND n.kind = 'IBSCBS' AND n.active AND n.annex IS NOT NULL
        AND n.start_date <= ${date}::date AND (n.end_date IS NULL OR n.end_date >= ${date}::date)
      JOIN ref_rtc_cclasstrib t ON t.kind = 'IBSCBS' AND t.code = n.code AND t.active
      WHERE n.code NOT IN (${buyerBoundCodesSql})
        AND NOT EXISTS (
          SELECT 1 FROM ref_rtc_ncm e, unnest(e.excluded) AS x
          WHERE e.kind = 'IBSCBS' AND e.code = n.code AND e.ncm = n.ncm AND e.active AND starts_with(${ncm}::text, x))
      ORDER BY n.code, length(n.ncm) DESC) c
    ORDER BY len DESC, p_red_cbs DESC, code`);
  return res.rows;
}
