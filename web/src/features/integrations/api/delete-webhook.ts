import type { TMessage } from '@app/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** DELETE /webhooks/{id}. */
export const deleteWebhook = (id: string) => apiRequest<TMessage>(`/webhooks/${id}`, { method: 'DELETE' });

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (res) => {
      notify('success', res.message);
      return client.invalidateQueries({ queryKey: ['integrations', 'webhooks'] });
    },
  });
}
