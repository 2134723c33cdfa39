import {
  TICKETS_PAGE_SIZE,
  type TMessage,
  type TTicket,
  type TTicketListResponse,
  type ZTicketCreateBody,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findUsableCompany } from '../../lib/company-access.js';
import { findTicketFor, ticketScopeOf } from './ticket-access.js';
import { queueTicketNotification, TICKET_NOTIFICATION_JOB } from './ticket-notifications.js';
import { TICKET_AUDIT } from './tickets.codes.js';
import { toTicket } from './tickets.mapper.js';
import * as repo from './tickets.repository.js';

type CreateBody = z.output<typeof ZTicketCreateBody>;

/**
 * POST /tickets/products: a ticket about one product of a company the caller may use (a Member's linked,
 * not blocked company; staff of its partner; Admin). It starts Open; staff are told by e-mail when a
 * Member opens one (queued by the ticket's transaction, sent by a worker: mail never slows or fails the request).
 */
export async function createTicket(app: FastifyInstance, actor: Actor, body: CreateBody): Promise<TTicket> {
  const ticketId = await app.db.transaction(async (tx) => {
    const company = await findUsableCompany(tx, actor, body.companyId);
    const product = await repo.findProductOfCompany(tx, body.productId, company.id);
    if (!product) throw new AppError('TICKET_PRODUCT_NOT_FOUND');
    if (body.ticketIdReference && !(await repo.ticketExistsInScope(tx, body.ticketIdReference, ticketScopeOf(actor)))) {
      throw new AppError('TICKET_REFERENCE_NOT_FOUND');
    }
    const id = await repo.insertTicket(tx, {
      partnerId: company.partnerId,
      companyId: company.id,
      productId: product.id,
      productCode: product.internalCode,
      productDescription: product.description,
      gtin: product.gtin,
      title: body.title,
      description: body.description,
      ticketIdReference: body.ticketIdReference ?? null,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      code: TICKET_AUDIT.opened,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: id,
      after: { title: body.title, description: body.description, productId: product.id },
    });
    if (actor.role === 'Member') await queueTicketNotification(app, tx, { kind: 'opened', ticketId: id });
    return id;
  });
  app.jobs.wake(TICKET_NOTIFICATION_JOB);
  return getTicket(app.db, actor, ticketId);
}

export async function getTicket(db: Db, actor: Actor, ticketId: string): Promise<TTicket> {
  return toTicket(await findTicketFor(db, actor, ticketId), actor.id);
}

/**
 * GET /tickets (a Member: the linked companies' tickets; staff and Admin: their queue) and
 * GET /tickets/partners (staff only, by route permission). Newest first, one page.
 */
export async function listTickets(
  db: Db,
  actor: Actor,
  page: number,
  companyId?: string,
): Promise<TTicketListResponse> {
  const scope = ticketScopeOf(actor, companyId);
  // Not in a transaction: the count and the page run at once on two pool connections.
  const [count, rows] = await Promise.all([repo.countTickets(db, scope), repo.findTicketPage(db, scope, page)]);
  return {
    count,
    pages: Math.max(1, Math.ceil(count / TICKETS_PAGE_SIZE)),
    currentPage: page,
    objects: rows.map((r) => toTicket(r, actor.id)),
  };
}

/** POST /tickets/close: Closed for good; a closed ticket takes no comments and cannot be closed again. */
export async function closeTicket(db: Db, actor: Actor, ticketId: string): Promise<TMessage> {
  await db.transaction(async (tx) => {
    const ticket = await findTicketFor(tx, actor, ticketId, { forUpdate: true });
    // A Member closes a co-worker's ticket only with "Gravar"; their own always (decision 020, issue 24).
    if (actor.role === 'Member' && ticket.createdBy !== actor.id && !actor.permissions.includes('Create')) {
      throw new AppError('TICKET_CLOSE_DENIED');
    }
    if (ticket.status === 'Closed') throw new AppError('TICKET_CLOSED');
    await repo.updateTicketState(tx, ticket.id, { status: 'Closed', closedBy: actor.id });
    await recordAudit(tx, {
      code: TICKET_AUDIT.closed,
      actor,
      partnerId: ticket.partnerId,
      companyId: ticket.companyId,
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status: 'Closed' },
    });
  });
  return { message: 'Ticket finalizado com sucesso!' };
}
