import type { healthFindingKinds } from '@app/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { healthChecks } from '../../../db/schema/index.js';
import { insertFindingsSql } from './health-check.sql.js';
import { insertRuleBookFindings } from './health-rule-book.js';

export type HealthCheckRow = typeof healthChecks.$inferSelect;

export async function insertHealthCheck(db: DbOrTx, companyId: string, userId: string | null) {
  const [row] = await db.insert(healthChecks).values({ companyId, userId }).returning();
  return row!;
}

export async function findHealthCheck(db: DbOrTx, id: string) {
  const [row] = await db.select().from(healthChecks).where(eq(healthChecks.id, id));
  return row;
}

export async function findLatestHealthCheck(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(healthChecks)
    .where(eq(healthChecks.companyId, companyId))
    .orderBy(desc(healthChecks.createdAt))
    .limit(1);
  return row;
}

export async function updateHealthCheck(db: DbOrTx, id: string, values: Partial<HealthCheckRow>) {
  await db.update(healthChecks).set(values).where(eq(healthChecks.id, id));
}

/** Runs every rule and stores the findings; answers how many findings and products there were. */
export async function runHealthRules(db: DbOrTx, check: HealthCheckRow) {
  await db.execute(insertFindingsSql(check.id, check.companyId, check.referenceDate));
  await insertRuleBookFindings(db, check.id, check.companyId, check.referenceDate);
  const res = await db.execute<{ findings: number; products: number } & Record<string, unknown>>(sql`
    SELECT (SELECT count(*)::int FROM health_findings WHERE check_id = ${check.id}) AS findings,
           (SELECT count(*)::int FROM products WHERE company_id = ${check.companyId}) AS products`);
  return res.rows[0]!;
}

export async function countFindingsByKind(db: DbOrTx, checkId: string) {
  const res = await db.execute<{ kind: string; count: number } & Record<string, unknown>>(sql`
    SELECT f.kind, count(*)::int AS count FROM health_findings f
    JOIN products p ON p.id = f.product_id
    WHERE f.check_id = ${checkId} GROUP BY f.kind`);
  const res2 = await db.execute<{ n: number } & Record<string, unknown>>(sql`
    SELECT count(DISTINCT f.product_id)::int AS n FROM health_findings f
    JOIN products p ON p.id = f.product_id WHERE f.check_id = ${checkId}`);
  return { byKind: new Map(res.rows.map((r) => [r.kind, r.count])), products: res2.rows[0]?.n ?? 0 };
}

export interface FindingRow {
  productId: string;
  internalCode: string;
  description: string;
  kind: (typeof healthFindingKinds)[number];
  detail: string;
  proposal: string | null;
  /** The rule book's rejection code and rule id ("778 · I05-20") for the findings it decided. */
  ruleCode: string | null;
}

/** One page of findings (or every finding when limit is null: the XLSX), in product code order. */
export async function findFindings(
  db: DbOrTx,
  checkId: string,
  opts: { kind?: string; limit: number | null; offset: number },
): Promise<{ rows: FindingRow[]; total: number }> {
  const kindFilter = opts.kind ? sql`AND f.kind = ${opts.kind}` : sql``;
  const page = opts.limit === null ? sql`` : sql`LIMIT ${opts.limit} OFFSET ${opts.offset}`;
  const res = await db.execute<FindingRow & Record<string, unknown>>(sql`
    SELECT f.product_id AS "productId", p.internal_code AS "internalCode", p.description, f.kind, f.detail,
      f.proposal, f.rule_code AS "ruleCode"
    FROM health_findings f JOIN products p ON p.id = f.product_id
    WHERE f.check_id = ${checkId} ${kindFilter}
    ORDER BY p.internal_code, f.kind ${page}`);
  const total = await db.execute<{ n: number } & Record<string, unknown>>(sql`
    SELECT count(*)::int AS n FROM health_findings f JOIN products p ON p.id = f.product_id
    WHERE f.check_id = ${checkId} ${kindFilter}`);
  return { rows: res.rows, total: total.rows[0]?.n ?? 0 };
}

export async function findLatestDoneHealthCheck(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(healthChecks)
    .where(and(eq(healthChecks.companyId, companyId), eq(healthChecks.status, 'Done')))
    .orderBy(desc(healthChecks.createdAt))
    .limit(1);
  return row;
}

export const deleteFindingsSql = (checkId: string) => sql`DELETE FROM health_findings WHERE check_id = ${checkId}`;

/**
 * The reform simulation's flag (decision 062): per product of the company, the cClassTrib the law backs for its
 * NCM when its rule taxes it in full, from the last finished health check. Empty before any check ran.
 */
export async function findAnnexIgnoredByProduct(db: DbOrTx, companyId: string, productIds?: string[]) {
  const only = productIds ? sql`AND f.product_id = ANY(${`{${productIds.join(',')}}`}::uuid[])` : sql``;
  const res = await db.execute<{ productId: string; detail: string; proposal: string } & Record<string, unknown>>(sql`
    SELECT f.product_id AS "productId", f.detail, f.proposal FROM health_findings f
    WHERE f.kind = 'CCLASSTRIB_ANNEX_IGNORED' AND f.check_id = (
      SELECT id FROM health_checks WHERE company_id = ${companyId} AND status = 'Done' ORDER BY created_at DESC LIMIT 1)
      ${only}`);
  return new Map(res.rows.map((r) => [r.productId, { detail: r.detail, proposed: r.proposal.split(',') }]));
}
