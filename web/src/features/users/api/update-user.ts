import type { TUpdateUserBody, TUser, TUserList } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** PUT /users with the id in the body. Silent: the dialog shows 'Não foi possível alterar o usuário!'. */
export const updateUser = (body: TUpdateUserBody) => apiRequest<TUser>('/users', { method: 'PUT', body, silent: true });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (updated) =>
      qc.setQueryData<TUserList>(usersQueryKey, (list) => list?.map((u) => (u.id === updated.id ? updated : u))),
  });
}
