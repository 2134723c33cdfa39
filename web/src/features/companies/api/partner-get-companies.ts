import type { TCompanyList } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /companies: the companies the caller may manage, sorted by nome fantasia, each with emUso. */
export const fetchPartnerCompanies = () => apiRequest<TCompanyList>('/companies');

export const partnerCompaniesQueryKey = ['companies', 'list'] as const;

export const partnerCompaniesQueryOptions = () =>
  queryOptions({ queryKey: partnerCompaniesQueryKey, queryFn: fetchPartnerCompanies });

export const usePartnerCompanies = () => useQuery(partnerCompaniesQueryOptions());
