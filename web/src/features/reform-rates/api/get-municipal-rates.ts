import type { TMunicipalRate } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /tax/reform-rates/municipal: the IBS municipal rates the Admin set per município and date. */
export const fetchMunicipalRates = () =>
  apiRequest<TMunicipalRate[]>('/tax/reform-rates/municipal', { noSpinner: true });

export const municipalRatesQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'municipal-rates'], queryFn: fetchMunicipalRates, staleTime: 60_000 });

export const useMunicipalRates = () => useQuery(municipalRatesQueryOptions());
