import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The log export's page (decision 030): exact keys for the next page (a JS Date cut microseconds, so
 * `(created_at, id) > key` could repeat a row) and the São Paulo time as text. Formatting the before/after
 * snapshots here as well was measured: it cost the database 6–9 s of CPU per 1M rows to save Node ~1.3 s, so the
 * snapshots still come as jsonb for describeSnapshot.
 */
export interface LogTextRow {
  /** created_at exactly (microseconds), for the next page's key. */
  key: string;
  id: string;
  /** created_at in São Paulo, ISO text (`YYYY-MM-DD HH:MI:SS[.ffffff]`). */
  local: string;
  code: number;
  description: string;
  actorName: string | null;
  partnerName: string | null;
  /** The company's name, else its id. */
  company: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export type LogKey = { key: string; id: string };

/** One page in (created_at, id) order after `after` (exact keys: a JS Date would cut microseconds). */
export async function findLogTextPage(
  db: DbOrTx,
  where: SQL,
  after: LogKey | null,
  limit: number,
): Promise<LogTextRow[]> {
  const res = await db.execute<LogTextRow & Record<string, unknown>>(sql`
    SELECT e.created_at::text AS key, e.id::text AS id, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::text AS local,
      e.code, e.description, e.actor_name AS "actorName", p.name AS "partnerName",
      coalesce(c.nome_fantasia, e.company_id::text) AS company, e.entity_id AS "entityId", e.before, e.after
    FROM audit_events e
    LEFT JOIN partners p ON p.id = e.partner_id
    LEFT JOIN companies c ON c.id = e.company_id
    WHERE ${where} ${after ? sql`AND (e.created_at, e.id) > (${after.key}::timestamptz, ${after.id}::bigint)` : sql``}
    ORDER BY e.created_at, e.id LIMIT ${limit}`);
  return res.rows;
}
