import type { TMemberCompanyParams, TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberCompaniesQueryKey } from './get-member-companies';
import { usersQueryKey } from './get-users';

/** DELETE /members/{userId}/companies/{companyId}/delete → {message}. */
export const removeMemberCompany = ({ userId, companyId }: TMemberCompanyParams) =>
  apiRequest<TMessage>(`/members/${encodeURIComponent(userId)}/companies/${encodeURIComponent(companyId)}/delete`, {
    method: 'DELETE',
  });

export function useRemoveMemberCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMemberCompany,
    onSuccess: (_res, { userId }) => {
      qc.invalidateQueries({ queryKey: memberCompaniesQueryKey(userId) });
      qc.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
