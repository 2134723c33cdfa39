import type { TCurrentUser } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /users/me: who is looking at the users list (what they may alter). Same cache key as every /users/me. */
export const useCurrentUser = () =>
  useQuery({
    queryKey: ['users', 'me'],
    queryFn: () => apiRequest<TCurrentUser>('/users/me', { noSpinner: true }),
    staleTime: 60_000,
  });
