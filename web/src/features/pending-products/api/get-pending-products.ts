import type { TPendingPage, TPendingSearchQuery } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PendingQuery = Required<Pick<TPendingSearchQuery, 'field' | 'searchPattern' | 'text'>> & {
  companyId: string;
  page: number;
};

/** GET /products/globalpending: one page (25) of the partner's Pending products. */
export const fetchPendingProducts = (query: PendingQuery) =>
  apiRequest<TPendingPage>('/products/globalpending', { query: { ...query } });

export const pendingProductsQueryOptions = (query: PendingQuery | null) =>
  queryOptions({
    queryKey: ['pending-products', 'list', query],
    queryFn: () => fetchPendingProducts(query as PendingQuery),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePendingProducts = (query: PendingQuery | null) => useQuery(pendingProductsQueryOptions(query));
