import { canDo, type TTicketComment, type ZTicketCommentBody } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findTicketFor, ticketScopeOf } from './ticket-access.js';
import { queueTicketNotification, TICKET_NOTIFICATION_JOB } from './ticket-notifications.js';
import { TICKET_AUDIT } from './tickets.codes.js';
import { toComment } from './tickets.mapper.js';
import * as repo from './tickets.repository.js';

type CommentBody = z.output<typeof ZTicketCommentBody>;

/** GET /tickets/comments/{ticketId}: the chat, or only what came after lastTicketCommentId (10 s polling). */
export async function listComments(
  db: Db,
  actor: Actor,
  ticketId: string,
  lastTicketCommentId = 0,
): Promise<TTicketComment[]> {
  // One round trip: the access check and the new comments in one statement (bench/README.md "Tickets"), with
  // the same answers as findTicketFor: 404 for unknown and foreign tickets, COMPANY_BLOCKED for a Member.
  const polled = await repo.pollComments(db, ticketScopeOf(actor), ticketId, lastTicketCommentId);
  if (!polled.found) throw new AppError('TICKET_NOT_FOUND');
  if (polled.blocked) throw new AppError('COMPANY_BLOCKED');
  return polled.comments.map((r) => toComment(r, actor.id));
}

/**
 * POST /tickets/comments. Under the ticket's row lock: a Closed ticket refuses, the second and later
 * comments make it Pending (spec 02 §4), and comment ids of one ticket commit in order (polling by id).
 * Only staff may flag knowledge base (spec 02 §6): a Member's flag is ignored, not an error, since the
 * comment itself is legitimate. A staff answer e-mails the ticket's creator.
 */
export async function addComment(app: FastifyInstance, actor: Actor, body: CommentBody): Promise<TTicketComment> {
  const isKnowledgeBase = body.knowledgeBase && canDo(actor.role, 'write', 'knowledge-base');
  const { commentId, notifyCreator } = await app.db.transaction(async (tx) => {
    const ticket = await findTicketFor(tx, actor, body.ticketId, { forUpdate: true });
    if (ticket.status === 'Closed')
      throw new AppError('TICKET_CLOSED', 'Este ticket já foi finalizado e não aceita comentários.');
    if (body.commentIdReference && !(await repo.commentBelongsToTicket(tx, body.commentIdReference, ticket.id))) {
      throw new AppError('TICKET_COMMENT_REFERENCE_NOT_FOUND');
    }
    const id = await repo.insertComment(tx, {
      ticketId: ticket.id,
      companyId: ticket.companyId,
      text: body.text,
      type: isKnowledgeBase ? 'KnowledgeBase' : 'Normal',
      commentIdReference: body.commentIdReference ?? null,
      createdBy: actor.id,
    });
    const commentCount = ticket.commentCount + 1;
    const status = commentCount >= 2 ? 'Pending' : ticket.status;
    await repo.updateTicketState(tx, ticket.id, { status, commentCount });
    await recordAudit(tx, {
      code: TICKET_AUDIT.commented,
      actor,
      partnerId: ticket.partnerId,
      companyId: ticket.companyId,
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status, commentId: id, knowledgeBase: isKnowledgeBase },
    });
    const notifyCreator = actor.role !== 'Member' && ticket.createdBy !== actor.id;
    if (notifyCreator) await queueTicketNotification(app, tx, { kind: 'answered', ticketId: ticket.id, commentId: id });
    return { commentId: id, notifyCreator };
  });
  if (notifyCreator) app.jobs.wake(TICKET_NOTIFICATION_JOB);
  const [row] = await repo.findComments(app.db, body.ticketId, commentId - 1);
  if (!row || row.id !== commentId) throw new Error('comentário recém-criado não encontrado');
  return toComment(row, actor.id);
}
