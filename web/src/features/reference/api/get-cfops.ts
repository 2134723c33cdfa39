import type { TCfopItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/cfop: CFOPs, optionally of one direction (in = entrada, out = saída). */
export const fetchCfops = (params: { direction?: 'in' | 'out'; q?: string }) =>
  apiRequest<TCfopItem[]>('/reference/cfop', { query: params });

export const cfopsQueryOptions = (params: { direction?: 'in' | 'out'; q?: string } = {}) =>
  queryOptions({
    queryKey: ['reference', 'cfop', params.direction ?? null, params.q ?? null],
    queryFn: () => fetchCfops(params),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCfops = (params: { direction?: 'in' | 'out'; q?: string } = {}, enabled = true) =>
  useQuery({ ...cfopsQueryOptions(params), enabled });
