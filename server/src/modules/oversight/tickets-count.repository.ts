import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Ticket counts of the dashboard: the per-(company, status) counters the tickets module keeps by
 * trigger (0541 ticket_counts), summed over the scope's companies (alias `c`) — never counted over tickets.
 */
export async function countTicketsByStatus(
  db: DbOrTx,
  scope: SQL,
): Promise<{ open: number; pending: number; closed: number }> {
  const res = await db.execute<{ open: number; pending: number; closed: number }>(sql`
    SELECT coalesce(sum(t.n) FILTER (WHERE t.status = 'Open'), 0)::int AS open,
      coalesce(sum(t.n) FILTER (WHERE t.status = 'Pending'), 0)::int AS pending,
      coalesce(sum(t.n) FILTER (WHERE t.status = 'Closed'), 0)::int AS closed
    FROM ticket_counts t JOIN companies c ON c.id = t.company_id
    WHERE ${scope}`);
  return res.rows[0] ?? { open: 0, pending: 0, closed: 0 };
}
