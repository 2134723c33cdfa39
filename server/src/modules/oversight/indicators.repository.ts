import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface StatusCounts {
  pending: number;
  classified: number;
  returned: number;
  inAudit: number;
  amount: number;
  rows: number;
}

/** One company's products by status, summed from product_count_deltas (0470). */
export async function findStatusCounts(db: DbOrTx, companyId: string): Promise<StatusCounts> {
  const res = await db.execute<StatusCounts & Record<string, unknown>>(sql`
    SELECT coalesce(sum(d.n) FILTER (WHERE d.status = 'P'), 0)::int AS pending,
      coalesce(sum(d.n) FILTER (WHERE d.status = 'F'), 0)::int AS classified,
      coalesce(sum(d.n) FILTER (WHERE d.status = 'D'), 0)::int AS returned,
      coalesce(sum(d.n) FILTER (WHERE d.status = 'A'), 0)::int AS "inAudit",
      coalesce(sum(d.n), 0)::int AS amount, count(*)::int AS rows
    FROM product_count_deltas d WHERE d.company_id = ${companyId}`);
  return res.rows[0] ?? { pending: 0, classified: 0, returned: 0, inAudit: 0, amount: 0, rows: 0 };
}

/** The history table shows the latest batches: a company importing daily for years stays one short read. */
export const HISTORY_LIMIT = 500;

/** Classification batches recorded at creation and import (0400 classification_batches), newest first. */
export async function findClassificationHistory(db: DbOrTx, companyId: string) {
  const res = await db.execute<{ id: string; createdAt: string; sent: number; classified: number }>(sql`
    SELECT b.id, to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      b.sent, b.classified
    FROM classification_batches b WHERE b.company_id = ${companyId}
    ORDER BY b.created_at DESC, b.id LIMIT ${HISTORY_LIMIT}`);
  return res.rows;
}

/** Change-check runs (0530 product_change_checks, GET /products/fiscalservice/consult), newest first. */
export async function findChangeCheckHistory(db: DbOrTx, companyId: string) {
  const res = await db.execute<{
    id: string;
    createdAt: string;
    amount: number;
    missing: number;
    changed: number;
    finished: number;
  }>(sql`
    SELECT c.id, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      c.amount, c.missing, c.changed, c.finished
    FROM product_change_checks c WHERE c.company_id = ${companyId}
    ORDER BY c.created_at DESC, c.id LIMIT ${HISTORY_LIMIT}`);
  return res.rows;
}
