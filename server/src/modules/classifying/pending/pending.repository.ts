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

const isPartnerScope = (scope: PendingSearch['scope']): scope is { partnerId: string } =>
  typeof scope === 'object' && 'partnerId' in scope;

const folded = (v: SQL) => sql`f_unaccent(lower(${v}))`;

/**
 * `key` starts with `prefix`, as a range (not LIKE 'x%', which stays a per-row filter): both ends are
 * index conditions. U+10FFFF sorts after anything that can follow; the typed % and _ are plain text.
 */
const startsWith = (key: SQL, prefix: SQL) => sql`${key} >= ${prefix} AND ${key} < (${prefix} || chr(1114111))`;

/**
 * The text condition. Each reads an index of Pending rows or the (company, trigram) GIN indexes:
 * GTIN prefix (typed without padding zeros) → products_pending_gtin_prefix_idx; description IGUAL /
 * INICIA COM → products_pending_search_idx, TERMINA COM / SIMILAR → the trigram index of
 * description_search (stored folded); internal code → the internal_code trigram index.
 */
function textClause(s: PendingSearch): SQL {
  if (!s.text) return sql`true`;
  const like = escapeLike(s.text);
  // TERMINA COM: "ends with x" is "the reversed key starts with reversed x" (the 0581 indexes).
  const reversedLike = escapeLike([...s.text].reverse().join(''));
  if (s.field === 'GTIN') {
    if (s.pattern === 'IGUAL') return sql`p.gtin = ${s.text.padStart(14, '0')}`;
    if (s.pattern === 'TERMINA COM') return sql`reverse(p.gtin) LIKE ${`${reversedLike}%`}`;
    return sql`ltrim(p.gtin, '0') LIKE ${`${escapeLike(s.text.replace(/^0+/, ''))}%`}`;
  }
  if (s.field === 'Código Interno') {
    // The lower() equality lets a partner-wide search use the Pending code btree per company (the
    // trigram GIN was the planner's choice for the bare equality: 120 ms cold at 400k Pending rows).
    if (s.pattern === 'IGUAL')
      return sql`lower(p.internal_code) = lower(${s.text}::text) AND p.internal_code = ${s.text}`;
    // ILIKE as lower() on both sides (what ILIKE does), so the btree of lower(internal_code) serves it.
    if (s.pattern === 'TERMINA COM') {
      return sql`reverse(lower(p.internal_code)) LIKE lower(${reversedLike}::text) || '%'`;
    }
    return sql`lower(p.internal_code) LIKE lower(${like}::text) || '%'`;
  }
  const text = folded(sql`${s.text}::text`);
  // IGUAL / INICIA COM: a range on the key of products_pending_search_idx (0580), read index-only.
  const key = sql`(p.description_search COLLATE "C")`;
  switch (s.pattern) {
    case 'IGUAL':
      return sql`${key} = ${text}`;
    case 'TERMINA COM':
      return startsWith(sql`(reverse(p.description_search) COLLATE "C")`, sql`reverse(${text})`);
    case 'SIMILAR':
      // word similarity over the Pending trigram index, at the threshold searchSimilar sets (0.4).
      return sql`${text} <% p.description_search`;
    default:
      return startsWith(key, text);
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

const pageColumns = sql`p.id AS "idProduct", p.company_id AS "idCompany", p.internal_code AS "internalCode", p.gtin,
  p.description AS "descriptionProduct", c.nome_fantasia AS "descriptionCompany", c.uf AS "companyUf",
  p.created_at AS "dateCreated"`;

/** One page of Pending products (newest first; SIMILAR: best first, at most 250) and the count. */
export async function searchPendingProducts(db: Db, s: PendingSearch) {
  const where = sql`p.status = 'P' AND ${scopeClause(s.scope)} AND ${textClause(s)}`;
  const offset = (s.page - 1) * PENDING_PAGE_SIZE;
  const from = sql`products p JOIN companies c ON c.id = p.company_id`;
  if (s.field === 'Descrição' && s.pattern === 'SIMILAR' && s.text) return searchSimilar(db, s, where, offset);
  // Not in a transaction: the count and the page run at once on two pool connections.
  const [count, rows] = await Promise.all([
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
    // The page's ids first (from the index alone when it carries created_at and id), then the rows shown.
    db.execute<PendingRow>(sql`
      WITH hits AS MATERIALIZED (
        SELECT p.id, p.created_at FROM ${from} WHERE ${where}
        ORDER BY p.created_at DESC, p.id LIMIT ${PENDING_PAGE_SIZE} OFFSET ${offset})
      SELECT ${pageColumns} FROM hits h JOIN products p ON p.id = h.id JOIN companies c ON c.id = p.company_id
      ORDER BY h.created_at DESC, h.id`),
  ]);
  return { count: count.rows[0]?.n ?? 0, stale: 0, rows: rows.rows };
}

/**
 * SIMILAR: the best 250 matches by word similarity (then newest) in one statement, which gives the count
 * (at most 250) and the page. Index-only scans are off for it: the planner otherwise reads the whole
 * (company, folded description) btree of 0580 and tests every Pending row (4 s partner-wide at 400k
 * Pending rows) instead of asking the Pending trigram index (0581) for the candidates. Partner-wide, the
 * candidates are the partner's distinct Pending descriptions instead (0590, decision 029).
 */
async function searchSimilar(db: Db, s: PendingSearch, where: SQL, offset: number) {
  const pageLimit = Math.max(0, Math.min(PENDING_PAGE_SIZE, PENDING_SIMILAR_MAX - offset));
  const res = await db.transaction(async (tx) => {
    // Partner-wide, the rows' step is index-only on purpose (similarBest).
    if (!isPartnerScope(s.scope)) await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(PENDING_SIMILAR_THRESHOLD)}, true)`,
    );
    // One row even when the page is empty (the count still comes back); the page's rows ordered inside.
    return tx.execute<PendingRow & { total: number; stale: number; score: number | null }>(sql`
      WITH ${similarBest(s, where)}
      SELECT t.total, t.stale, x.* FROM (SELECT count(*)::int AS total, ${staleCount(s)} AS stale FROM best) t
      LEFT JOIN LATERAL (
        SELECT ${pageColumns}, h.score
        FROM (SELECT b.* FROM best b ORDER BY b.score DESC, b.created_at DESC, b.id LIMIT ${pageLimit} OFFSET ${offset}) h
        JOIN products p ON p.id = h.id JOIN companies c ON c.id = p.company_id) x ON true
      ORDER BY x.score DESC, x."dateCreated" DESC, x."idProduct"`);
  });
  const first = res.rows[0];
  return {
    count: first?.total ?? 0,
    stale: first?.stale ?? 0,
    rows: res.rows.filter((r) => r.idProduct !== null).map(({ total: _t, stale: _s, score: _c, ...r }) => r),
  };
}

/**
 * The `best` CTE: the scope's best 250 Pending rows by word similarity, then newest.
 * - One company, or every company (Admin): the Pending trigram index (0581) gives the candidate rows;
 *   each is read and scored.
 * - A partner: word similarity depends on the description alone, so it is computed once per distinct
 *   description of the partner's Pending products (pending_descriptions, 0590: ~2.5k for ~14k candidate
 *   rows of "cafe torardo" at 400k Pending rows), and only then are the rows of those descriptions read,
 *   index-only, from the (company, folded description) key of 0580 — one scan over the partner's
 *   companies × the matched descriptions. Extra entries (not yet pruned) match no row: same answer.
 */
function similarBest(s: PendingSearch, where: SQL): SQL {
  const text = folded(sql`${s.text}::text`);
  if (isPartnerScope(s.scope)) {
    const partner = s.scope.partnerId;
    return sql`scored AS MATERIALIZED (
        SELECT e.description_search, word_similarity(${text}, e.description_search) AS score
        FROM (SELECT DISTINCT d.description_search FROM pending_descriptions d
              WHERE d.partner_id = ${partner} AND ${text} <% d.description_search) e
      ), hits AS MATERIALIZED (
        SELECT p.id, p.created_at, (p.description_search COLLATE "C") AS description_search
        FROM products p
        WHERE p.status = 'P'
          AND p.company_id = ANY (ARRAY(SELECT c.id FROM companies c WHERE c.partner_id = ${partner}))
          AND (p.description_search COLLATE "C") = ANY (ARRAY(SELECT d.description_search FROM scored d))
      ), best AS MATERIALIZED (
        SELECT h.id, h.created_at, d.score FROM hits h JOIN scored d ON d.description_search = h.description_search
        ORDER BY d.score DESC, h.created_at DESC, h.id LIMIT ${PENDING_SIMILAR_MAX}
      )`;
  }
  const score = sql`word_similarity(${text}, p.description_search)`;
  return sql`best AS MATERIALIZED (
      SELECT p.id, p.created_at, ${score} AS score FROM products p JOIN companies c ON c.id = p.company_id
      WHERE ${where} ORDER BY score DESC, p.created_at DESC, p.id LIMIT ${PENDING_SIMILAR_MAX}
    )`;
}

/** Partner-wide: how many scored descriptions no Pending row of the partner has (prune_pending_descriptions). */
function staleCount(s: PendingSearch): SQL {
  if (isPartnerScope(s.scope)) {
    return sql`(SELECT count(*)::int FROM scored d
      WHERE NOT EXISTS (SELECT 1 FROM hits h WHERE h.description_search = d.description_search))`;
  }
  return sql`0`;
}

/** Removes the partner's Pending descriptions no Pending product has; null when a writer of it is in flight. */
export async function prunePendingDescriptions(db: DbOrTx, partnerId: string) {
  const res = await db.execute<{ removed: number | null }>(
    sql`SELECT prune_pending_descriptions(${partnerId}::uuid) AS removed`,
  );
  return res.rows[0]?.removed ?? null;
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
