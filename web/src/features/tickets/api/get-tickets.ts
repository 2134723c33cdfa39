import type { TTicketListResponse } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TicketSide = 'member' | 'partner';

/**
 * GET /tickets (member side) or GET /tickets/partners (partner side): one page, newest first.
 * Silent: spec 02 §8 ignores non-200 replies of the tickets calls. `companyId`: a Member's one company
 * (the selected one); undefined: all of theirs.
 */
export const fetchTickets = (side: TicketSide, page: number, companyId?: string) =>
  apiRequest<TTicketListResponse>(side === 'member' ? '/tickets' : '/tickets/partners', {
    query: { page, companyId },
    silent: true,
  });

export const ticketsQueryOptions = (side: TicketSide, page: number, companyId?: string) =>
  queryOptions({
    queryKey: ['tickets', 'list', side, page, companyId ?? 'all'],
    queryFn: () => fetchTickets(side, page, companyId),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTickets = (side: TicketSide, page: number, companyId?: string) =>
  useQuery(ticketsQueryOptions(side, page, companyId));
