import type { TReformRate } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /tax/reform-rates: the CBS/IBS reference rates 2026–2033, estimates marked. */
export const fetchReformRates = () => apiRequest<TReformRate[]>('/tax/reform-rates', { noSpinner: true });

export const reformRatesQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'reform-rates'], queryFn: fetchReformRates, staleTime: 60_000 });

export const useReformRates = () => useQuery(reformRatesQueryOptions());
