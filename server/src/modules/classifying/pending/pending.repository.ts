import { PENDING_PAGE_SIZE, type TPendingSearchField, type TSearchPattern } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { escapeLike } from '../../products/products.repository.js';

export interface PendingSearch {
  /** Which companies: one, the partner's, or every one (Admin). */
  scope: { companyId: string } | { partnerId: string } | 'all';
  field: TPendingSearchField;
  pattern: TSearchPattern;
  /** GTIN: digits only; others: as typed (trimmed). */
  text: string;
  page: number;
}

/** SIMILAR lists at most this many matches, best first (as the global search: decision 009). */
export const PENDING_SIMILAR_MAX = 250;
export const PENDING_SIMILAR_THRESHOLD = 0.4;

function scopeClause(scope: PendingSearch['scope']): SQL {
  if (scope === 'all') return sql`true`;
  if ('companyId' in scope) return sql`p.company_id = ${scope.companyId}`;
  return sql`c.partner_id = ${scope.partnerId}`;
}

const folded = (v: SQL) => sql`f_unaccent(lower(${v}))`;

/**
 * The text condition. Each reads an index of Pending rows or the (company, trigram) GIN indexes:
 * GTIN prefix (typed without padding zeros) → products_pending_gtin_prefix_idx; description IGUAL /
 * INICIA COM → products_pending_search_idx, TERMINA COM / SIMILAR → the trigram index of
 * description_search (stored folded); internal code → the internal_code trigram index.
 */
function textClause(s: PendingSearch): SQL {
  const like = escapeLike(s.text);
  if (s.field === 'GTIN') {
    if (s.pattern === 'IGUAL') return sql`p.gtin = ${s.text.padStart(14, '0')}`;
    if (s.pattern === 'TERMINA COM') return sql`p.gtin LIKE ${`%${like}`}`;
    return sql`ltrim(p.gtin, '0') LIKE ${`${escapeLike(s.text.replace(/^0+/, ''))}%`}`;
  }
  if (s.field === 'Código Interno') {
    if (s.pattern === 'IGUAL') return sql`p.internal_code = ${s.text}`;
    if (s.pattern === 'TERMINA COM') return sql`p.internal_code ILIKE ${`%${like}`}`;
    return sql`p.internal_code ILIKE ${`${like}%`}`;
  }
  const text = folded(sql`${s.text}::text`);
  // IGUAL / INICIA COM: a range on the key of products_pending_search_idx (0580), read index-only.
  const key = sql`(p.description_search COLLATE "C")`;
  switch (s.pattern) {
    case 'IGUAL':
      return sql`${key} = ${text}`;
    case 'TERMINA COM':
      return sql`p.description_search LIKE '%' || ${folded(sql`${like}::text`)}`;
    case 'SIMILAR':
      // word similarity over the GIN trigram index, at the threshold searchPendingProducts sets.
      return sql`${text} <% p.description_search`;
    default:
      // A range, not LIKE 'x%' (kept as a per-row filter): U+10FFFF sorts after anything that can follow.
      // The typed % and _ are plain characters here, as in the LIKE of the other patterns.
      return sql`${key} >= ${text} AND ${key} < (${text} || chr(1114111))`;
  }
}

interface PendingRow extends Record<string, unknown> {
  idProduct: string;
  idCompany: string;
  internalCode: string;
  gtin: string | null;
  descriptionProduct: string;
  descriptionCompany: string;
  companyUf: string;
  dateCreated: Date;
}

/** One page of Pending products (newest first; SIMILAR: best first, at most 250) and the count. */
export async function searchPendingProducts(db: Db, s: PendingSearch) {
  const where = sql`p.status = 'P' AND ${scopeClause(s.scope)} AND ${textClause(s)}`;
  const similar = s.field === 'Descrição' && s.pattern === 'SIMILAR';
  const offset = (s.page - 1) * PENDING_PAGE_SIZE;
  const score = similar ? sql`word_similarity(f_unaccent(lower(${s.text}::text)), p.description_search)` : sql`0`;
  const from = sql`products p JOIN companies c ON c.id = p.company_id`;
  const countSql = similar
    ? sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${PENDING_SIMILAR_MAX}) x`
    : sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`;
  const pageLimit = similar
    ? Math.max(0, Math.min(PENDING_PAGE_SIZE, PENDING_SIMILAR_MAX - offset))
    : PENDING_PAGE_SIZE;
  // Not in a transaction: the count and the page run at once on two pool connections.
  const [count, rows] = await Promise.all([
    db.execute<{ n: number }>(countSql),
    // The page's ids first (from the index alone when it carries created_at and id), then the rows shown.
    db.execute<PendingRow>(sql`
      WITH hits AS MATERIALIZED (
        SELECT p.id, p.created_at, ${score} AS score FROM ${from} WHERE ${where}
        ORDER BY score DESC, p.created_at DESC, p.id LIMIT ${pageLimit} OFFSET ${offset})
      SELECT p.id AS "idProduct", p.company_id AS "idCompany", p.internal_code AS "internalCode", p.gtin,
        p.description AS "descriptionProduct", c.nome_fantasia AS "descriptionCompany", c.uf AS "companyUf",
        p.created_at AS "dateCreated"
      FROM hits h JOIN products p ON p.id = h.id JOIN companies c ON c.id = p.company_id
      ORDER BY h.score DESC, h.created_at DESC, h.id`),
  ]);
  return { count: count.rows[0]?.n ?? 0, rows: rows.rows };
}

/** The products among `ids` the scope reaches (any status), with their company. */
export async function findScopedProducts(db: DbOrTx, ids: string[], scope: PendingSearch['scope']) {
  const res = await db.execute<{
    id: string;
    companyId: string;
    partnerId: string;
    status: string;
    internalCode: string;
  }>(sql`
    SELECT p.id, p.company_id AS "companyId", c.partner_id AS "partnerId", p.status, p.internal_code AS "internalCode"
    FROM products p JOIN companies c ON c.id = p.company_id
    WHERE p.id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND ${scopeClause(scope)}
    FOR UPDATE OF p`);
  return res.rows;
}

export async function deleteProducts(db: DbOrTx, ids: string[]) {
  await db.execute(sql`DELETE FROM products WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
}
