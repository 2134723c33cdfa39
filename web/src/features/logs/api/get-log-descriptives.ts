import type { TLogDescriptive } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /users/partners/logs/descriptives: every code the platform records and its description. */
export const fetchLogDescriptives = () => apiRequest<TLogDescriptive[]>('/users/partners/logs/descriptives');

// The list changes only with a new server version.
export const logDescriptivesQueryOptions = () =>
  queryOptions({
    queryKey: ['logs', 'descriptives'],
    queryFn: fetchLogDescriptives,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLogDescriptives = () => useQuery(logDescriptivesQueryOptions());
