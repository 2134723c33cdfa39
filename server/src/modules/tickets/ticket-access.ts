import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { findScopedTicket, type ScopedTicketRow, type TicketScope } from './tickets.repository.js';

/** The tickets an actor may read: Admin all, staff their partner's companies, a Member the linked ones. */
export function ticketScopeOf(actor: Actor, companyId?: string): TicketScope {
  if (actor.role === 'Admin') return { kind: 'all' };
  if (actor.role === 'Member') return { kind: 'member', userId: actor.id, companyId };
  // Staff without a partner would otherwise read nothing; an impossible partner id keeps it that way.
  return { kind: 'partner', partnerId: actor.partnerId ?? '00000000-0000-0000-0000-000000000000' };
}

/**
 * Loads a ticket the actor may act on, or throws. Unknown and foreign tickets read the same (404) so ids
 * cannot be probed; a Member of a blocked company gets COMPANY_BLOCKED, as on every company-scoped call.
 */
export async function findTicketFor(
  db: DbOrTx,
  actor: Actor,
  ticketId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ScopedTicketRow> {
  const ticket = await findScopedTicket(db, ticketId, actor.id, opts);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  if (actor.role === 'Admin') return ticket;
  if (actor.role === 'Member') {
    if (!ticket.isLinked) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.companyStatus === 'Blocked') throw new AppError('COMPANY_BLOCKED');
    return ticket;
  }
  if (ticket.partnerId !== actor.partnerId) throw new AppError('TICKET_NOT_FOUND');
  return ticket;
}
