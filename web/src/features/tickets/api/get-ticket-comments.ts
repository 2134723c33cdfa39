import type { TTicketComment } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /tickets/comments/{ticketId}?lastTicketCommentId: every comment, or only the newer ones (polling).
 * No spinner: the chat asks every 10 s in the background.
 */
export const fetchTicketComments = (ticketId: string, lastTicketCommentId?: number) =>
  apiRequest<TTicketComment[]>(`/tickets/comments/${encodeURIComponent(ticketId)}`, {
    query: { lastTicketCommentId },
    silent: true,
    noSpinner: true,
  });
