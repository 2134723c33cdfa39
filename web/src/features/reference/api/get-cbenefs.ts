import type { TCbenefItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/cbenef?uf=: the UF's benefit codes in force (cBenef), with the CSTs each allows. */
export const fetchCbenefs = (uf: string) => apiRequest<TCbenefItem[]>('/reference/cbenef', { query: { uf } });

export const cbenefsQueryOptions = (uf: string) =>
  queryOptions({
    queryKey: ['reference', 'cbenef', uf],
    queryFn: () => fetchCbenefs(uf),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCbenefs = (uf: string | null | undefined) =>
  useQuery({ ...cbenefsQueryOptions(uf ?? ''), enabled: !!uf && /^[A-Z]{2}$/.test(uf) });
