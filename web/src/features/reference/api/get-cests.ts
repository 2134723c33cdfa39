import type { TCestItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/cest: the CESTs that fit the NCM (most specific first), or every CEST without one. */
export const fetchCests = (params: { ncm?: string; q?: string; limit?: number }) =>
  apiRequest<TCestItem[]>('/reference/cest', { query: { limit: 1000, ...params }, noSpinner: true });

export const cestsQueryOptions = (params: { ncm?: string; q?: string }) =>
  queryOptions({
    queryKey: ['reference', 'cest', params.ncm ?? null, params.q ?? null],
    queryFn: () => fetchCests(params),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCests = (params: { ncm?: string; q?: string }) => useQuery(cestsQueryOptions(params));
