import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  countProducts,
  hasOnlyStatusFilters,
  type ListFilters,
  listFilter,
  statusListFilter,
} from './products.repository.js';

/**
 * A company's delta rows beyond which a read folds them: each write statement appends one row per
 * (status, linked) group it changed, and reading a few hundred short rows still costs well under a
 * millisecond, so folding once in a while is enough.
 */
export const COMPACT_AFTER_ROWS = 64;

/** Columns of product_count_deltas for statusFilter (alias `d`). */
export const countColumns = { status: sql`d.status`, linked: sql`d.linked` };

/**
 * Exact number of the company's products matching `condition` (a filter over `countColumns`), as the
 * caller's snapshot sees them: the deltas of a transaction commit with its products, and a
 * transaction sees its own. Folds the company's deltas when there are too many of them, except
 * inside a transaction (its row locks would be held until it ends, and it could fold deltas it wrote).
 */
export async function countProductsByStatus(db: DbOrTx, companyId: string, condition: SQL): Promise<number> {
  const res = await db.execute<{ n: number; rows: number }>(sql`
    SELECT coalesce(sum(d.n) FILTER (WHERE ${condition}), 0)::int AS n, count(*)::int AS rows
    FROM product_count_deltas d WHERE d.company_id = ${companyId}`);
  const { n, rows } = res.rows[0] ?? { n: 0, rows: 0 };
  if (rows > COMPACT_AFTER_ROWS && !(db instanceof PgTransaction)) await compactProductCounts(db, companyId);
  return n;
}

/** The count of GET /products: from the per-company counts when the filters allow, else counted. */
export function countListedProducts(db: DbOrTx, companyId: string, f: ListFilters, isMember: boolean): Promise<number> {
  if (hasOnlyStatusFilters(f)) {
    return countProductsByStatus(db, companyId, statusListFilter(f, isMember, countColumns));
  }
  return countProducts(db, listFilter(companyId, f, isMember));
}

/**
 * Replaces a company's deltas by one row per group with their sum, in one statement (its own
 * transaction). Safe next to any other writer or reader:
 * - it deletes only committed rows its snapshot sees and inserts exactly their sum, so the total of
 *   the company's committed rows is the same before and after it commits (readers see either the
 *   old rows or the sum, never both nor neither: the delete and the insert commit together);
 * - writers only append: their uncommitted rows are invisible to it, so they are kept, and it never
 *   makes a writer wait;
 * - two foldings at once: the second waits on the rows the first deletes; when the first commits,
 *   READ COMMITTED skips those rows (already deleted) and RETURNING holds only what the second
 *   really deleted, so it inserts the sum of those alone — nothing is counted twice. (The first's
 *   new rows are invisible to the second's snapshot and stay.)
 */
export async function compactProductCounts(db: DbOrTx, companyId: string): Promise<void> {
  // The company's dated history (product_daily_counts, 0550) gets one row per write statement too and
  // nothing else reads it per company, so it is folded here, with the same reasoning, to one row per day
  // (only the days that have several: each folded day also passes through partner_daily_counts' triggers,
  // which subtract and add the same sums).
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM product_count_deltas d WHERE d.company_id = ${companyId} RETURNING d.status, d.linked, d.n),
    folded AS (
      INSERT INTO product_count_deltas (company_id, status, linked, n)
      SELECT ${companyId}, g.status, g.linked, sum(g.n) FROM gone g
      GROUP BY g.status, g.linked HAVING sum(g.n) <> 0),
    gone_days AS (
      DELETE FROM product_daily_counts d
      WHERE d.company_id = ${companyId} AND d.day IN (
        SELECT x.day FROM product_daily_counts x WHERE x.company_id = ${companyId} GROUP BY x.day HAVING count(*) > 1)
      RETURNING d.day, d.created, d.classified)
    INSERT INTO product_daily_counts (company_id, day, created, classified)
    SELECT ${companyId}, g.day, sum(g.created), sum(g.classified) FROM gone_days g GROUP BY g.day`);
}
