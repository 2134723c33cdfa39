import type { TCreateUserBody, TUser, TUserList } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /users. Silent: the dialog shows 'Não foi possível cadastrar o usuário, verifique!' itself. */
export const createUser = (body: TCreateUserBody) =>
  apiRequest<TUser>('/users', { method: 'POST', body, silent: true });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // spec 01 §7: the created user goes to the top of the list (not re-sorted until the next load).
    onSuccess: (created) => qc.setQueryData<TUserList>(usersQueryKey, (list) => [created, ...(list ?? [])]),
  });
}
