import type { TProductRuleStatus, TRuleProduct } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface ScopedProduct {
  id: string;
  companyId: string;
  partnerId: string;
  companyUf: string;
  internalCode: string;
  description: string;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  status: string;
  fiscalRuleId: string | null;
  fiscalRuleStatus: TProductRuleStatus | null;
}

const productColumns = sql`p.id, p.company_id AS "companyId", c.partner_id AS "partnerId", c.uf AS "companyUf",
  p.internal_code AS "internalCode", p.description, p.gtin, p.ncm, p.cest, p.status,
  p.fiscal_rule_id AS "fiscalRuleId", p.fiscal_rule_status AS "fiscalRuleStatus"`;

const idList = (productIds: string[]) =>
  sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Products by id that the scope allows (the others simply do not come back). */
export async function findScopedProducts(db: DbOrTx, ids: string[], scope: SQL, opts: { forUpdate?: boolean } = {}) {
  if (ids.length === 0) return [];
  const res = await db.execute<ScopedProduct & Record<string, unknown>>(sql`
    SELECT ${productColumns} FROM products p JOIN companies c ON c.id = p.company_id
    WHERE p.id IN (${idList(ids)}) AND ${scope}
    ${opts.forUpdate ? sql`FOR UPDATE OF p` : sql``}`);
  return res.rows;
}

const listColumns = sql`p.id, p.internal_code AS "internalCode", p.gtin, p.description, p.company_id AS "companyId",
  p.fiscal_rule_id AS "fiscalRuleId", p.fiscal_rule_status AS "fiscalRuleStatus"`;

function searchFilter(search: string | undefined): SQL {
  const text = search?.trim();
  if (!text) return sql`true`;
  const like = `%${text}%`;
  return sql`(p.internal_code ILIKE ${like} OR p.gtin LIKE ${like}
    OR p.description_search LIKE f_unaccent(lower(${like})))`;
}

export const RULE_PRODUCTS_LIMIT = 500;

/** Products linked to the rule (found) and same NCM/CEST/UF products not linked to it (notFound). */
export async function findRuleProductLists(
  db: DbOrTx,
  rule: { id: string; ncm: string; cest: string | null; uf: string },
  scope: SQL,
  search: string | undefined,
): Promise<{ found: TRuleProduct[]; notFound: TRuleProduct[] }> {
  const filter = searchFilter(search);
  const found = await db.execute<TRuleProduct & Record<string, unknown>>(sql`
    SELECT ${listColumns} FROM products p
    WHERE p.fiscal_rule_id = ${rule.id} AND p.fiscal_rule_status <> 'Detached' AND ${scope} AND ${filter}
    ORDER BY p.description, p.id LIMIT ${RULE_PRODUCTS_LIMIT}`);
  const notFound = await db.execute<TRuleProduct & Record<string, unknown>>(sql`
    SELECT ${listColumns} FROM products p JOIN companies c ON c.id = p.company_id
    WHERE c.uf = ${rule.uf} AND p.ncm = ${rule.ncm}
      AND ${rule.cest ? sql`p.cest = ${rule.cest}` : sql`true`}
      AND p.fiscal_rule_id IS DISTINCT FROM ${rule.id} AND ${scope} AND ${filter}
    ORDER BY p.description, p.id LIMIT ${RULE_PRODUCTS_LIMIT}`);
  return { found: found.rows, notFound: notFound.rows };
}

/** Moves every in-scope link of the rule from one status to another; returns the product ids changed. */
export async function setRuleLinksStatus(
  db: DbOrTx,
  ruleId: string,
  scope: SQL,
  from: TProductRuleStatus,
  to: TProductRuleStatus,
): Promise<string[]> {
  const res = await db.execute<{ id: string }>(sql`
    UPDATE products p SET fiscal_rule_status = ${to}, updated_at = now()
    WHERE p.fiscal_rule_id = ${ruleId} AND p.fiscal_rule_status = ${from} AND ${scope}
    RETURNING p.id`);
  return res.rows.map((r) => r.id);
}

