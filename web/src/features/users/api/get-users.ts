import type { TUserList } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /users: the users the caller may manage, sorted by name. */
export const fetchUsers = () => apiRequest<TUserList>('/users');

export const usersQueryKey = ['users', 'list'] as const;

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: fetchUsers });

export const useUsers = () => useQuery(usersQueryOptions());
