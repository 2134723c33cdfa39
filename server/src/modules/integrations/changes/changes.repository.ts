import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/** seq and id come back as text: a cursor is printed from their exact digits (bigints pass 2^53). */
export interface ChangeRow extends Record<string, unknown> {
  seq: string;
  id: string;
  event: string;
  at: Date;
  product_id: string;
  internal_code: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * A company's events after (seq, id), in commit order (0700: seq numbers the committed transactions of
 * the company in the order they committed; id orders the events of one transaction). Only numbered
 * commits are read, and a number is handed out only after the previous one is visible, so a page never
 * skips an event that commits later.
 *
 * One statement (decision 044): the next commits by seq (one more than the page: the cursor's own may have
 * nothing left), each an index range of the events' key cut by the LIMIT (a LATERAL per commit), merged by
 * an incremental sort that stops at the page's end. A single (seq, id) range re-read and sorted whole
 * commits on every page; a query per commit cost a round trip each.
 */
export async function findChangesAfter(
  db: DbOrTx,
  companyId: string,
  seq: number | string,
  id: number | string,
  limit: number,
) {
  const res = await db.execute<ChangeRow>(sql`
    SELECT c.seq::text AS seq, e.id::text AS id, e.event, e.at, e.product_id, e.internal_code, e.before, e.after
    FROM (SELECT seq, xid FROM change_commits WHERE company_id = ${companyId} AND seq >= ${seq}::bigint
          ORDER BY seq LIMIT ${limit + 1}) c
    CROSS JOIN LATERAL (
      SELECT e.id, e.event, e.at, e.product_id, e.internal_code, e.before, e.after FROM product_changes e
      WHERE e.company_id = ${companyId} AND e.xid = c.xid
        AND e.id > CASE WHEN c.seq = ${seq}::bigint THEN ${id}::bigint ELSE 0 END
      ORDER BY e.id LIMIT ${limit}) e
    ORDER BY c.seq, e.id LIMIT ${limit}`);
  return res.rows;
}

/** The company's last numbered commit: where a new webhook starts. */
export async function findLastSeq(db: DbOrTx, companyId: string): Promise<number> {
  const res = await db.execute<{ last: number | null }>(
    sql`SELECT max(seq) AS last FROM change_commits WHERE company_id = ${companyId}`,
  );
  return Number(res.rows[0]?.last ?? 0);
}
