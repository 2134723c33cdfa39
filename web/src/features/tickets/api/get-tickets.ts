import type { TTicketListResponse } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TicketSide = 'member' | 'partner';

/**
 * GET /tickets (member side) or GET /tickets/partners (partner side): one page, newest first.
 * Silent: spec 02 §8 ignores non-200 replies of the tickets calls.
 */
export const fetchTickets = (side: TicketSide, page: number) =>
  apiRequest<TTicketListResponse>(side === 'member' ? '/tickets' : '/tickets/partners', {
    query: { page },
    silent: true,
  });

export const ticketsQueryOptions = (side: TicketSide, page: number) =>
  queryOptions({
    queryKey: ['tickets', 'list', side, page],
    queryFn: () => fetchTickets(side, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTickets = (side: TicketSide, page: number) => useQuery(ticketsQueryOptions(side, page));
