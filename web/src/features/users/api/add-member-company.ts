import type { TMemberCompanyParams, TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberCompaniesQueryKey } from './get-member-companies';
import { usersQueryKey } from './get-users';

/** POST /members/{userId}/companies/{companyId}/add → {message}. */
export const addMemberCompany = ({ userId, companyId }: TMemberCompanyParams) =>
  apiRequest<TMessage>(`/members/${encodeURIComponent(userId)}/companies/${encodeURIComponent(companyId)}/add`, {
    method: 'POST',
  });

export function useAddMemberCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addMemberCompany,
    onSuccess: (_res, { userId }) => {
      qc.invalidateQueries({ queryKey: memberCompaniesQueryKey(userId) });
      qc.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
