import type { TCompanyList } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /companies/members/{id}: the companies a Member user is linked to. */
export const fetchMemberCompanies = (userId: string) =>
  apiRequest<TCompanyList>(`/companies/members/${encodeURIComponent(userId)}`);

export const memberCompaniesQueryKey = (userId: string) => ['companies', 'member', userId] as const;

export const memberCompaniesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: memberCompaniesQueryKey(userId), queryFn: () => fetchMemberCompanies(userId) });

export const useMemberCompanies = (userId: string | undefined) =>
  useQuery({ ...memberCompaniesQueryOptions(userId ?? ''), enabled: !!userId });
