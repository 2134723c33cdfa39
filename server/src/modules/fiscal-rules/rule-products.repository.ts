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

/** Products by id that the scope allows (the others simply do not come back). */
export async function findScopedProducts(db: DbOrTx, ids: string[], scope: SQL, opts: { forUpdate?: boolean } = {}) {
  if (ids.length === 0) return [];
  const res = await db.execute<ScopedProduct & Record<string, unknown>>(sql`
    SELECT ${productColumns} FROM products p JOIN companies c ON c.id = p.company_id
    WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${scope}
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

/** Detaches the product: no rule, link Detached, status Pending; its open history row closes. */
export async function detachProduct(db: DbOrTx, productId: string, at: Date) {
  await db.execute(sql`
    UPDATE products SET fiscal_rule_id = NULL, fiscal_rule_status = 'Detached', status = 'P', updated_at = ${at}
    WHERE id = ${productId}`);
  await db.execute(
    sql`UPDATE product_rule_history SET valid_to = ${at} WHERE product_id = ${productId} AND valid_to IS NULL`,
  );
}

/**
 * Links products to the rule at its current version: NCM/CEST copied from the rule, status
 * Classified, link Unchecked; any open history row closes and a new one opens.
 */
export async function linkProductsToRule(
  db: DbOrTx,
  productIds: string[],
  rule: { id: string; ncm: string; cest: string | null; currentVersionId: string },
  at: Date,
) {
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE product_rule_history SET valid_to = ${at} WHERE product_id IN (${ids}) AND valid_to IS NULL`);
  await db.execute(sql`
    UPDATE products SET fiscal_rule_id = ${rule.id}, fiscal_rule_status = 'Unchecked', status = 'F',
      ncm = ${rule.ncm}, cest = ${rule.cest}, updated_at = ${at}
    WHERE id IN (${ids})`);
  await db.execute(sql`
    INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, version_id, valid_from)
    SELECT company_id, id, ${rule.id}, ${rule.currentVersionId}, ${at} FROM products WHERE id IN (${ids})`);
}

export interface HistoryRow {
  fiscalRuleId: string;
  versionId: string;
  validFrom: Date;
  validTo: Date | null;
}

/** The product's rule periods, newest first. */
export async function findProductHistory(db: DbOrTx, productId: string): Promise<HistoryRow[]> {
  const res = await db.execute<HistoryRow & Record<string, unknown>>(sql`
    SELECT fiscal_rule_id AS "fiscalRuleId", version_id AS "versionId", valid_from AS "validFrom", valid_to AS "validTo"
    FROM product_rule_history WHERE product_id = ${productId}
    ORDER BY valid_from DESC, id DESC`);
  return res.rows.map((r) => ({
    ...r,
    validFrom: new Date(r.validFrom),
    validTo: r.validTo ? new Date(r.validTo) : null,
  }));
}
