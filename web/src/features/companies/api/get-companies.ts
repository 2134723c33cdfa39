import type { TCompany } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /companies: the companies the caller may open, sorted by nome fantasia (server-side). */
export const fetchCompanies = () => apiRequest<TCompany[]>('/companies');

// Same key as the partner screen's list: both read the same endpoint, so they share one cache.
export const companiesQueryOptions = () => queryOptions({ queryKey: ['companies', 'list'], queryFn: fetchCompanies });

export const useCompanies = () => useQuery(companiesQueryOptions());
