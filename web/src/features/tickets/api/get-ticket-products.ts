import type { TProductListResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /products for the create modal's product choice (opened from the tickets list's add button):
 * the company's Classified products whose description contains the text (spec 02 §6: open ticket → Classified).
 */
export const fetchTicketProducts = (companyId: string, text: string) =>
  apiRequest<TProductListResponse>('/products', {
    query: { companyId, field: 'description', text, classified: true, pending: false, returned: false, inAudit: false },
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
