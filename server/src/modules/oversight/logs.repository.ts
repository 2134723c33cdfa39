import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface LogRow {
  id: string;
  createdAt: Date;
  code: number;
  description: string;
  actorName: string | null;
  partnerName: string | null;
  companyName: string | null;
  companyId: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface LogFilter {
  /** Inclusive days (YYYY-MM-DD) in the users' calendar (America/Sao_Paulo). */
  from: string;
  to: string;
  codeRange: [number, number];
  code?: number;
  /** null: every partner (Admin). */
  partnerId: string | null;
}

export function logWhere(f: LogFilter): SQL {
  const parts = [
    sql`e.created_at >= (${f.from}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`,
    sql`e.created_at < ((${f.to}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`,
    sql`e.code BETWEEN ${f.codeRange[0]} AND ${f.codeRange[1]}`,
  ];
  if (f.code !== undefined) parts.push(sql`e.code = ${f.code}`);
  if (f.partnerId !== null) parts.push(sql`e.partner_id = ${f.partnerId}`);
  return sql.join(parts, sql` AND `);
}

/**
 * One page of events in (created_at, id) order after the given key: the export reads a period page by
 * page (indexes of 0550), so neither the server nor the database holds the whole period at once.
 */
export async function findLogPage(
  db: DbOrTx,
  where: SQL,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<LogRow[]> {
  const res = await db.execute<LogRow & Record<string, unknown>>(sql`
    SELECT e.id::text AS id, e.created_at AS "createdAt", e.code, e.description, e.actor_name AS "actorName",
      p.name AS "partnerName", c.nome_fantasia AS "companyName", e.company_id AS "companyId",
      e.entity_id AS "entityId", e.before, e.after
    FROM audit_events e
    LEFT JOIN partners p ON p.id = e.partner_id
    LEFT JOIN companies c ON c.id = e.company_id
    WHERE ${where} ${after ? sql`AND (e.created_at, e.id) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::bigint)` : sql``}
    ORDER BY e.created_at, e.id LIMIT ${limit}`);
  return res.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}
