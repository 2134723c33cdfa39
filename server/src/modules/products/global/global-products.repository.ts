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

/**
 * `key` starts with `prefix`, as a range on the key (COLLATE "C": byte order): both ends are index
 * conditions, so the count is an index-only scan and no row's key is computed again (a LIKE 'x%' keeps
 * itself as a filter re-evaluated on every match: 0.4 s for 6.5k rows cold). U+10FFFF sorts after any
 * character that can follow the prefix. The typed % and _ are plain characters here.
 */
const startsWith = (key: SQL, prefix: SQL) => sql`${key} >= ${prefix} AND ${key} < (${prefix} || chr(1114111))`;

/**
 * WHERE and ORDER BY of a search other than SIMILAR. A prefix or equality search is ordered by its own
 * key (COLLATE "C"): the btree indexes of 0520 / 0580 read the page in order; TERMINA
 * COM goes through the trigram GIN index and is sorted by description.
 */
function searchClauses(s: GlobalSearch): { where: SQL; order: SQL } {
  if (s.field === 'GTIN') {
    const key = sql`(ltrim(g.gtin, '0') COLLATE "C")`;
    const order = sql`${key}, g.id`;
    // A whole 14-digit GTIN starts only itself: the unique index answers it (the bind-code search's lookup).
    if (/^\d{14}$/.test(s.text)) return { where: sql`g.gtin = ${s.text}`, order };
    const digits = s.text.replace(/^0+/, '');
    return { where: startsWith(key, sql`${digits}::text`), order };
  }
  if (s.field === 'NCM') {
    const key = sql`(g.ncm COLLATE "C")`;
    return { where: startsWith(key, sql`${s.text}::text`), order: sql`${key}, g.id` };
  }
  // The stored folded description (0580): its btree answers the count from the index alone.
  const key = sql`(g.description_search COLLATE "C")`;
  const order = sql`${key}, g.id`;
  switch (s.pattern) {
    case 'IGUAL':
      return { where: sql`${key} = ${folded(sql`${s.text}::text`)}`, order };
    case 'TERMINA COM':
      return {
        where: sql`${folded(sql`g.description`)} LIKE '%' || ${folded(sql`${escapeLike(s.text)}::text`)}`,
        order: sql`g.description, g.id`,
      };
    default:
      return { where: startsWith(key, folded(sql`${s.text}::text`)), order };
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
  /** The rule's version in force and whether it is a named rule (the integrator's ruleCode/exceptionCode). */
  ruleVersionId: string | null;
  isNamedRule: boolean | null;
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
 * A typed word unknown to the base is replaced by its closest dictionary word when their trigram
 * similarity reaches this (pg_trgm's own default threshold): one wrong letter in a word of 5+
 * letters still passes (5 letters: 0.33, 9: 0.54). A poor correction ("pilao" → "pilha", 0.33)
 * costs little: a corrected word weighs its similarity times its length in the ranking.
 */
export const SIMILAR_MIN_WORD_CORRECTION = 0.3;
/**
 * Word sets are probed for the heaviest (longest, exact) words of a text only: 2^4 − 1 = 15 probes
 * at most. The other words still count in the word similarity that orders the rows.
 */
const SIMILAR_MAX_WORDS = 4;

/**
 * The ids of the best SIMILAR matches, best first (docs/decisions/010-similar-word-correction.md),
 * in one statement:
 * 1. each typed word (folded, split like the descriptions) is kept if the base has it, else
 *    replaced by its closest dictionary word (trigram KNN, tie → the more common word); words of
 *    1–2 letters or with digits are never corrected (a size or a number is not a typo), so they are
 *    kept only when known; words with no close word are dropped (nothing left → no rows);
 * 2. every set of those words gets the weight of the typed trigrams it covers (letters + 1 per
 *    word, times the correction's similarity), and the sets are probed heaviest first through the
 *    GIN index of description words, each set taking the rows that hold exactly those of the words,
 *    until 250 rows;
 * 3. the 250 are ordered by that weight, then by the order of the words (the description starting
 *    with the set's words in the typed order, then holding them in that order, then the rest: "OLEO DE"
 *    puts "OLEO DE SOJA" before "FILTRO DE OLEO", which trigram similarity alone ranks first for being
 *    shorter), then word similarity to the corrected text (floor 0.3), then whole-string similarity.
 * Every step reads an index by exact words, so the cost no longer depends on how many rows share
 * a typo's neighbours (the KNN of decision 009 rechecked them all).
 */
export function similarIdsQuery(text: string): SQL {
  return sql`
    WITH typed AS (
      SELECT t.word, t.ord FROM unnest(description_words(${text}::text)) WITH ORDINALITY AS t(word, ord)
    ), fixed AS MATERIALIZED (
      SELECT t.ord, t.word AS typed, c.word, c.sml
      FROM typed t CROSS JOIN LATERAL (
        SELECT d.word, 1::real AS sml FROM global_product_words d WHERE d.word = t.word
        UNION ALL
        SELECT n.word, n.sml FROM (
          SELECT d.word, similarity(d.word, t.word) AS sml FROM global_product_words d
          WHERE length(t.word) >= 3 AND t.word !~ '[0-9]'
          ORDER BY d.word <-> t.word, d.products DESC LIMIT 1) n
        WHERE n.sml >= ${SIMILAR_MIN_WORD_CORRECTION}
        LIMIT 1) c
    ), picked AS (
      SELECT f.word, max(f.sml * (length(f.typed) + 1)) AS weight, min(f.ord) AS ord
      FROM fixed f GROUP BY f.word ORDER BY weight DESC, ord LIMIT ${SIMILAR_MAX_WORDS}
    ), q AS MATERIALIZED (
      SELECT (SELECT string_agg(f.word, ' ' ORDER BY f.ord) FROM fixed f) AS text,
        array_agg(p.word ORDER BY p.ord) AS words, array_agg(p.weight ORDER BY p.ord) AS weights
      FROM picked p
    ), sets AS MATERIALIZED (
      SELECT s.has, s.lacks, s.weight, row_number() OVER (ORDER BY s.weight DESC, s.n DESC, m) AS rank
      FROM q CROSS JOIN generate_series(1, (1 << cardinality(q.words)) - 1) m
      CROSS JOIN LATERAL (
        SELECT array_agg(u.w ORDER BY u.i) FILTER (WHERE m & (1 << (u.i::int - 1)) <> 0) AS has,
          array_agg(u.w) FILTER (WHERE m & (1 << (u.i::int - 1)) = 0) AS lacks,
          sum(u.weight) FILTER (WHERE m & (1 << (u.i::int - 1)) <> 0) AS weight,
          count(*) FILTER (WHERE m & (1 << (u.i::int - 1)) <> 0) AS n
        FROM unnest(q.words, q.weights) WITH ORDINALITY AS u(w, weight, i)) s
      -- The LIMIT is the real bound; it also tells the planner how few sets to expect (a nested loop).
      ORDER BY rank LIMIT ${2 ** SIMILAR_MAX_WORDS - 1}
    ), best AS MATERIALIZED (
      -- Nested loop over the sets in rank order: the LIMIT stops the probes once it has its rows.
      SELECT c.id, c.description, c.folded, c.words, s.weight, s.has FROM sets s
      CROSS JOIN LATERAL (
        SELECT g.id, g.description, f_unaccent(lower(g.description)) AS folded,
          ' ' || array_to_string(description_words(g.description), ' ') || ' ' AS words
        FROM global_products g
        WHERE description_words(g.description) @> s.has
          AND (s.lacks IS NULL OR NOT description_words(g.description) && s.lacks)) c
      ORDER BY s.rank LIMIT ${SIMILAR_MAX_RESULTS}
    ), scored AS MATERIALIZED (
      -- Words are [[:alnum:]] runs, so they go into the patterns as they are.
      SELECT b.id, b.description, b.weight, word_similarity(q.text, b.folded) AS ws, similarity(q.text, b.folded) AS sim,
        CASE WHEN b.words LIKE ' ' || array_to_string(b.has, ' ') || ' %' THEN 2
          WHEN b.words ~ (' ' || array_to_string(b.has, ' (.* )?') || ' ') THEN 1 ELSE 0 END AS in_order
      FROM best b CROSS JOIN q
    )
    SELECT s.id FROM scored s WHERE s.ws >= ${SIMILAR_MIN_WORD_SIMILARITY}
    ORDER BY s.weight DESC, s.in_order DESC, s.ws DESC, s.sim DESC, s.description, s.id`;
}

async function findSimilarIds(db: DbOrTx, text: string): Promise<string[]> {
  const res = await db.execute<{ id: string }>(similarIdsQuery(text));
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
    // The page's ids first (index-only over (key, id) when the key is a column: the offset's rows are
    // skipped in the index), then the 25 rows shown.
    page = sql`SELECT g.* FROM (SELECT g.id FROM global_products g WHERE ${clauses.where} ORDER BY ${order}
      LIMIT ${GLOBAL_PRODUCTS_PAGE_SIZE} OFFSET ${offset}) k JOIN global_products g ON g.id = k.id`;
  }
  const mine = s.companyId
    ? sql`EXISTS (SELECT 1 FROM products p WHERE p.company_id = ${s.companyId}
        AND p.fiscal_service_reference_code = g.code)`
    : sql`false`;
  const res = await db.execute<SharedProductRow & Record<string, unknown>>(sql`
    SELECT g.id, g.code, g.description, g.gtin, g.ncm, g.cest,
      v.pis_cst_saida AS piscofins, v.nri, v.cst_icms AS "cstIcms", v.cst_csosn AS "cstCsosn",
      v.aliq_icms AS icms, v.red_bc_icms AS "redIcms", r.rule_id AS "fiscalRuleId",
      fr.current_version_id AS "ruleVersionId", fr.is_named AS "isNamedRule", ${mine} AS my
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
