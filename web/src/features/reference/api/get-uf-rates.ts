import type { TUfRate } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/uf-rates: internal ICMS rate and FCP of each UF, in percent. */
export const fetchUfRates = () => apiRequest<TUfRate[]>('/reference/uf-rates');

export const ufRatesQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'uf-rates'], queryFn: fetchUfRates, staleTime: Number.POSITIVE_INFINITY });

export const useUfRates = () => useQuery(ufRatesQueryOptions());
