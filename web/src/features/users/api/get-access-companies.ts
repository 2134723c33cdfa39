import type { TCompanyList } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /companies: the companies the caller manages, searched locally by nome fantasia in the
 * access-control dialog. Same key as the companies screen, so both share one cached list.
 */
export const fetchAccessCompanies = () => apiRequest<TCompanyList>('/companies');

export const accessCompaniesQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'list'], queryFn: fetchAccessCompanies });

export const useAccessCompanies = (enabled: boolean) => useQuery({ ...accessCompaniesQueryOptions(), enabled });
