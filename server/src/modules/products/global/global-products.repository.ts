import { GLOBAL_PRODUCTS_PAGE_SIZE, type TGlobalSearchField, type TSearchPattern } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { escapeLike } from '../products.repository.js';

export interface GlobalSearch {
  uf: string;
  field: TGlobalSearchField;
  pattern: TSearchPattern;
  /** Descrição: as typed (trimmed); GTIN/NCM: digits only. */
  text: string;
  page: number;
  /** The member's company: fills `my`. */
  companyId: string | null;
}

const folded = (v: SQL) => sql`f_unaccent(lower(${v}))`;

/** WHERE and ORDER BY of a search other than SIMILAR (LIKE / = on the trigram GIN index). */
function searchClauses(s: GlobalSearch): { where: SQL; order: SQL } {
  const order = sql`g.description, g.id`;
  if (s.field === 'GTIN') {
    const digits = s.text.replace(/^0+/, '');
    return { where: sql`ltrim(g.gtin, '0') LIKE ${`${escapeLike(digits)}%`}`, order };
  }
  if (s.field === 'NCM') return { where: sql`g.ncm LIKE ${`${escapeLike(s.text)}%`}`, order };
  const text = folded(sql`${s.text}::text`);
  const column = folded(sql`g.description`);
  switch (s.pattern) {
    case 'IGUAL':
      return { where: sql`${column} = ${text}`, order };
    case 'TERMINA COM':
      return { where: sql`${column} LIKE '%' || ${folded(sql`${escapeLike(s.text)}::text`)}`, order };
    default:
      return { where: sql`${column} LIKE ${folded(sql`${escapeLike(s.text)}::text`)} || '%'`, order };
  }
}

export interface SharedProductRow {
  id: string;
  code: string;
  description: string;
  gtin: string | null;
  ncm: string;
  cest: string | null;
  piscofins: string | null;
  nri: string | null;
  cstIcms: string | null;
  cstCsosn: string | null;
  icms: string | null;
  redIcms: string | null;
  fiscalRuleId: string | null;
  my: boolean;
}

/**
 * The rule a global product takes in a UF: its own rule for the UF, else the base rule of its
 * NCM/CEST there (alias g; yields rule_id).
 */
export function globalRuleLateral(uf: string): SQL {
  return sql`LEFT JOIN LATERAL (
    SELECT coalesce(
      (SELECT gr.fiscal_rule_id FROM global_product_rules gr WHERE gr.global_product_id = g.id AND gr.uf = ${uf}),
      (SELECT f.id FROM fiscal_rules f WHERE NOT f.is_named AND f.ncm = g.ncm
         AND f.cest IS NOT DISTINCT FROM g.cest AND f.uf = ${uf} LIMIT 1)
    ) AS rule_id) r ON true`;
}

/** SIMILAR shows at most this many matches (10 pages of 25): docs/decisions/009-similar-search.md. */
export const SIMILAR_MAX_RESULTS = 250;
/** Word similarity below this is noise (e.g. a shared "lata" alone), not a match. */
export const SIMILAR_MIN_WORD_SIMILARITY = 0.3;

/**
 * The ids of the best SIMILAR matches, best first. The inner query is a KNN scan of the GiST
 * index (`<->>` = 1 − word_similarity, column on the left so the index orders it) that stops after
 * 250 rows however many descriptions share the words; the floor is applied to those 250 (the same
 * rows a floor inside the scan would keep, without walking the whole index when fewer pass).
 * Ties on word similarity go to the closer whole description (shorter, fewer extra words).
 */
async function findSimilarIds(db: DbOrTx, text: string): Promise<string[]> {
  const q = folded(sql`${text}::text`);
  const column = folded(sql`g.description`);
  const res = await db.execute<{ id: string }>(sql`
    SELECT id FROM (
      SELECT g.id, g.description, word_similarity(${q}, ${column}) AS ws, similarity(${q}, ${column}) AS sim
      FROM global_products g ORDER BY ${column} <->> ${q} LIMIT ${SIMILAR_MAX_RESULTS}) best
    WHERE ws >= ${SIMILAR_MIN_WORD_SIMILARITY}
    ORDER BY ws DESC, sim DESC, description, id`);
  return res.rows.map((r) => r.id);
}

export async function searchGlobalProducts(db: DbOrTx, s: GlobalSearch) {
  let count: number;
  let page: SQL;
  let order: SQL;
  const offset = (s.page - 1) * GLOBAL_PRODUCTS_PAGE_SIZE;
  if (s.field === 'Descrição' && s.pattern === 'SIMILAR') {
    const ids = await findSimilarIds(db, s.text);
    count = ids.length;
    // One array parameter (a JS array would expand to a list of parameters).
    const pageIds = `{${ids.slice(offset, offset + GLOBAL_PRODUCTS_PAGE_SIZE).join(',')}}`;
    page = sql`SELECT g.* FROM global_products g WHERE g.id = ANY(${pageIds}::uuid[])`;
    order = sql`array_position(${pageIds}::uuid[], g.id)`;
  } else {
    const clauses = searchClauses(s);
    order = clauses.order;
    const countRes = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM global_products g WHERE ${clauses.where}`,
    );
    count = countRes.rows[0]?.n ?? 0;
    page = sql`SELECT g.* FROM global_products g WHERE ${clauses.where} ORDER BY ${order}
      LIMIT ${GLOBAL_PRODUCTS_PAGE_SIZE} OFFSET ${offset}`;
  }
  const mine = s.companyId
    ? sql`EXISTS (SELECT 1 FROM products p WHERE p.company_id = ${s.companyId}
        AND p.fiscal_service_reference_code = g.code)`
    : sql`false`;
  const res = await db.execute<SharedProductRow & Record<string, unknown>>(sql`
    SELECT g.id, g.code, g.description, g.gtin, g.ncm, g.cest,
      v.pis_cst_saida AS piscofins, v.nri, v.cst_icms AS "cstIcms", v.cst_csosn AS "cstCsosn",
      v.aliq_icms AS icms, v.red_bc_icms AS "redIcms", r.rule_id AS "fiscalRuleId", ${mine} AS my
    FROM (${page}) g
    ${globalRuleLateral(s.uf)}
    LEFT JOIN fiscal_rules fr ON fr.id = r.rule_id
    LEFT JOIN fiscal_rule_versions v ON v.id = fr.current_version_id
    ORDER BY ${order}`);
  return { count, rows: res.rows };
}

export async function findGlobalProductByCode(db: DbOrTx, code: string, uf: string) {
  const res = await db.execute<{
    id: string;
    code: string;
    gtin: string | null;
    ncm: string;
    cest: string | null;
    ruleId: string | null;
  }>(sql`
    SELECT g.id, g.code, g.gtin, g.ncm, g.cest, r.rule_id AS "ruleId"
    FROM global_products g ${globalRuleLateral(uf)} WHERE g.code = ${code}`);
  return res.rows[0];
}
