import type { TTicket, TTicketCreateBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /tickets/products. Silent: the dialog shows "Dados inválidos" on a 400 (spec 02 §8). */
export const createTicket = (body: TTicketCreateBody) =>
  apiRequest<TTicket>('/tickets/products', { method: 'POST', body, silent: true });

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
