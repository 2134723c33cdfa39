import type { TIndicators } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /companies/indicators/common?companyId. */
export const fetchIndicators = (companyId: string) =>
  apiRequest<TIndicators>('/companies/indicators/common', { query: { companyId } });

// Under ['indicators'] so that selecting another company clears it with the products cache (spec 01 §4).
export const indicatorsQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: ['indicators', companyId], queryFn: () => fetchIndicators(companyId) });

export const useIndicators = (companyId: string) => useQuery(indicatorsQueryOptions(companyId));
