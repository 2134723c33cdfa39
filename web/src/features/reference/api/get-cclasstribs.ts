import type { TCclasstribItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/cclasstrib?cst=: cClassTrib of IBS/CBS with reductions and validity. */
export const fetchCclasstribs = (cst?: string) =>
  apiRequest<TCclasstribItem[]>('/reference/cclasstrib', { query: { cst } });

export const cclasstribsQueryOptions = (cst?: string) =>
  queryOptions({
    queryKey: ['reference', 'cclasstrib', cst ?? null],
    queryFn: () => fetchCclasstribs(cst),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCclasstribs = (cst?: string, enabled = true) => useQuery({ ...cclasstribsQueryOptions(cst), enabled });
