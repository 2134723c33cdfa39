import type { TCclasstribItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /reference/cclasstrib?ncm=: every cClassTrib, the codes an annex of LC 214/2025 gives the NCM first, with
 * their annex (decision 062). Without a complete NCM, the plain list.
 */
export const fetchLawCclasstribs = (ncm: string | undefined) =>
  apiRequest<TCclasstribItem[]>('/reference/cclasstrib', { query: { ncm }, noSpinner: true });

export const useLawCclasstribs = (ncm: string | undefined) =>
  useQuery({
    ...queryOptions({
      queryKey: ['reference', 'cclasstrib', 'law', ncm ?? null],
      queryFn: () => fetchLawCclasstribs(ncm),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  });
