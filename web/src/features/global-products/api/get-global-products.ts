import type { TGlobalProductSearchQuery, TSharedProductPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type GlobalProductsQuery = TGlobalProductSearchQuery & { page: number };

/** GET /products/global: one page of the shared base (member: with the company, its UF and `my`). */
export const fetchGlobalProducts = (query: GlobalProductsQuery) =>
  apiRequest<TSharedProductPage>('/products/global', { query: { ...query } });

export const globalProductsQueryOptions = (query: GlobalProductsQuery) =>
  queryOptions({
    queryKey: ['global-products', 'list', query],
    queryFn: () => fetchGlobalProducts(query),
    placeholderData: keepPreviousData,
  });

export const useGlobalProducts = (query: GlobalProductsQuery | null) =>
  useQuery({ ...globalProductsQueryOptions(query ?? { uf: 'SP', text: '', page: 1 }), enabled: query !== null });
