import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Ticket counts of the dashboard. The tickets table belongs to the support issue (11), on its own
 * branch: until it is merged these are zero, and this one function becomes the count over its
 * statuses (Open, Pending, Closed) within `scope` (alias `c` for companies).
 */
export async function countTicketsByStatus(
  _db: DbOrTx,
  _scope: SQL,
): Promise<{ open: number; pending: number; closed: number }> {
  return { open: 0, pending: 0, closed: 0 };
}
