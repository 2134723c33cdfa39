import type { TTicket } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /tickets/{id}: the chat's header (refetched with the comments, so a close elsewhere shows). */
export const fetchTicket = (ticketId: string) =>
  apiRequest<TTicket>(`/tickets/${encodeURIComponent(ticketId)}`, { silent: true, noSpinner: true });

export const ticketQueryOptions = (ticketId: string) =>
  queryOptions({ queryKey: ['tickets', 'one', ticketId], queryFn: () => fetchTicket(ticketId), staleTime: 0 });

export const useTicket = (ticketId: string | null) =>
  useQuery({ ...ticketQueryOptions(ticketId ?? ''), enabled: !!ticketId });
