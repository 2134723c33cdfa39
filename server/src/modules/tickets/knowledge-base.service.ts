import { padGtin14, type TKnowledgeBaseTicket } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ticketScopeOf } from './ticket-access.js';
import { toKnowledgeBaseTicket } from './tickets.mapper.js';
import * as repo from './tickets.repository.js';

/** The create modal shows a handful of related tickets, not an archive. */
export const KNOWLEDGE_BASE_LIMIT = 20;

/**
 * GET /tickets/{gtin}/knowledge-base: tickets about products with this GTIN (14-digit form) that the caller
 * may read (the same scope as the lists: a Member never sees other companies', staff never another
 * partner's), newest first, each with its knowledge-base comments.
 */
export async function findKnowledgeBase(db: Db, actor: Actor, gtinDigits: string): Promise<TKnowledgeBaseTicket[]> {
  const gtin = padGtin14(gtinDigits);
  const rows = await repo.findTicketsByGtin(db, gtin, ticketScopeOf(actor), KNOWLEDGE_BASE_LIMIT);
  const comments = await repo.findKnowledgeBaseComments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toKnowledgeBaseTicket(
      r,
      comments.filter((c) => c.ticketId === r.id),
      actor.id,
    ),
  );
}
