import type { TCstItem, TCstType } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/cst?type=: CST ICMS, CSOSN, CST IPI, PIS, COFINS or IBS/CBS. */
export const fetchCsts = (type?: TCstType) => apiRequest<TCstItem[]>('/reference/cst', { query: { type } });

export const cstsQueryOptions = (type?: TCstType) =>
  queryOptions({
    queryKey: ['reference', 'cst', type ?? null],
    queryFn: () => fetchCsts(type),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCsts = (type?: TCstType, enabled = true) => useQuery({ ...cstsQueryOptions(type), enabled });
