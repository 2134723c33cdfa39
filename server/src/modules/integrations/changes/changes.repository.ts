import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

export interface ChangeRow extends Record<string, unknown> {
  seq: number;
  id: number;
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
 */
export async function findChangesAfter(db: DbOrTx, companyId: string, seq: number, id: number, limit: number) {
  // Commit by commit, each an index range of the events' primary key cut by the LIMIT: a single
  // (seq, id) range re-read and sorted whole commits on every page (110k events took 17–28 s). Several
  // statements are safe: a commit's events become visible together, and numbers have no gaps.
  const rows: ChangeRow[] = [];
  const commits = await db.execute<{ seq: number; xid: string }>(sql`
    SELECT seq, xid::text AS xid FROM change_commits
    WHERE company_id = ${companyId} AND seq >= ${seq} ORDER BY seq LIMIT ${limit + 1}`);
  for (const commit of commits.rows) {
    const after = commit.seq === seq ? id : 0;
    const res = await db.execute<ChangeRow>(sql`
      SELECT ${commit.seq}::bigint AS seq, e.id, e.event, e.at, e.product_id, e.internal_code, e.before, e.after
      FROM product_changes e
      WHERE e.company_id = ${companyId} AND e.xid = ${commit.xid}::xid8 AND e.id > ${after}
      ORDER BY e.id LIMIT ${limit - rows.length}`);
    rows.push(...res.rows);
    if (rows.length >= limit) break;
  }
  return rows;
}

/** The company's last numbered commit: where a new webhook starts. */
export async function findLastSeq(db: DbOrTx, companyId: string): Promise<number> {
  const res = await db.execute<{ last: number | null }>(
    sql`SELECT max(seq) AS last FROM change_commits WHERE company_id = ${companyId}`,
  );
  return Number(res.rows[0]?.last ?? 0);
}
