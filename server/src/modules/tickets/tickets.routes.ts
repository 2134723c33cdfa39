import {
  ZKnowledgeBaseParam,
  ZKnowledgeBaseTicket,
  ZMessage,
  ZTicket,
  ZTicketCloseBody,
  ZTicketComment,
  ZTicketCommentBody,
  ZTicketCommentsQuery,
  ZTicketCreateBody,
  ZTicketIdParam,
  ZTicketListQuery,
  ZTicketListResponse,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import './tickets.codes.js';
import { findKnowledgeBase } from './knowledge-base.service.js';
import { addComment, listComments } from './ticket-comments.service.js';
import { closeTicket, createTicket, getTicket, listTickets } from './tickets.service.js';

const tags = ['Tickets'];

/**
 * Support tickets (spec 02 §7 Tickets). 'read:ticket' / 'write:ticket' at any scope let a role in; the
 * services then check the ticket's company (Member linked and not blocked, staff of its partner, Admin).
 * The staff queue needs 'read:ticket-queue', which Members do not hold.
 */
export default async function ticketsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.requirePermission('read:ticket') };
  const write = { preHandler: app.requirePermission('write:ticket') };
  const actorOf = (request: { actor: Actor | null }) => request.actor as Actor;

  app.post(
    '/tickets/products',
    {
      ...write,
      schema: { tags, summary: 'Abre um ticket sobre um produto', body: ZTicketCreateBody, response: { 200: ZTicket } },
    },
    async (req) => createTicket(app, actorOf(req), req.body),
  );

  app.get(
    '/tickets',
    {
      ...read,
      schema: {
        tags,
        summary: 'Tickets das empresas do usuário (mais novos primeiro); companyId: só os dessa empresa',
        querystring: ZTicketListQuery,
        response: { 200: ZTicketListResponse },
      },
    },
    async (req) => listTickets(app.db, actorOf(req), req.query.page, req.query.companyId),
  );

  app.get(
    '/tickets/partners',
    {
      preHandler: app.requirePermission('read:ticket-queue'),
      schema: {
        tags,
        summary: 'Tickets das empresas do parceiro (Admin: todos)',
        querystring: ZTicketListQuery,
        response: { 200: ZTicketListResponse },
      },
    },
    async (req) => listTickets(app.db, actorOf(req), req.query.page),
  );

  app.get(
    '/tickets/:ticketId',
    { ...read, schema: { tags, summary: 'Um ticket', params: ZTicketIdParam, response: { 200: ZTicket } } },
    async (req) => getTicket(app.db, actorOf(req), req.params.ticketId),
  );

  app.get(
    '/tickets/comments/:ticketId',
    {
      ...read,
      schema: {
        tags,
        summary: 'Comentários do ticket (após lastTicketCommentId, para a consulta periódica)',
        params: ZTicketIdParam,
        querystring: ZTicketCommentsQuery,
        response: { 200: z.array(ZTicketComment) },
      },
    },
    async (req) => listComments(app.db, actorOf(req), req.params.ticketId, req.query.lastTicketCommentId),
  );

  app.post(
    '/tickets/comments',
    {
      ...write,
      schema: { tags, summary: 'Comenta no ticket', body: ZTicketCommentBody, response: { 200: ZTicketComment } },
    },
    async (req) => addComment(app, actorOf(req), req.body),
  );

  app.post(
    '/tickets/close',
    { ...write, schema: { tags, summary: 'Finaliza o ticket', body: ZTicketCloseBody, response: { 200: ZMessage } } },
    async (req) => closeTicket(app.db, actorOf(req), req.body.ticketId),
  );

  app.get(
    '/tickets/:gtin/knowledge-base',
    {
      ...read,
      schema: {
        tags,
        summary: 'Tickets relacionados pelo GTIN, com os comentários da base de conhecimento',
        params: ZKnowledgeBaseParam,
        response: { 200: z.array(ZKnowledgeBaseTicket) },
      },
    },
    async (req) => findKnowledgeBase(app.db, actorOf(req), req.params.gtin),
  );
}
