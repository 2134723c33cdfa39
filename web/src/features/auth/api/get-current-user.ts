import type { TCurrentUser } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /users/me: the caller (id, role, partner) and the user permissions (Create/Delete/Import/Export restrict Members). */
export const fetchCurrentUser = () => apiRequest<TCurrentUser>('/users/me', { noSpinner: true });

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me'], queryFn: fetchCurrentUser, staleTime: 60_000 });

export const useCurrentUser = (enabled = true) => useQuery({ ...currentUserQueryOptions(), enabled });
