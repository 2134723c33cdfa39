import type { TCestFits } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/cest/{code}/fits?ncm=: whether the CEST covers the NCM. */
export const fetchCestFits = (cest: string, ncm: string) =>
  apiRequest<TCestFits>(`/reference/cest/${cest}/fits`, { query: { ncm }, silent: true, noSpinner: true });

export const cestFitsQueryOptions = (cest: string, ncm: string) =>
  queryOptions({
    queryKey: ['reference', 'cest', 'fits', cest, ncm],
    queryFn: () => fetchCestFits(cest, ncm),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCestFits = (cest: string, ncm: string) =>
  useQuery({ ...cestFitsQueryOptions(cest, ncm), enabled: /^\d{7}$/.test(cest) && /^\d{8}$/.test(ncm) });
