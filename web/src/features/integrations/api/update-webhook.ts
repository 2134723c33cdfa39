import type { TWebhook, TWebhookUpdateBody } from '@app/contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /webhooks/{id}: URL, events, or enabled. */
export const updateWebhook = ({ id, ...body }: TWebhookUpdateBody & { id: string }) =>
  apiRequest<TWebhook>(`/webhooks/${id}`, { method: 'PUT', body });

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: ['integrations', 'webhooks'] }),
  });
}