export async function setLinkStatus(db: DbOrTx, productId: string, status: TProductRuleStatus) {
  await db.execute(sql`UPDATE products SET fiscal_rule_status = ${status}, updated_at = now() WHERE id = ${productId}`);
}

/**
 * Ends the open links of these products at `at` (except links to `keepRuleId`): each becomes a
 * product_rule_history row (rule, since, at). The caller then clears or replaces the link on the
 * product (decision 013).
 */
async function closeOpenLinks(db: DbOrTx, ids: SQL, at: Date, keepRuleId: string | null = null) {
  await db.execute(sql`
    INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
    SELECT company_id, id, fiscal_rule_id, fiscal_rule_since, greatest(fiscal_rule_since, ${at}::timestamptz)
    FROM products
    WHERE id IN (${ids}) AND fiscal_rule_id IS NOT NULL AND fiscal_rule_id IS DISTINCT FROM ${keepRuleId}::uuid`);
}

/** Detaches the product: no rule, link Detached, status Pending; its link ends in the history. */
export async function detachProduct(db: DbOrTx, productId: string, at: Date) {
  await closeOpenLinks(db, idList([productId]), at);
  await db.execute(sql`
    UPDATE products SET fiscal_rule_id = NULL, fiscal_rule_since = NULL, fiscal_rule_status = 'Detached', status = 'P',
      updated_at = ${at}
    WHERE id = ${productId}`);
}

/**
 * Links products to the rule: NCM/CEST copied from the rule, status Classified, link Unchecked; a link
 * to another rule ends in the history (relinking to the same rule keeps its link and date).
 */
export async function linkProductsToRule(
  db: DbOrTx,
  productIds: string[],
  rule: { id: string; ncm: string; cest: string | null },
  at: Date,
) {
  const ids = idList(productIds);
  await closeOpenLinks(db, ids, at, rule.id);
  await db.execute(sql`
    UPDATE products SET fiscal_rule_id = ${rule.id}, fiscal_rule_status = 'Unchecked', status = 'F',
      fiscal_rule_since = CASE WHEN fiscal_rule_id = ${rule.id}::uuid THEN fiscal_rule_since ELSE ${at} END,
      ncm = ${rule.ncm}, cest = ${rule.cest}, updated_at = ${at}
    WHERE id IN (${ids})`);
}

export interface HistoryRow {
  fiscalRuleId: string;
  versionId: string;
  validFrom: Date;
  validTo: Date | null;
}

/**
 * The product's rule periods, newest first: each link (the ended ones and the open one on the product)
 * cut by the periods of its rule's versions — the version that applied at every moment (decision 013).
 */
export async function findProductHistory(db: DbOrTx, productId: string): Promise<HistoryRow[]> {
  const res = await db.execute<HistoryRow & Record<string, unknown>>(sql`
    WITH links AS (
      SELECT h.fiscal_rule_id, h.valid_from, h.valid_to FROM product_rule_history h WHERE h.product_id = ${productId}
      UNION ALL
      SELECT p.fiscal_rule_id, p.fiscal_rule_since, NULL FROM products p
      WHERE p.id = ${productId} AND p.fiscal_rule_id IS NOT NULL
    )
    SELECT l.fiscal_rule_id AS "fiscalRuleId", v.id AS "versionId",
      greatest(l.valid_from, v.valid_from) AS "validFrom",
      CASE WHEN l.valid_to IS NULL THEN v.valid_to WHEN v.valid_to IS NULL THEN l.valid_to
        ELSE least(l.valid_to, v.valid_to) END AS "validTo"
    FROM links l
    JOIN fiscal_rule_versions v ON v.fiscal_rule_id = l.fiscal_rule_id
      AND (v.valid_to IS NULL OR v.valid_to > l.valid_from)
      AND (l.valid_to IS NULL OR v.valid_from < l.valid_to)
    ORDER BY "validFrom" DESC, l.valid_from DESC`);
  return res.rows.map((r) => ({
    ...r,
    validFrom: new Date(r.validFrom),
    validTo: r.validTo ? new Date(r.validTo) : null,
  }));
}
