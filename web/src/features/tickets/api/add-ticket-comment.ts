import type { TTicketComment, TTicketCommentBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /tickets/comments. Silent: spec 02 §8 ignores non-200 replies of the tickets calls. */
export const addTicketComment = (body: TTicketCommentBody) =>
  apiRequest<TTicketComment>('/tickets/comments', { method: 'POST', body, silent: true });

export const useAddTicketComment = () => useMutation({ mutationFn: addTicketComment });
