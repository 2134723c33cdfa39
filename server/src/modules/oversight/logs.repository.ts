import { type SQL, sql } from 'drizzle-orm';

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
