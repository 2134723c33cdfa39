import type { TProductListResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /products for the create modal's product choice (opened from the tickets list's add button): the
 * company's products of every status whose description contains the text — a ticket is as often about a
 * product still pending classification (issue 38) as about a classified one. No status flag = every status
 * the caller may see (Members never see InAudit).
 */
export const fetchTicketProducts = (companyId: string, text: string) =>
  apiRequest<TProductListResponse>('/products', {
    query: { companyId, field: 'description', text },
    silent: true,
    noSpinner: true,
  });

export const useTicketProducts = (companyId: string, text: string, enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: ['tickets', 'products', companyId, text],
      queryFn: () => fetchTicketProducts(companyId, text),
    }),
    enabled,
  });
