import { PRODUCTS_PAGE_SIZE, type TProductListFilters, type TProductSortField } from '@app/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type ProductRow, products } from '../../db/schema/index.js';

/** LIKE pattern text with its wildcards escaped (the user's % and _ are literal). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface StatusFlags {
  pending?: boolean;
  classified?: boolean;
  returned?: boolean;
  inAudit?: boolean;
  finished?: boolean;
  finishedByFiscalServiceLink?: boolean;
  audit?: boolean;
  error?: boolean;
}

/** The columns the status filters read: a product (alias `p`) or a row of per-company counts. */
export interface StatusColumns {
  status: SQL;
  /** Linked to a global product (has an integration code). */
  linked: SQL;
}

const productColumns: StatusColumns = {
  status: sql`p.status`,
  linked: sql`p.fiscal_service_reference_code IS NOT NULL`,
};

/**
 * Status flags combine with OR; none set lists every status. Members never see InAudit products:
 * their in-audit flags are ignored and the InAudit rows are left out (spec 02 §5/§6).
 */
export function statusFilter(flags: StatusFlags, isMember: boolean, cols: StatusColumns = productColumns): SQL {
  const codes: string[] = [];
  if (flags.pending) codes.push('P');
  if (flags.classified || flags.finished) codes.push('F');
  if (flags.returned) codes.push('D');
  if (!isMember && (flags.inAudit || flags.audit)) codes.push('A');
  if (flags.error) codes.push('E');
  const parts: SQL[] = [];
  if (codes.length) {
    parts.push(
      sql`${cols.status} IN (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  if (flags.finishedByFiscalServiceLink) parts.push(sql`(${cols.status} = 'F' AND ${cols.linked})`);
  if (parts.length) return sql`(${sql.join(parts, sql` OR `)})`;
  return isMember ? sql`${cols.status} <> 'A'` : sql`true`;
}

export type ListFilters = TProductListFilters & { text?: string };

/** The list filters that only read status and link: what the per-company counts can answer. */
export function statusListFilter(f: ListFilters, isMember: boolean, cols: StatusColumns = productColumns): SQL {
  const condition = statusFilter(f, isMember, cols);
  return f.binded ? sql`${condition} AND ${cols.linked}` : condition;
}

/** No text and no date range: the count can come from the per-company counts. */
export function hasOnlyStatusFilters(f: ListFilters): boolean {
  return !f.text && !(f.startDate && f.endDate) && !f.healthFinding;
}

/** Filters of GET /products within one company (text already normalised by the service). */
export function listFilter(companyId: string, f: ListFilters, isMember: boolean): SQL {
  const parts: SQL[] = [sql`p.company_id = ${companyId}`, statusListFilter(f, isMember)];
  const text = f.text ?? '';
  if (text) {
    const like = `%${escapeLike(text)}%`;
    if (f.field === 'description') {
      parts.push(sql`p.description_search LIKE f_unaccent(lower(${like}))`);
    } else if (f.field === 'internalCode') {
      parts.push(sql`p.internal_code ILIKE ${like}`);
    } else if (/^\d{14}$/.test(text)) {
      parts.push(sql`p.gtin = ${text}`);
    } else {
      parts.push(sql`p.gtin LIKE ${like}`);
    }
  }
  // Dates are calendar days in Brazil (Brasília time), both ends included.
  if (f.startDate && f.endDate) {
    parts.push(sql`p.updated_at >= (${f.startDate}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`);
    parts.push(sql`p.updated_at < (${f.endDate}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`);
  }
  if (f.healthFinding) {
    parts.push(sql`EXISTS (SELECT 1 FROM health_findings hf WHERE hf.product_id = p.id AND hf.kind = ${f.healthFinding}
      AND hf.check_id = (SELECT hc.id FROM health_checks hc WHERE hc.company_id = p.company_id AND hc.status = 'Done'
        ORDER BY hc.created_at DESC LIMIT 1))`);
  }
  return and(...parts)!;
}

const productSelect = sql`p.id, p.company_id AS "companyId", p.internal_code AS "internalCode", p.description, p.gtin,
  p.ncm, p.cest, p.status, p.fiscal_service_reference_code AS "fiscalServiceReferenceCode",
  p.fiscal_rule_id AS "fiscalRuleId", p.fiscal_rule_status AS "fiscalRuleStatus",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

export async function countProducts(db: DbOrTx, where: SQL): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`);
  return res.rows[0]?.n ?? 0;
}

// Whitelisted ORDER BY clauses: the sort key never reaches SQL as text. Each matches an index read
// forward or backward: (company_id, updated_at DESC, id), (company_id, internal_code) — unique, so id
// never decides — and (company_id, description, id) (0562).
const orderClauses: Record<TProductSortField, Record<'asc' | 'desc', SQL>> = {
  updatedAt: { desc: sql`p.updated_at DESC, p.id ASC`, asc: sql`p.updated_at ASC, p.id DESC` },
  internalCode: { desc: sql`p.internal_code DESC, p.id DESC`, asc: sql`p.internal_code ASC, p.id ASC` },
  description: { desc: sql`p.description DESC, p.id DESC`, asc: sql`p.description ASC, p.id ASC` },
};

/** One page, most recently changed first unless another order is asked for (issue 13). */
export async function findProductPage(
  db: DbOrTx,
  where: SQL,
  page: number,
  sort: TProductSortField = 'updatedAt',
  order: 'asc' | 'desc' = 'desc',
): Promise<ProductRow[]> {
  // The page's ids first, then its rows: a deep page (OFFSET thousands) walks only index entries (the
  // order's index covers the status filters: index-only) instead of fetching every skipped row (bench/load.ts).
  const res = await db.execute<ProductRow & Record<string, unknown>>(sql`
    SELECT ${productSelect} FROM products p JOIN (
      SELECT p.id FROM products p WHERE ${where}
      ORDER BY ${orderClauses[sort][order]}
      LIMIT ${PRODUCTS_PAGE_SIZE} OFFSET ${(page - 1) * PRODUCTS_PAGE_SIZE}
    ) page ON page.id = p.id
    ORDER BY ${orderClauses[sort][order]}`);
  return res.rows;
}

export async function findProductsByIds(db: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<ProductRow & Record<string, unknown>>(sql`
    SELECT ${productSelect} FROM products p WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return res.rows;
}

/** A product with its company (for the tenant check), locked when about to change. */
export async function findProduct(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(products).where(eq(products.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function deleteProductRow(db: DbOrTx, id: string) {
  await db.delete(products).where(eq(products.id, id));
}

/** Unbind (server-design step 5): Pending; NCM, CEST and the integration code cleared. */
export async function clearGlobalLink(db: DbOrTx, id: string, at: Date) {
  await db
    .update(products)
    .set({ status: 'P', ncm: null, cest: null, fiscalServiceReferenceCode: null, updatedAt: at })
    .where(eq(products.id, id));
}

export async function insertProductAudit(
  db: DbOrTx,
  input: { companyId: string; productId: string; description: string; actor: { id: string; name: string } },
) {
  await db.execute(sql`
    INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
    VALUES (${input.companyId}, ${input.productId}, ${input.description}, ${input.actor.id}, ${input.actor.name})`);
}

export async function findProductAudits(db: DbOrTx, productId: string) {
  const res = await db.execute<{ id: number; description: string; createdAt: Date; internalCode: string }>(sql`
    SELECT a.id, a.description, a.created_at AS "createdAt", p.internal_code AS "internalCode"
    FROM product_audits a JOIN products p ON p.id = a.product_id
    WHERE a.product_id = ${productId}
    ORDER BY a.created_at DESC, a.id DESC`);
  return res.rows;
}
