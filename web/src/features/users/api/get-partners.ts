import type { TPartnerList } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /partners: Admin picks the partner of a new partner-staff or Member user from it. */
export const fetchPartners = () => apiRequest<TPartnerList>('/partners');

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: ['partners', 'list'], queryFn: fetchPartners, staleTime: 5 * 60_000 });

export const usePartners = (enabled: boolean) => useQuery({ ...partnersQueryOptions(), enabled });
