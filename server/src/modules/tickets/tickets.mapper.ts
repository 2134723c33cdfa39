import type { TKnowledgeBaseTicket, TTicket, TTicketComment } from '@app/contract';
import type { CommentRow, TicketListRow } from './tickets.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A ticket row as the API answers it; itsMine is computed for the caller. */
export function toTicket(row: TicketListRow, actorId: string): TTicket {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    comments: row.commentCount,
    createdAt: iso(row.createdAt),
    createdByName: row.createdByName,
    itsMine: row.createdBy === actorId,
    companyId: row.companyId,
    companyNomeFantasia: row.companyNomeFantasia,
    productId: row.productId,
    ticketIdReference: row.ticketIdReference,
    specification: { description: row.productDescription, code: row.productCode, gtin: row.gtin },
  };
}

export function toComment(row: CommentRow, actorId: string): TTicketComment {
  return {
    id: row.id,
    text: row.text,
    createdAt: iso(row.createdAt),
    createdByName: row.createdByName,
    itsMine: row.createdBy === actorId,
    type: row.type,
    commentIdReference: row.commentIdReference,
    knowledgeBase: row.type === 'KnowledgeBase',
  };
}

export function toKnowledgeBaseTicket(
  row: TicketListRow,
  comments: CommentRow[],
  actorId: string,
): TKnowledgeBaseTicket {
  const { comments: _count, ...ticket } = toTicket(row, actorId);
  return { ...ticket, comments: comments.map((c) => toComment(c, actorId)) };
}
