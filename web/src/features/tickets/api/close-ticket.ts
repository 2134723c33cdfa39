import type { TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /tickets/close: the ticket becomes Closed on a 200 (spec 02 §4). */
export const closeTicket = (ticketId: string) =>
  apiRequest<TMessage>('/tickets/close', { method: 'POST', body: { ticketId }, silent: true });

export function useCloseTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSettled: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
