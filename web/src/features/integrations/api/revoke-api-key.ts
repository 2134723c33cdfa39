import type { TMessage } from '@app/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** DELETE /api-keys/{id}: revoked at once. */
export const revokeApiKey = (id: string) => apiRequest<TMessage>(`/api-keys/${id}`, { method: 'DELETE' });

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (res) => {
      notify('success', res.message);
      return client.invalidateQueries({ queryKey: ['integrations', 'keys'] });
    },
  });
}
